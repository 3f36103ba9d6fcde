"""How Kafka keeps the session table's changelog: compacted soon after it is written, so that a
worker that rebuilds its table from the changelog (a restart under a new worker id, a partition
moving to a worker without a copy of it) replays about one record per session the table holds,
not every write since the topic was made.

What bounds the table: an answered session leaves it ``retention_s`` after its answer (the
ledger's SessionExpired; the session agent deletes the key, a tombstone on the changelog), so
a re-delivered copy of a session's event is still recognised within that time. What bounds its
changelog is Kafka's cleaner, and it never cleans a log's active segment, which rolls only after
``segment.ms`` (7 days by default) or ``segment.bytes`` (1 GB): a changelog created compacted and
nothing else (Faust's way, and the worker's before) was never cleaned, and a new worker id replayed
~7 records (six writes and a tombstone) for every session ever served.

``CONFIGS``, the changelog's topic configs (created with them; ``align`` sets them on one created
before):

- ``segment.ms`` 60 s: the active segment, never cleaned, holds at most a minute of writes;
- ``max.compaction.lag.ms`` 60 s: a record is compacted at most a minute (and the cleaner's
  back-off, ``log.cleaner.backoff.ms``, 15 s by default) after it was written, however little of the
  log is dirty. The table's writes are nearly all overwrites, so the dirty ratio
  (``min.cleanable.dirty.ratio``, 0.5, left as it is) would be reached soon as well; this bounds the
  replay by time, also on a quiet deployment. Each cleaning rewrites the clean part: the table's
  sessions of the last few minutes, a few megabytes at most;
- ``delete.retention.ms`` 10 min: how long a tombstone outlives its cleaning, so a new worker id
  replays the tombstones of the last ten minutes' expired sessions besides the live ones (Kafka's
  default, 24 h, would make it a tombstone for every session of the last day). A reader that read a
  session's write must read its tombstone too: a recovery in progress (seconds), and a worker that
  kept its RocksDB copy of a partition and reads the changelog from the offset it had (a restart in
  place, a partition moving back after a rebalance). A worker away from a partition for longer than
  this keeps, in its local copy, the sessions that expired meanwhile: answered ones, which only
  recognise a late copy of their events as a duplicate, or a session some other worker finished.
  So a local copy last written longer ago than half that is removed before it is opened
  (``app.kafka.faust_store``) and rebuilt from the changelog, which costs little now.

Not set: ``min.cleanable.dirty.ratio`` (above) and ``segment.bytes`` (a minute of a table's
writes is far below 1 GB). Tansu takes these configs and never compacts: it replays all of it.

A changelog made before these configs (or by another tool) is aligned when a worker starts:
a config the topic inherits from the broker is set to ours, and a warning names each change; a
value set on the topic itself (an operator's choice) is left and named in a warning at every
start. Where the broker refuses (no AlterConfigs permission on the topic, or a broker without
AlterConfigs, Tansu) the warning gives the ``kafka-configs`` command that does it.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from aiokafka.errors import KafkaError

log = logging.getLogger(__name__)

CONFIGS: dict[str, str] = {
    "cleanup.policy": "compact",
    "segment.ms": str(60_000),
    "max.compaction.lag.ms": str(60_000),
    "delete.retention.ms": str(600_000),
}

TOMBSTONE_S = int(CONFIGS["delete.retention.ms"]) / 1000
"""How long a tombstone outlives its first cleaning on the changelog (at least)."""


def copy_outlived(last_write: float, now: float) -> bool:
    """Whether a worker's local copy of a table partition, last written at ``last_write`` (epoch
    seconds), may have missed tombstones the changelog no longer holds: it read the changelog up to
    then, and a tombstone written later is kept ``TOMBSTONE_S`` after that at least. Half of it:
    the worker's clock is not the broker's (``app.kafka.faust_store`` removes such a copy)."""
    return now - last_write > TOMBSTONE_S / 2


DYNAMIC_TOPIC_CONFIG = 1
"""DescribeConfigs' ``config_source`` of a value set on the topic itself (v1 and later)."""


