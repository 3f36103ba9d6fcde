"""The CLI behaves like one: a version, help on every option, a closed pipe is a normal end,
the effective settings with secrets masked, a warning for a variable that sets nothing, and
``.env`` read as pydantic-settings reads it."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

import app.cli
from app.config_view import MASK, effective, known_variables, shown, unknown_variables
from app.role_config import ROLES, RoleConfig
from app.settings import Settings


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """A clean environment (none of groundgate's, Kafka's or OpenAI's variables) in an empty directory."""
    for key in list(os.environ):
        if key.upper().startswith(("GROUNDGATE_", "KAFKA_", "OPENAI_")):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(app.cli, "_setup_logging", lambda *_, **__: None)
    return monkeypatch


def _options(parser: argparse.ArgumentParser | None = None, name: str = "groundgate") -> list[tuple[str, argparse.Action]]:
    """Every option and argument of every command, subcommands (``models check``) included."""
    top = parser or app.cli.parser()
    out = [(name, a) for a in top._actions]
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                out += _options(sub, f"{name} {sub_name}")
    return out


@pytest.mark.parametrize(("command", "action"), _options(),
                         ids=lambda v: v if isinstance(v, str) else "/".join(v.option_strings) or v.dest)
def test_every_option_and_argument_has_help(command: str, action: argparse.Action) -> None:
    assert action.help, f"{command}: {action.option_strings or action.dest} has no help"


def test_every_command_says_what_it_does() -> None:
    [subs] = [a for a in app.cli.parser()._actions if isinstance(a, argparse._SubParsersAction)]
    assert all(choice.help for choice in subs._choices_actions)


@pytest.mark.parametrize(("argv", "says", "not_says"), [
    (["--help"], "checks every critical claim", "``"),
    (["models", "check", "--help"], "usage: groundgate models check", "{check}"),
    (["models", "--help"], "check that each configured role works", "``"),
], ids=["top", "models-check", "models"])
def test_help_is_written_for_the_user_and_each_command_has_its_own(argv: list[str], says: str, not_says: str,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        app.cli.main(argv)
    out = capsys.readouterr().out
    assert done.value.code == 0 and says in out and not_says not in out, out
    assert "GroundgateError" not in out and "app/errors.py" not in out


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        app.cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"groundgate {app.cli.version()}" != "groundgate unknown"


def test_a_closed_pipe_ends_quietly_with_exit_0(env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def reader_went_away(*_: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    env.setattr(app.cli, "run_command", reader_went_away)
    assert app.cli.main(["tail"]) == 0
    assert capsys.readouterr().err == ""


# ------------------------------------------------------------------ settings: .env, unknown variables, config


def test_dot_env_is_read_and_the_environment_wins_over_it(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("GROUNDGATE_PARTITIONS=8\nGROUNDGATE_TOPIC_PREFIX=fromfile.\n"
                                   "KAFKA_BOOTSTRAP_SERVERS=kafka:9092\nGROUNDGATE_VERIFIER_MODEL=gpt-x\n"
                                   "OPENAI_API_KEY=sk-file\n")
    env.setenv("GROUNDGATE_TOPIC_PREFIX", "fromenv.")
    s = Settings.from_env()
    assert (s.partitions, s.topic_prefix, s.bootstrap_servers) == (8, "fromenv.", "kafka:9092")
    assert s.roles["verifier"].model == "gpt-x" and s.roles["planner"].api_key.get_secret_value() == "sk-file"


def test_without_a_dot_env_the_defaults_stand(env: pytest.MonkeyPatch) -> None:
    assert Settings.from_env().partitions == 4


def test_a_bad_value_in_dot_env_names_its_variable(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from app.settings import SettingsError

    (tmp_path / ".env").write_text("GROUNDGATE_PARTITIONS=zero\n")
    with pytest.raises(SettingsError, match="GROUNDGATE_PARTITIONS"):
        Settings.from_env()


@pytest.mark.parametrize(("name", "suggestion"), [
    ("GROUNDGATE_PARTITON", "GROUNDGATE_PARTITIONS"),
    ("GROUNDGATE_VERIFER_MODEL", "GROUNDGATE_VERIFIER_MODEL"),
    ("GROUNDGATE_DEADLINE", "GROUNDGATE_DEADLINE_S"),
    ("GROUNDGATE_SOMETHING_ELSE_ENTIRELY", None),
], ids=lambda v: str(v))
def test_an_unknown_variable_is_named_with_the_closest_known_one(name: str, suggestion: str | None) -> None:
    [warning] = unknown_variables({name: "1", "GROUNDGATE_PARTITIONS": "4", "PATH": "/bin"})
    assert warning.startswith(f"{name} is not a groundgate setting")
    assert (f"did you mean {suggestion}?" in warning) if suggestion else "did you mean" not in warning


def test_every_setting_and_role_variable_is_known() -> None:
    names = known_variables()
    assert {"GROUNDGATE_PARTITIONS", "KAFKA_BOOTSTRAP_SERVERS", "GROUNDGATE_MODEL_API_KEY",
            "GROUNDGATE_COMPOSER_BASE_URL"} <= names
    assert not unknown_variables(dict.fromkeys(names, "x"))


def test_the_cli_warns_about_an_unknown_variable_on_stderr(env: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    env.setenv("GROUNDGATE_PARTITON", "8")
    env.setattr(app.cli, "run_command", lambda *_: 0)
    assert app.cli.main(["tail"]) == 0
    assert capsys.readouterr().err == ("groundgate: warning: GROUNDGATE_PARTITON is not a groundgate setting and is "
                                       "ignored (did you mean GROUNDGATE_PARTITIONS?)\n")


@pytest.mark.parametrize(("value", "expected"), [
    ("http://user:pw@host:8123/db?password=pw", f"http://user:{MASK}@host:8123/db"),
    ("chdb://.groundgate/chdb", "chdb://.groundgate/chdb"),
    ("sk-abc", MASK),
    ("", ""),
], ids=["dsn-with-password", "chdb-path", "api-key", "unset"])
def test_a_secret_is_shown_masked(value: str, expected: str) -> None:
    from pydantic import SecretStr

    assert shown(SecretStr(value)) == expected


def test_config_prints_every_setting_with_its_source_and_no_secret(env: pytest.MonkeyPatch, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / ".env").write_text("GROUNDGATE_PARTITIONS=8\n")
    env.setenv("GROUNDGATE_CLICKHOUSE_DSN", "http://u:hunter2@h:8123/db")
    env.setenv("GROUNDGATE_MODEL_API_KEY", "sk-secret-key")
    assert app.cli.main(["config"]) == 0
    out = capsys.readouterr().out
    assert "hunter2" not in out and "sk-secret-key" not in out
    lines = {ln.split("=", 1)[0]: ln for ln in out.splitlines() if "=" in ln}
    assert lines["GROUNDGATE_PARTITIONS"].startswith("GROUNDGATE_PARTITIONS=8 ") and lines[
        "GROUNDGATE_PARTITIONS"].endswith("# .env")
    assert f"http://u:{MASK}@h:8123/db" in lines["GROUNDGATE_CLICKHOUSE_DSN"]
    assert lines["GROUNDGATE_CLICKHOUSE_DSN"].endswith("# environment")
    assert lines["GROUNDGATE_VERIFIER_API_KEY"].endswith("# environment: GROUNDGATE_MODEL_API_KEY")
    assert lines["GROUNDGATE_DEADLINE_S"].endswith("# default")
    settings_fields = [f for f in Settings.model_fields if f != "roles"]
    assert len(effective(Settings.from_env())) == len(settings_fields) + len(ROLES) * len(RoleConfig.model_fields)


def test_config_prints_the_values_in_force_where_a_default_is_derived(env: pytest.MonkeyPatch) -> None:
    """A role's max tokens and timeout default per role, the group session timeout and static
    membership by the broker tuning: config prints the value in force and says where it is from."""
    from app.role_config import DEFAULT_MAX_TOKENS, DEFAULT_TIMEOUT_S

    env.setenv("GROUNDGATE_COMPOSER_TIMEOUT_S", "45")
    lines = {ln.split("=", 1)[0]: ln for ln in effective(Settings.from_env(), file_vars={})}
    for role in ROLES:
        tokens, timeout = lines[f"GROUNDGATE_{role.upper()}_MAX_TOKENS"], lines[f"GROUNDGATE_{role.upper()}_TIMEOUT_S"]
        assert tokens.startswith(f"GROUNDGATE_{role.upper()}_MAX_TOKENS={DEFAULT_MAX_TOKENS[role]} ")
        assert tokens.endswith(f"# default for the {role}")
        if role != "composer":
            assert timeout.startswith(f"GROUNDGATE_{role.upper()}_TIMEOUT_S={DEFAULT_TIMEOUT_S[role]} ")
    assert lines["GROUNDGATE_COMPOSER_TIMEOUT_S"].split()[0] == "GROUNDGATE_COMPOSER_TIMEOUT_S=45.0"
    assert lines["GROUNDGATE_SESSION_TIMEOUT_S"].split()[0] == "GROUNDGATE_SESSION_TIMEOUT_S=2.0"  # embedded: tuned
    assert lines["GROUNDGATE_STATIC_MEMBERSHIP"].split()[0] == "GROUNDGATE_STATIC_MEMBERSHIP=False"
    assert lines["GROUNDGATE_SESSION_TIMEOUT_S"].endswith("# default with the Tansu tuning")
    env.setenv("KAFKA_BOOTSTRAP_SERVERS", "kafka:9092")
    lines = {ln.split("=", 1)[0]: ln for ln in effective(Settings.from_env(), file_vars={})}
    assert lines["GROUNDGATE_SESSION_TIMEOUT_S"].split()[0] == "GROUNDGATE_SESSION_TIMEOUT_S=10.0"
    assert lines["GROUNDGATE_STATIC_MEMBERSHIP"].endswith("# default without the Tansu tuning")


def test_a_session_the_store_did_not_take_fails_ask_and_run_and_is_said(env: pytest.MonkeyPatch,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    import app.stack

    async def lacking(*_: object) -> str:
        return "no answered snapshot of s-1"

    env.setattr(app.stack, "stored", lacking)
    assert asyncio.run(app.cli._stored(Settings.from_env(), "b:1", None, ["s-1"], 2.0)) is False
    assert "the audit store did not take the session within 2s (no answered snapshot of s-1)" \
        in capsys.readouterr().err

    async def nothing(*_: object) -> str:
        return ""

    env.setattr(app.stack, "stored", nothing)
    assert asyncio.run(app.cli._stored(Settings.from_env(), "b:1", None, ["s-1", "s-2"], 2.0)) is True
    assert capsys.readouterr().err == ""
