"""One log format for every groundgate process (worker, audit, the commands), set up once.

``GROUNDGATE_LOG_FORMAT=text`` (default): ``2026-05-01T09:00:00.123Z INFO app.kafka.ledger: …``,
UTC with milliseconds, one line per record (a traceback or a table follows, indented).
``GROUNDGATE_LOG_FORMAT=json``: one JSON object per line, for a log shipper: ``time``, ``level``,
``logger``, ``message``, ``process`` (worker, audit, …), ``pid``, and ``exception`` when there is
one, so that no line of a process is anything but JSON.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any, Literal

LogFormat = Literal["text", "json"]
NOISY = ("aiokafka", "faust", "mode", "kafka", "app.kafka.faust_store")
"""Libraries whose INFO lines say nothing an operator acts on; app.kafka.faust_store is Faust's
RocksDB store under our name."""


def _utc(record: logging.LogRecord) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z"


class TextFormatter(logging.Formatter):
    """A record's further lines (a traceback, Faust's tables) are indented: every line that does
    not start with a space starts a record."""

    def format(self, record: logging.LogRecord) -> str:
        line = f"{_utc(record)} {record.levelname} {record.name}: {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line.replace("\n", "\n    ")


class JsonFormatter(logging.Formatter):
    def __init__(self, process: str) -> None:
        super().__init__()
        self.process = process

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {"time": _utc(record), "level": record.levelname, "logger": record.name,
                               "message": record.getMessage(), "process": self.process, "pid": record.process}
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def configure(level: str, fmt: LogFormat = "text", process: str = "groundgate", quiet: tuple[str, ...] = ()) -> None:
    """The root logger writes to stderr in ``fmt`` at ``level``; the libraries in ``NOISY`` at
    WARNING at least, those in ``quiet`` not at all below CRITICAL."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(process) if fmt == "json" else TextFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in NOISY:
        logging.getLogger(name).setLevel(max(logging.WARNING, logging.getLevelName(level)))
    for name in quiet:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    logging.captureWarnings(True)  # a library's warning is a log line in the same format
