"""The project's Kafka clients, built in one place with what every one of them needs: the cluster's
security (SASL/PLAIN, SASL/SCRAM, TLS: ``security``, for aiokafka and for Faust alike), no
auto-commit (every reader commits only what it has finished with, or nothing), messages up to the
wire contract's limit, and group timeouts from the settings."""

from __future__ import annotations

import functools
import ssl
from pathlib import Path
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.client import AIOKafkaClient

from app.kafka.topics import MAX_FETCH_BYTES, MAX_REQUEST_BYTES
from app.settings import Settings, SettingsError


@functools.lru_cache(maxsize=8)
def _ssl_context(cafile: Path | None, certfile: Path | None, keyfile: Path | None) -> ssl.SSLContext:
    """One context per process and configuration: the CA to trust (the system's without one) and
    this client's certificate, if the brokers ask for one."""
    try:
        context = ssl.create_default_context(purpose=ssl.Purpose.SERVER_AUTH,
                                             cafile=str(cafile) if cafile else None)
    except (OSError, ssl.SSLError) as exc:
        raise SettingsError(f"GROUNDGATE_KAFKA_SSL_CAFILE: cannot read {cafile}: {exc.strerror or exc}",
                            hint="a PEM file of the CA that signed the brokers' certificates") from None
    if certfile is not None:
        try:
            context.load_cert_chain(str(certfile), str(keyfile) if keyfile else None)
        except (OSError, ssl.SSLError) as exc:
            raise SettingsError(f"GROUNDGATE_KAFKA_SSL_CERTFILE / _KEYFILE: cannot load {certfile}: "
                                f"{getattr(exc, 'strerror', None) or exc}",
                                hint="PEM files of this client's certificate and its unencrypted key") from None
    return context


def security(settings: Settings) -> dict[str, Any]:
    """aiokafka's keyword arguments for the cluster's security, the same for every client."""
    protocol = settings.kafka_security_protocol
    options: dict[str, Any] = {"security_protocol": protocol}
    if protocol in ("SSL", "SASL_SSL"):
        options["ssl_context"] = _ssl_context(settings.kafka_ssl_cafile, settings.kafka_ssl_certfile,
                                              settings.kafka_ssl_keyfile)
    if protocol.startswith("SASL_"):
        assert settings.kafka_sasl_password is not None, "Settings requires it with SASL"
        options.update(sasl_mechanism=settings.kafka_sasl_mechanism, sasl_plain_username=settings.kafka_sasl_username,
                       sasl_plain_password=settings.kafka_sasl_password.get_secret_value())
    return options


def faust_credentials(settings: Settings) -> Any:
    """The same security as Faust's ``broker_credentials`` (None: PLAINTEXT), which Faust turns into
    these very aiokafka arguments for its consumer, producer and admin client."""
    from faust.auth import SASLCredentials, SSLCredentials

    options = security(settings)
    if settings.kafka_security_protocol == "SSL":
        return SSLCredentials(options["ssl_context"])
    if settings.kafka_security_protocol.startswith("SASL_"):
        return SASLCredentials(username=options["sasl_plain_username"], password=options["sasl_plain_password"],
                               mechanism=options["sasl_mechanism"], ssl_context=options.get("ssl_context"))
    return None


BATCH_FETCH_MAX_WAIT_MS = 100
BATCH_FETCH_MIN_BYTES = 1 << 20
"""How the group readers fetch: the broker answers when a megabyte is there or 100 ms passed, not at
each record. Both readers are off the answer path (the ledger decides on the scale of seconds: stalls,
liveness, deadlines; the audit writer writes in batches), and a fetch answered at every record cost
a fetch request and answer of every partition they read for each event of a session: on the
worker's loop, which the agents share, for the ledger (on Apache Kafka, one query at a time, ~6 ms of
the worker's ~42 ms of CPU per session), and on the broker for both."""


def group_consumer(settings: Settings, bootstrap: str, group: str, instance_id: str | None = None,
                   **overrides: Any) -> AIOKafkaConsumer:
    """A consumer in the group ``<prefix><app_id>-<group>`` (the ledger's, the audit writer's), reading
    in batches (``BATCH_FETCH_MIN_BYTES``); a static member (KIP-345) when given an ``instance_id``."""
    from app.kafka import tuning

    tuning.install(settings)  # with the Tansu tuning: a follower syncs after its leader (app.kafka.group_sync)
    timeout_ms = int(settings.group_session_timeout_s * 1000)
    options: dict[str, Any] = dict(
        bootstrap_servers=bootstrap, group_id=f"{settings.group_id}-{group}", enable_auto_commit=False,
        auto_offset_reset="earliest", session_timeout_ms=timeout_ms, group_instance_id=instance_id,
        heartbeat_interval_ms=int(settings.heartbeat_interval_s * 1000),
        fetch_max_wait_ms=BATCH_FETCH_MAX_WAIT_MS, fetch_min_bytes=BATCH_FETCH_MIN_BYTES,
        max_partition_fetch_bytes=MAX_FETCH_BYTES, **security(settings))
    return AIOKafkaConsumer(**{**options, **overrides})


def reader(settings: Settings, bootstrap: str | list[str], *topics: str, **overrides: Any) -> AIOKafkaConsumer:
    """A consumer with no group, from the earliest record unless told otherwise (tail, ask, the
    workers' beats, reading a record back by its place)."""
    options: dict[str, Any] = dict(bootstrap_servers=bootstrap, enable_auto_commit=False,
                                   auto_offset_reset="earliest", fetch_max_wait_ms=10,
                                   max_partition_fetch_bytes=MAX_FETCH_BYTES, **security(settings))
    return AIOKafkaConsumer(*topics, **{**options, **overrides})


def producer(settings: Settings, bootstrap: str, **overrides: Any) -> AIOKafkaProducer:
    """A producer with no batching delay that takes any message the contract allows."""
    options: dict[str, Any] = dict(bootstrap_servers=bootstrap, linger_ms=0, max_request_size=MAX_REQUEST_BYTES,
                                   **security(settings))
    return AIOKafkaProducer(**{**options, **overrides})


def admin(settings: Settings, bootstrap: str, timeout_s: float = 15.0) -> AIOKafkaAdminClient:
    return AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=int(timeout_s * 1000),
                               **security(settings))


def client(settings: Settings, bootstrap: str, client_id: str) -> AIOKafkaClient:
    """aiokafka's low-level client, for requests no higher client sends (a LeaveGroup)."""
    return AIOKafkaClient(bootstrap_servers=bootstrap, client_id=client_id, **security(settings))


async def partitions(consumer: AIOKafkaConsumer, topic: str) -> set[int]:
    """The partitions of ``topic``, for a consumer that assigns them itself. A consumer's metadata
    holds the topics it subscribed to or was assigned: Apache Kafka, asked for no topic in
    particular, names none (Tansu names every topic), so the cluster's metadata is asked for here
    (aiokafka's own request for it, ``fetch_all_metadata``, through the consumer's client)."""
    known = consumer.partitions_for_topic(topic)
    if not known:
        known = (await consumer._client.fetch_all_metadata()).partitions_for_topic(topic)
    return set(known or ())
