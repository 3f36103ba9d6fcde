"""One error root: every error a user can meet is a GroundgateError with a message, an exit code
and optionally a hint, and the tree drawn in app/errors.py is the tree the code has."""

from __future__ import annotations

import re

import pytest

import app.cli
import app.kafka.apache  # noqa: F401  (imported so that every GroundgateError subclass is defined)
import app.roles.check
import app.stack  # noqa: F401
from app import errors
from app.audit.store import StoreError
from app.errors import ConfigError, GroundgateError, UnreachableError, UsageError
from app.kafka.broker import BrokerError
from app.roles.build import ToolsModuleError
from app.roles.llm import DeadlineExceeded, ModelError, ModelRejected, ModelUnavailable
from app.roles.prompts import PromptError
from app.settings import SettingsError


def every_subclass(cls: type) -> set[type]:
    out = set()
    for sub in cls.__subclasses__():
        out |= {sub} | every_subclass(sub)
    return out


@pytest.mark.parametrize(("cls", "code"), [
    (SettingsError, 2), (ToolsModuleError, 2), (PromptError, 2), (UsageError, 2),
    (BrokerError, 3), (StoreError, 3),
    (ModelError, 1), (ModelUnavailable, 1), (DeadlineExceeded, 1), (ModelRejected, 1), (app.cli.NoAnswer, 1),
], ids=lambda v: v.__name__ if isinstance(v, type) else str(v))
def test_every_error_a_user_can_meet_has_the_root_and_a_stable_exit_code(cls: type[GroundgateError], code: int) -> None:
    assert issubclass(cls, GroundgateError)
    assert cls("x").exit_code == code


@pytest.mark.parametrize(("cls", "builtin"), [
    (BrokerError, RuntimeError), (StoreError, RuntimeError), (ToolsModuleError, RuntimeError),
    (ModelError, RuntimeError), (PromptError, ValueError),
], ids=lambda v: v.__name__)
def test_existing_errors_keep_their_builtin_base_for_callers_that_catch_it(cls: type, builtin: type) -> None:
    assert issubclass(cls, builtin)


def test_the_message_and_the_hint_make_one_line() -> None:
    e = BrokerError("no groundgate topics on h:9092", hint="start a worker (groundgate worker) first")
    assert str(e) == "no groundgate topics on h:9092: start a worker (groundgate worker) first"
    assert e.message == "no groundgate topics on h:9092" and e.args == ("no groundgate topics on h:9092",)


def test_a_model_error_reads_exactly_as_raised() -> None:
    """Its text travels (redacted) into events and the audit: the root adds nothing to it."""
    assert str(ModelRejected("gpt: HTTP 401 (AuthenticationError)")) == "gpt: HTTP 401 (AuthenticationError)"


def drawn_tree(doc: str) -> dict[str, str | None]:
    """Each class drawn in the docstring's tree and the class it is drawn under."""
    lines = doc.split("Errors::", 1)[1].strip("\n").split("\n\n", 1)[0].splitlines()
    parents: dict[str, str | None] = {}
    at_column: dict[int, str] = {}
    for line in lines:
        m = re.match(r"^[\s│]*(?:[├└]── )?([A-Z]\w+)", line)
        assert m, line
        column = m.start(1)
        parents[m[1]] = at_column.get(column - 4)
        at_column[column] = m[1]
    return parents


def test_the_tree_in_the_docstring_is_the_tree_in_the_code() -> None:
    drawn = drawn_tree(errors.__doc__ or "")
    assert drawn.pop("GroundgateError") is None
    defined = {c.__name__: next(b for b in c.__bases__ if issubclass(b, GroundgateError)).__name__
               for c in every_subclass(GroundgateError)}
    assert drawn == defined


def test_each_error_is_drawn_with_the_file_that_defines_it() -> None:
    import inspect
    from pathlib import Path

    root = Path(errors.__file__).resolve().parents[1]
    named = dict(re.findall(r"([A-Z]\w+)\s+(app/[\w/]+\.py)", errors.__doc__ or ""))
    classes = {c.__name__: c for c in every_subclass(GroundgateError)}
    assert named and set(named) <= set(classes)
    for name, path in named.items():
        assert Path(inspect.getfile(classes[name])).resolve() == root / path, name
    # a class drawn without a file is defined where its parent is
    for name, cls in classes.items():
        if name not in named and cls.__bases__[0].__name__ in named:
            assert inspect.getfile(cls) == inspect.getfile(cls.__bases__[0]), name


@pytest.mark.parametrize(("cls", "family"), [
    (SettingsError, ConfigError), (ToolsModuleError, ConfigError), (PromptError, ConfigError),
    (BrokerError, UnreachableError), (StoreError, UnreachableError),
], ids=lambda v: v.__name__)
def test_errors_are_grouped_by_what_the_user_must_do(cls: type, family: type) -> None:
    assert issubclass(cls, family)


@pytest.fixture(autouse=True)
def no_logging_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    """``main`` configures logging once per process: not the test session's."""
    monkeypatch.setattr(app.cli, "_setup_logging", lambda *_, **__: None)


@pytest.mark.parametrize(("raised", "code", "said"), [
    (BrokerError("cannot reach Kafka at h:1", hint="check KAFKA_BOOTSTRAP_SERVERS"), 3,
     "groundgate: cannot reach Kafka at h:1: check KAFKA_BOOTSTRAP_SERVERS"),
    (UsageError("message 1 of 1 refused, nothing sent: not JSON"), 2,
     "groundgate: message 1 of 1 refused, nothing sent: not JSON"),
    (app.cli.NoAnswer("no answer to s-1 within 5s"), 1, "groundgate: no answer to s-1 within 5s"),
    (ValueError("sk-abcdefghijklmnopqrstuvwxyz0123\nsecond line"), 70,
     "groundgate: unexpected error (a bug): ValueError: [redacted]; run again with --debug for the traceback"),
], ids=["broker", "usage", "no-answer", "a-bug"])
def test_the_cli_maps_every_error_to_one_line_and_its_exit_code(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], raised: Exception, code: int,
        said: str) -> None:
    def fail(*_: object) -> int:
        raise raised

    monkeypatch.setattr(app.cli, "run_command", fail)
    assert app.cli.main(["tail"]) == code
    assert capsys.readouterr().err == said + "\n"


@pytest.mark.parametrize("argv", [["--debug", "tail"], ["tail", "--debug"]], ids=["before", "after"])
def test_debug_before_or_after_the_command_shows_the_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    def fail(*_: object) -> int:
        raise StoreError("cannot open ClickHouse store (http://…): refused")

    monkeypatch.setattr(app.cli, "run_command", fail)
    assert app.cli.main(argv) == 3
    err = capsys.readouterr().err
    assert "Traceback" in err and err.endswith("groundgate: cannot open ClickHouse store (http://…): refused\n")


def test_ctrl_c_exits_130_quietly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*_: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(app.cli, "run_command", interrupted)
    assert app.cli.main(["tail"]) == 130
    assert capsys.readouterr().err == ""
