"""Topic names (``<prefix><name>``), which topic each event type travels on, and which event
types each topic accepts.

Two kinds of topic. **Client topics** are the contract: clients write QueryReceived to
``query`` and ExecutorFinished to ``executor-result``, and read ``composed-answer`` and
``dead-letter``. **Internal topics** are written only by workers (on a secured cluster, ACLs
keep clients off them). A worker never trusts an internal event type on a client topic: it
is dead-lettered, never folded or audited.
"""

from __future__ import annotations

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

ALL = (QUERY, EXECUTOR_RESULT, VERDICT, COMPOSE, DRAFT, ANSWER, SESSION_STATE, CONTROL, WORKERS, DEAD_LETTER)
CLIENT_WRITES = (QUERY, EXECUTOR_RESULT)
"""The only topics a client may write to."""

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
