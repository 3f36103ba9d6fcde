"""Topic names (``<prefix><name>``), which topic each event type travels on, and which event
types each topic accepts.

Two kinds of topic. **Client topics** are the contract: clients write QueryReceived to
``query`` and ExecutorFinished to ``executor-result``, and read ``composed-answer``,
``dead-letter`` and (a client that brings its own Executor, with GROUNDGATE_BYO_RETRY=client)
``executor-retry``. **Internal topics** are written only by workers (on a secured cluster, ACLs
keep clients off them). A worker never trusts an internal event type on a client topic: it
is dead-lettered, never folded or audited.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

from aiokafka.partitioner import murmur2

from events.codec import MAX_MESSAGE_BYTES
from events.models import Event

QUERY = "query"
EXECUTOR_RESULT = "executor-result"
VERDICT = "verdict"
COMPOSE = "compose"
DRAFT = "answer-draft"
ANSWER = "composed-answer"
SESSION_STATE = "session-state"
CONTROL = "control"
WORKERS = "workers"
DEAD_LETTER = "dead-letter"
EXECUTOR_RETRY = "executor-retry"
"""A client's own Executor reads its sessions' RetryRequested here (a copy of the one on
``control``, which the workers fold and the built-in Executor skips)."""

ALL = (QUERY, EXECUTOR_RESULT, VERDICT, COMPOSE, DRAFT, ANSWER, SESSION_STATE, CONTROL, WORKERS, DEAD_LETTER,
       EXECUTOR_RETRY)
SESSION_TABLE = "diagnosis_session"
"""The worker's table of sessions; Faust names its changelog topic ``<group id>-<table>-changelog``."""
CLIENT_WRITES = (QUERY, EXECUTOR_RESULT)
"""The only topics a client may write to."""

SESSION_INPUTS = (QUERY, EXECUTOR_RESULT, VERDICT, DRAFT, CONTROL, DEAD_LETTER)
"""What the session agent folds."""
SESSION_READS = (*SESSION_INPUTS, ANSWER)
"""What it reads: its inputs, and the answers on the log (a session answered there is not
answered again, ``app.kafka.session_agent``); a stage on a partition that moved here waits until
it has read them there (``app.kafka.moved``)."""

LEASES = frozenset({"StageStarted"})
"""Event types no agent acts on: stage leases, the ledger's business (the session agent does not
fold them, and the worker's consumer does not hurry to fetch them)."""

TOPIC_OF = {
    "QueryReceived": QUERY,
    "ExecutorFinished": EXECUTOR_RESULT,
    "RuleEvaluationRecorded": VERDICT,
    "VerdictReached": VERDICT,
    "ComposeRequested": COMPOSE,
    "AnswerDrafted": DRAFT,
    "AnswerComposed": ANSWER,
    "RetryRequested": CONTROL,
    "WatchdogFired": CONTROL,
    "StageStarted": CONTROL,
    "StageFailed": CONTROL,
    "SessionExpired": CONTROL,
    "DeadLettered": DEAD_LETTER,
}

ACCEPTS: dict[str, frozenset[str]] = {
    name: frozenset(t for t, topic in TOPIC_OF.items() if topic == name) for name in set(TOPIC_OF.values())
}
"""Per topic, the event types a reader takes from it; anything else there is dead-lettered."""

MAX_REQUEST_BYTES = MAX_MESSAGE_BYTES + 2 * 1024 * 1024
"""What the worker's producers may send in one request, and what topics are created to accept
(``max.message.bytes``): the largest client message plus room for what the worker adds."""
MAX_FETCH_BYTES = MAX_REQUEST_BYTES


@functools.lru_cache(maxsize=4096)
def partition_of(key: bytes, partitions: int) -> int:
    """The partition a session's events live on: Kafka's default (murmur2) partitioner, which
    the worker's producers use. A client whose library partitions otherwise (librdkafka's
    default is CRC32) is re-routed by the worker, so one session stays on one partition.
    Remembered for the sessions of the last moments: a worker asks it of every record it reads
    and every stage it runs, ~17 µs each in pure Python."""
    return int(murmur2(key) & 0x7FFFFFFF) % max(1, partitions)


MOVED_FROM = "gg-moved-from"
"""The header of a client's record that a worker copied to its session's partition: where the
original lies (``<partition>@<offset>`` on the same topic). Readers take the copy as the client's
record it is (the ledger: the session's opener), not as a worker's event."""


def headers(event: Event) -> list[tuple[str, bytes]]:
    """What a reader needs to route a record without decoding it."""
    return [("gg-type", event.event_type.encode()), ("gg-round", str(event.round).encode()),
            ("gg-id", event.event_id.encode())]


def moved_headers(event: Event, partition: int, offset: int) -> list[tuple[str, bytes]]:
    """The headers of a copy of a client's record found at ``partition``/``offset``."""
    return [*headers(event), (MOVED_FROM, f"{partition}@{offset}".encode())]


def changelog(group_id: str) -> str:
    """The session table's changelog topic under a worker group id (``Settings.group_id``)."""
    return f"{group_id}-{SESSION_TABLE}-changelog"


def event_type_of(headers: Mapping[str, bytes] | Iterable[tuple[str, bytes]] | None) -> bytes | None:
    """The ``gg-type`` header of a worker's event; None for any other record (a snapshot, a
    table's changelog record)."""
    pairs = headers.items() if isinstance(headers, Mapping) else headers or ()
    return next((v for k, v in pairs if k == "gg-type"), None)
