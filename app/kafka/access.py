"""Why a Kafka connection failed, said once.

aiokafka reports any failed bootstrap as "Unable to bootstrap from [...]" and only logs the cause.
When a client cannot start, ``unreachable`` opens one connection to the first bootstrap address with
the same settings to find out why: credentials the cluster refuses, a certificate the client does
not trust, or TLS spoken to a listener that does not (or the reverse) are configuration (exit 2,
never retried, and never a password in the message); anything else is a broker that cannot be
reached (exit 3).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
from collections.abc import Iterator
from typing import Any

from aiokafka.conn import create_conn
from aiokafka.errors import (
    IllegalSaslStateError,
    KafkaError,
    SaslAuthenticationFailed,
    UnsupportedSaslMechanismError,
)

from app.errors import ConfigError, GroundgateError, UnreachableError
from app.settings import Settings

PROBE_TIMEOUT_S = 10.0


class BrokerError(UnreachableError, RuntimeError):
    """The broker cannot be started or reached, or holds no groundgate topics; the message says what to do."""


class AccessRefused(ConfigError):
    """The cluster refused this client's credentials, or its certificate is not trusted."""


REACH_HINT = "is Kafka running there? check KAFKA_BOOTSTRAP_SERVERS (host:port)"
PROTOCOL_HINT = "check GROUNDGATE_KAFKA_SECURITY_PROTOCOL against the listener at that address"


def refusal(settings: Settings, bootstrap: str, exc: BaseException) -> AccessRefused | None:
    """The configuration error ``exc`` means, or None when it is not one."""
    if isinstance(exc, SaslAuthenticationFailed | IllegalSaslStateError):
        return AccessRefused(f"Kafka at {bootstrap} refused the credentials of SASL user "
                             f"{settings.kafka_sasl_username!r} ({settings.kafka_sasl_mechanism})",
                             hint="check GROUNDGATE_KAFKA_SASL_USERNAME, _PASSWORD and _MECHANISM")
    if isinstance(exc, UnsupportedSaslMechanismError):
        return AccessRefused(f"Kafka at {bootstrap} does not offer SASL mechanism {settings.kafka_sasl_mechanism}",
                             hint="set GROUNDGATE_KAFKA_SASL_MECHANISM to one the cluster enables")
    if isinstance(exc, ssl.SSLCertVerificationError):
        return AccessRefused(f"the certificate of Kafka at {bootstrap} is not trusted: {exc.verify_message}",
                             hint="set GROUNDGATE_KAFKA_SSL_CAFILE to the CA that signed it")
    if isinstance(exc, ssl.SSLError):
        return AccessRefused(f"no TLS session with Kafka at {bootstrap}: {exc.reason or exc}", hint=PROTOCOL_HINT)
    return None


async def unreachable(settings: Settings, bootstrap: str, exc: BaseException) -> GroundgateError:
    """The error to show for a client that could not start against ``bootstrap``: a refusal
    (exit 2) found by one probing connection, else a BrokerError (exit 3)."""
    found = refusal(settings, bootstrap, exc) or await _probe(settings, bootstrap)
    if found is not None:
        return found
    return BrokerError(f"cannot reach Kafka at {bootstrap}: {exc or type(exc).__name__}", hint=REACH_HINT)


async def _probe(settings: Settings, bootstrap: str) -> AccessRefused | None:
    from app.kafka.clients import security

    host, _, port = bootstrap.split(",")[0].strip().rpartition(":")
    if not host or not port.isdigit():
        return None
    host = host.strip("[]")
    try:  # nothing listens there: unreachable, whatever the security
        _, writer = await asyncio.wait_for(asyncio.open_connection(host, int(port)), PROBE_TIMEOUT_S)
        writer.close()
    except (OSError, TimeoutError):
        return None
    try:
        with quiet():
            conn = await asyncio.wait_for(create_conn(host, int(port), client_id="groundgate-probe",
                                                      request_timeout_ms=int(PROBE_TIMEOUT_S * 1000),
                                                      **security(settings)), PROBE_TIMEOUT_S)
    except Exception as exc:
        # Something listens, and the handshake failed: a refusal, or a listener that speaks another
        # security protocol (it closes the connection on a handshake it does not expect).
        return refusal(settings, bootstrap, exc) or AccessRefused(
            f"Kafka at {bootstrap} closed the connection during a {settings.kafka_security_protocol} handshake",
            hint=PROTOCOL_HINT)
    conn.close()
    return None


@contextlib.contextmanager
def quiet(name: str = "aiokafka") -> Iterator[None]:
    """aiokafka's own log lines silenced while a connection is tried whose failure is said once, here."""
    logger = logging.getLogger(name)
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


async def start(settings: Settings, bootstrap: str, client: Any, timeout_s: float = 15.0) -> None:
    """Start an aiokafka client (producer, consumer or admin); a failure is said once, as above,
    after the client is closed again."""
    try:
        with quiet():
            await asyncio.wait_for(client.start(), timeout_s)
    except (KafkaError, OSError, TimeoutError) as exc:
        await asyncio.sleep(0)  # a consumer's coordinator routine starts before it can be stopped
        with contextlib.suppress(Exception):
            await (client.close() if hasattr(client, "close") else client.stop())
        raise await unreachable(settings, bootstrap, exc) from exc
