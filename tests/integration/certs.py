"""A self-signed CA and a broker certificate for 127.0.0.1, made with ``openssl`` at test time (no key
material is kept in the repository): the CA's PEM for clients to trust, the broker's PKCS12
keystore for Kafka's TLS listener, and a second CA that signed nothing the broker holds."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

PASSWORD = "keystore-secret"


@dataclass(frozen=True)
class Certs:
    ca: Path
    """The CA that signed the broker's certificate (PEM): what a client trusts."""
    other_ca: Path
    """A CA that signed nothing the broker holds: a client trusting only it must refuse the broker."""
    keystore: Path
    """The broker's key and certificate chain (PKCS12, ``PASSWORD``)."""


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def _ca(name: str, d: Path) -> None:
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={name}",
             "-keyout", f"{name}.key", "-out", f"{name}.pem", cwd=d)


def make_certs(d: Path) -> Certs:
    d.mkdir(parents=True, exist_ok=True)
    _ca("test-ca", d)
    _ca("other-ca", d)
    (d / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "broker.key",
             "-out", "broker.csr", cwd=d)
    _openssl("x509", "-req", "-in", "broker.csr", "-CA", "test-ca.pem", "-CAkey", "test-ca.key", "-CAcreateserial",
             "-days", "2", "-extfile", "san.ext", "-out", "broker.pem", cwd=d)
    _openssl("pkcs12", "-export", "-in", "broker.pem", "-inkey", "broker.key", "-certfile", "test-ca.pem",
             "-name", "broker", "-passout", f"pass:{PASSWORD}", "-out", "broker.p12", cwd=d)
    return Certs(ca=d / "test-ca.pem", other_ca=d / "other-ca.pem", keystore=d / "broker.p12")
