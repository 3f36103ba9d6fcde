"""One root for every error groundgate can show its user: a message that says what went wrong,
what to do next (``hint``) and the CLI's exit code. The CLI maps them in one place and prints
one line; anything else that escapes is a bug (one line too, the traceback with ``--debug``).
Each error is drawn with the file that defines it (a class without a file is defined with its parent).

Errors::

    GroundgateError                 message, optional hint, exit_code (1: the command failed)
    ├── ConfigError                 2: the configuration or the command line is wrong
    │   ├── SettingsError           app/settings.py       an environment variable does not validate (named)
    │   ├── ToolsModuleError        app/roles/build.py    GROUNDGATE_TOOLS_MODULE cannot be imported or registered
    │   ├── PromptError             app/roles/prompts.py  a prompt file is missing or breaks the contract
    │   ├── AccessRefused           app/kafka/access.py   Kafka refused the credentials, or its certificate is untrusted
    │   ├── KafkaUnavailable        app/kafka/apache.py   no Java 17 or no Kafka jars for a local Apache Kafka
    │   └── UsageError              app/errors.py         a command's input: an invalid message, a busy port, a range
    ├── UnreachableError            3: a service groundgate needs cannot be reached or used
    │   ├── BrokerError             app/kafka/access.py   Kafka or the embedded broker (or no groundgate topics on it)
    │   ├── KafkaStartError         app/kafka/apache.py   a local Apache Kafka did not start (its log is named)
    │   └── StoreError              app/audit/store.py    the ClickHouse store
    ├── ModelError                  app/roles/llm.py      a model call failed (stages degrade the answer; never fatal)
    │   ├── ModelUnavailable                              down (no connection, 429, 5xx) or slower than its timeout
    │   ├── DeadlineExceeded                              the time the deadline left the stage is spent
    │   ├── ModelRejected                                 4xx but 429: a bad key, an unknown model, a bad option
    │   └── ModelUnusable                                 a reply the role cannot use (cut at max tokens, not its JSON…)
    └── NoAnswer                    app/cli.py            a question got no answer within the timeout

Wire input is outside the tree: ``events.DecodeError`` is data, dead-lettered by the worker,
never shown as a command's failure (``groundgate produce`` turns it into a UsageError).
"""

from __future__ import annotations

EXIT_FAILED = 1
EXIT_CONFIG = 2
EXIT_UNREACHABLE = 3
EXIT_BUG = 70
"""Anything that is not a GroundgateError (sysexits' EX_SOFTWARE)."""
EXIT_INTERRUPTED = 130


class GroundgateError(Exception):
    """``str(error)`` is the message, then the hint: one line a user can act on.

    ``args`` stays ``(message,)``, so code that reads ``str(exc)`` (model errors travel into
    events, redacted) sees exactly the message it raised when there is no hint."""

    exit_code: int = EXIT_FAILED

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}: {self.hint}" if self.hint else self.message


class ConfigError(GroundgateError):
    exit_code = EXIT_CONFIG


class UnreachableError(GroundgateError):
    exit_code = EXIT_UNREACHABLE


class UsageError(ConfigError):
    """A command's input cannot be used: an invalid message, a busy port, a range, a missing setting."""
