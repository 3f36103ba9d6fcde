"""Prometheus metrics of a worker (and of the audit writer), on the web port's ``/metrics``.

One registry per process; the names are the contract a Grafana panel or an alert reads.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry(auto_describe=True)
_STAGE_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300)

SESSIONS_OPEN = Gauge("groundgate_sessions_open", "Sessions this worker's ledger watches that have no answer yet",
                      registry=REGISTRY)
IN_FLIGHT = Gauge("groundgate_sessions_in_flight", "Stage tasks running now, by stage", ["stage"],
                  registry=REGISTRY)
STAGE_SECONDS = Histogram("groundgate_stage_seconds", "Time a stage spent on one session", ["stage"],
                          buckets=_STAGE_BUCKETS, registry=REGISTRY)
VERDICTS = Counter("groundgate_verdicts_total", "Verdicts reached, by verdict and round", ["verdict", "round"],
                   registry=REGISTRY)
ANSWERS = Counter("groundgate_answers_total", "Answers composed, by verdict and degraded reason",
                  ["verdict", "degraded_reason"], registry=REGISTRY)
REDRIVES = Counter("groundgate_watchdog_redrives_total", "Watchdog nudges sent, by kind", ["kind"],
                   registry=REGISTRY)
DEAD_LETTERS = Counter("groundgate_dead_letters_total", "Records dead-lettered, by source topic", ["topic"],
                       registry=REGISTRY)
MODEL_ERRORS = Counter("groundgate_model_errors_total", "Model calls that failed, by role and error class",
                       ["role", "error"], registry=REGISTRY)
AUDIT_LAG = Gauge("groundgate_audit_lag_messages", "Messages the audit writer has not stored yet",
                  registry=REGISTRY)
AUDIT_ROWS = Counter("groundgate_audit_rows_total", "Rows the audit writer stored", registry=REGISTRY)
AUDIT_ERRORS = Counter("groundgate_audit_errors_total", "Failed audit store writes", registry=REGISTRY)
HANDED_OVER = Counter("groundgate_handed_over_total",
                      "Events this worker emitted that its own agents took as the broker acknowledged them "
                      "(app.kafka.handover), by agent", ["agent"], registry=REGISTRY)
REROUTED = Counter("groundgate_rerouted_total",
                   "Client records found on another partition than their session's and copied there "
                   "(a client library that partitions keys otherwise, e.g. librdkafka's CRC32), by topic", ["topic"],
                   registry=REGISTRY)
LOOP_ERRORS = Counter("groundgate_loop_errors_total", "Records a loop could not handle (dead-lettered and passed)",
                      ["loop"], registry=REGISTRY)


def exposition() -> bytes:
    """The text format Prometheus scrapes."""
    return generate_latest(REGISTRY)