@dataclass(frozen=True)
class Described:
    """One config of a topic as the broker describes it."""

    value: str | None
    own: bool
    """Set on the topic itself (not inherited from the broker's or Kafka's default)."""
    sensitive: bool = False


@dataclass(frozen=True)
class Plan:
    """What aligning a topic to the wanted configs does."""

    to_set: dict[str, str]
    """Wanted values the topic inherits otherwise: set."""
    kept: dict[str, str]
    """Wanted values the topic sets otherwise itself: left (name → the topic's value)."""
    configs: dict[str, str] | None
    """Every config set on the topic after the change (AlterConfigs replaces them all), or None
    when a sensitive one hides its value (it cannot be written back: nothing is changed)."""


def plan(current: Mapping[str, Described], wanted: Mapping[str, str]) -> Plan:
    """Align ``current`` to ``wanted``, leaving what the topic sets itself."""
    to_set = {k: v for k, v in wanted.items() if (d := current.get(k)) is None or (not d.own and d.value != v)}
    kept = {k: d.value or "" for k, v in wanted.items() if (d := current.get(k)) is not None and d.own and d.value != v}
    own = {k: d for k, d in current.items() if d.own}
    if any(d.sensitive or d.value is None for d in own.values()):
        return Plan(to_set, kept, None)
    return Plan(to_set, kept, {**{k: d.value or "" for k, d in own.items()}, **to_set})


def command(topic: str, configs: Mapping[str, str]) -> str:
    """The ``kafka-configs`` line that sets ``configs`` on ``topic``."""
    pairs = ",".join(f"{k}={v}" for k, v in configs.items())
    return f"kafka-configs.sh --bootstrap-server <broker> --alter --entity-type topics --entity-name {topic} " \
           f"--add-config {pairs}"


def described(response: Any) -> dict[str, Described]:
    """The configs of the one topic of a DescribeConfigs response."""
    resource = response.to_object()["resources"][0]
    if resource["error_code"]:
        raise KafkaError(f"DescribeConfigs: error {resource['error_code']}: {resource['error_message']}")
    out = {}
    for c in resource["config_entries"]:
        own = (c["config_source"] == DYNAMIC_TOPIC_CONFIG) if "config_source" in c else not c["is_default"]
        out[c["config_names"]] = Described(c["config_value"], own, bool(c["is_sensitive"]))
    return out


async def align(admin: Any, topic: str, wanted: Mapping[str, str] = CONFIGS) -> dict[str, str]:
    """Set on the existing ``topic`` the ``wanted`` configs it inherits otherwise (``plan``); what
    was set. Never raises for the broker's refusal: a start goes on, and the warning says what to run."""
    try:
        current = described((await admin.describe_configs([ConfigResource(ConfigResourceType.TOPIC, topic)]))[0])
    except Exception as exc:
        log.warning("could not read the configs of %s (%s: %s); if they are not %s, set them: %s", topic,
                    type(exc).__name__, exc, _listed(wanted), command(topic, wanted))
        return {}
    p = plan(current, wanted)
    if p.kept:
        log.warning("%s sets %s itself, where groundgate would set %s (docs/kafka.md): left as it is", topic,
                    _listed(p.kept), _listed({k: wanted[k] for k in p.kept}))
    if not p.to_set:
        return {}
    if p.configs is None:
        log.warning("%s has a sensitive config: its configs are not changed here; set them: %s", topic,
                    command(topic, p.to_set))
        return {}
    try:
        result = (await admin.alter_configs([ConfigResource(ConfigResourceType.TOPIC, topic, configs=p.configs)]))[0]
        code, message = next((r[0], r[1]) for r in result.resources)
        if code:
            raise KafkaError(f"error {code}: {message}")
    except Exception as exc:
        log.warning("could not set %s on %s (%s: %s): set them: %s", _listed(p.to_set), topic, type(exc).__name__,
                    exc, command(topic, p.to_set))
        return {}
    log.warning("set %s on %s, which inherited %s", _listed(p.to_set), topic,
                _listed({k: (current[k].value or "") if k in current else "nothing" for k in p.to_set}))
    return p.to_set


def _listed(configs: Mapping[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in configs.items())
