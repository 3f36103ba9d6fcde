"""Prometheus metrics, on the web port's ``/metrics``; the names are the contract a Grafana panel
or an alert reads.

Three registries, so that each process exports only what it does: ``REGISTRY`` holds the
worker's (sessions, stages, verdicts, the ledger), ``AUDIT_REGISTRY`` the audit writer's, and
``PROCESS_REGISTRY`` what every process has (process and Python runtime figures, the build, its
groups' consumer lag, whether the broker answers, loop errors). A process ``export``s the
registries of the parts it runs: a worker with ``GROUNDGATE_AUDIT=off`` has no audit lag to
report, and ``groundgate audit`` no open sessions.
"""

from __future__ import annotations

import platform
from importlib import metadata

from prometheus_client import (
    GC_COLLECTOR,
    PLATFORM_COLLECTOR,
    PROCESS_COLLECTOR,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    Info,
    generate_latest,
)

REGISTRY = CollectorRegistry(auto_describe=True)
AUDIT_REGISTRY = CollectorRegistry(auto_describe=True)
PROCESS_REGISTRY = CollectorRegistry(auto_describe=True)
for _collector in (PROCESS_COLLECTOR, PLATFORM_COLLECTOR, GC_COLLECTOR):
    PROCESS_REGISTRY.register(_collector)
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
MODEL_ERRORS = Counter("groundgate_model_errors_total", "Model requests that failed, by role and error class",
                       ["role", "error"], registry=REGISTRY)
MODEL_CALLS = Counter("groundgate_model_calls_total",
                      "Model calls, by role and how they ended (ok, timeout, unusable, refused, error)",
                      ["role", "status"], registry=REGISTRY)
MODEL_UNUSABLE = Counter("groundgate_model_unusable_total",
                         "Model replies that could not be used, by role and reason (truncated, empty, not_json, "
                         "schema, placeholder, unfounded)", ["role", "reason"], registry=REGISTRY)
AUDIT_LAG = Gauge("groundgate_audit_lag_messages", "Messages the audit writer has not stored yet",
                  registry=AUDIT_REGISTRY)
AUDIT_ROWS = Counter("groundgate_audit_rows_total", "Rows the audit writer stored", registry=AUDIT_REGISTRY)
AUDIT_ERRORS = Counter("groundgate_audit_errors_total", "Failed audit store writes", registry=AUDIT_REGISTRY)
AUDIT_DEAD_LETTERED = Counter(
    "groundgate_audit_dead_lettered_records_total",
    "Records the audit does not store as events because no reader takes them (the worker dead-letters them, "
    "and the DeadLettered event is stored): bad client input, not an audit error", registry=AUDIT_REGISTRY)
HANDED_OVER = Counter("groundgate_handed_over_total",
                      "Events this worker emitted that its own agents took as the broker acknowledged them "
                      "(app.kafka.handover), by agent", ["agent"], registry=REGISTRY)
COMPOSER_REFUSALS = Counter("groundgate_composer_refusals_total",
                            "Valid Composer answers refused (the template answered), by why: untraced, omitted, "
                            "sole_cause, unfounded_cause, hypothesis_as_fact", ["refusal"], registry=REGISTRY)
REROUTED = Counter("groundgate_rerouted_total",
                   "Client records found on another partition than their session's and copied there "
                   "(a client library that partitions keys otherwise, e.g. librdkafka's CRC32), by topic", ["topic"],
                   registry=REGISTRY)
LOOP_ERRORS = Counter("groundgate_loop_errors_total", "Records a loop could not handle (dead-lettered and passed)",
                      ["loop"], registry=PROCESS_REGISTRY)
CONSUMER_LAG = Gauge("groundgate_consumer_lag_messages",
                     "Records on the log a consumer group has not committed yet, by group and topic (every member "
                     "exports its whole group's figure: take the max)", ["group", "topic"], registry=PROCESS_REGISTRY)
BROKER_REACHABLE = Gauge("groundgate_broker_reachable", "1 while the broker answers this process's checks",
                         registry=PROCESS_REGISTRY)
BUILD = Info("groundgate_build", "The groundgate build this process runs", registry=PROCESS_REGISTRY)


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


BUILD.info({"version": _version("groundgate"), "python": platform.python_version(),
            "faust": _version("faust-streaming"), "aiokafka": _version("aiokafka")})
_exported: list[CollectorRegistry] = [PROCESS_REGISTRY]


def export(*registries: CollectorRegistry) -> None:
    """Add the metrics of a part this process runs to its ``/metrics``."""
    for registry in registries:
        if registry not in _exported:
            _exported.append(registry)


def exposition() -> bytes:
    """The text format Prometheus scrapes: the registries this process exports."""
    return b"".join(generate_latest(registry) for registry in _exported)
