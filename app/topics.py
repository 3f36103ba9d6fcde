"""Topic names (``<prefix><name>``) and which topic each event type travels on."""

from __future__ import annotations

QUERY = "query"
EXECUTOR_RESULT = "executor-result"
VERDICT = "verdict"
COMPOSE = "compose"
DRAFT = "answer-draft"
ANSWER = "composed-answer"
SESSION_STATE = "session-state"
DEAD_LETTER = "dead-letter"

ALL = (QUERY, EXECUTOR_RESULT, VERDICT, COMPOSE, DRAFT, ANSWER, SESSION_STATE, DEAD_LETTER)

TOPIC_OF = {
    "QueryReceived": QUERY,
    "RetryRequested": QUERY,
    "WatchdogFired": QUERY,
    "ExecutorFinished": EXECUTOR_RESULT,
    "RuleEvaluationRecorded": VERDICT,
    "VerdictReached": VERDICT,
    "ComposeRequested": COMPOSE,
    "AnswerDrafted": DRAFT,
    "AnswerComposed": ANSWER,
    "DeadLettered": DEAD_LETTER,
}
