"""Settings: the documented variable names, the role precedence, errors that name the variable,
and settings built in code that never read the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.settings import Settings, SettingsError


@pytest.mark.parametrize(("variable", "value", "field", "expected"), [
    ("KAFKA_BOOTSTRAP_SERVERS", "kafka:9092", "bootstrap_servers", "kafka:9092"),
    ("KAFKA_BOOTSTRAP_SERVERS", "", "bootstrap_servers", None),
    ("GROUNDGATE_TOPIC_PREFIX", "x.", "topic_prefix", "x."),
    ("GROUNDGATE_PARTITIONS", "8", "partitions", 8),
    ("GROUNDGATE_DEADLINE_S", "20", "deadline_s", 20.0),
    ("GROUNDGATE_WEB_PORT", "7000", "web_port", 7000),
    ("GROUNDGATE_AUDIT", "off", "audit", "off"),
    ("GROUNDGATE_ANSWER_LANGUAGE", "zh", "answer_language", "zh"),
    ("GROUNDGATE_LOG_LEVEL", "debug", "log_level", "DEBUG"),
    ("GROUNDGATE_DATA_DIR", "/tmp/gg", "data_dir", Path("/tmp/gg")),
    ("GROUNDGATE_TOOLS_MODULE", "my.tools", "tools_module", "my.tools"),
], ids=lambda v: str(v))
def test_each_setting_is_read_from_its_documented_variable(env: pytest.MonkeyPatch, variable: str, value: str,
                                                           field: str, expected: object) -> None:
    env.setenv(variable, value)
    assert getattr(Settings.from_env(), field) == expected


def test_the_store_dsn_is_a_secret(env: pytest.MonkeyPatch) -> None:
    env.setenv("GROUNDGATE_CLICKHOUSE_DSN", "http://u:pw@h:8123/db")
    s = Settings.from_env()
    assert s.clickhouse_dsn.get_secret_value() == "http://u:pw@h:8123/db" and "pw" not in repr(s)


def test_a_role_variable_wins_over_the_model_variable_over_openai_s(env: pytest.MonkeyPatch) -> None:
    env.setenv("OPENAI_API_KEY", "sk-openai")
    env.setenv("OPENAI_BASE_URL", "http://openai.test/v1")
    env.setenv("GROUNDGATE_MODEL_PROVIDER", "openai")
    env.setenv("GROUNDGATE_MODEL_BASE_URL", "http://model.test/v1")
    env.setenv("GROUNDGATE_VERIFIER_BASE_URL", "http://verifier.test/v1")
    env.setenv("GROUNDGATE_VERIFIER_API_KEY", "sk-verifier")
    roles = Settings.from_env().roles
    assert {r: c.provider for r, c in roles.items()} == dict.fromkeys(("planner", "executor", "verifier", "composer"),
                                                                       "openai")
    assert roles["verifier"].base_url == "http://verifier.test/v1"
    assert roles["verifier"].api_key.get_secret_value() == "sk-verifier"
    assert roles["planner"].base_url == "http://model.test/v1"
    assert roles["planner"].api_key.get_secret_value() == "sk-openai"


def test_overrides_win_over_the_environment_and_none_is_no_override(env: pytest.MonkeyPatch) -> None:
    env.setenv("GROUNDGATE_PARTITIONS", "8")
    assert Settings.from_env(partitions=2).partitions == 2
    assert Settings.from_env(partitions=None).partitions == 8


def test_settings_built_in_code_never_read_the_environment(env: pytest.MonkeyPatch) -> None:
    env.setenv("GROUNDGATE_PARTITIONS", "8")
    env.setenv("KAFKA_BOOTSTRAP_SERVERS", "kafka:9092")
    env.setenv("GROUNDGATE_VERIFIER_PROVIDER", "openai")
    s = Settings(topic_prefix="t.")
    assert (s.partitions, s.bootstrap_servers, s.roles["verifier"].provider) == (4, None, "offline")
    assert Settings(bootstrap_servers="h:1").bootstrap_servers == "h:1"


@pytest.mark.parametrize(("variables", "said"), [
    ({"GROUNDGATE_PARTITIONS": "abc"}, "GROUNDGATE_PARTITIONS: Input should be a valid integer"),
    ({"GROUNDGATE_PARTITIONS": "0"}, "GROUNDGATE_PARTITIONS: Input should be greater than or equal to 1 (got '0')"),
    ({"GROUNDGATE_AUDIT": "sometimes"}, "GROUNDGATE_AUDIT: Input should be 'inline' or 'off'"),
    ({"GROUNDGATE_LOG_LEVEL": "loud"}, "GROUNDGATE_LOG_LEVEL: Input should be 'DEBUG'"),
    ({"GROUNDGATE_MODEL_TEMPERATURE": "9"}, "GROUNDGATE_MODEL_TEMPERATURE: Input should be less than or equal to 2"),
    ({"GROUNDGATE_MODEL_TEMPERATURE": "1", "GROUNDGATE_COMPOSER_TEMPERATURE": "x"},
     "GROUNDGATE_COMPOSER_TEMPERATURE: Input should be a valid number"),
], ids=lambda v: next(iter(v)) if isinstance(v, dict) else "")
def test_a_bad_value_names_its_environment_variable(env: pytest.MonkeyPatch, variables: dict[str, str],
                                                    said: str) -> None:
    for k, v in variables.items():
        env.setenv(k, v)
    with pytest.raises(SettingsError) as exc:
        Settings.from_env()
    assert str(exc.value).startswith(f"bad settings: {said}")
    assert exc.value.exit_code == 2
    assert str(exc.value).count(said.split(":")[0]) == 1, "one problem said once, not once per role"


def test_every_setting_says_what_it_is_for() -> None:
    assert [name for name, f in Settings.model_fields.items() if not f.description] == []


def test_forgetting_tables_removes_only_this_apps_table_directories(tmp_path: Path) -> None:
    from app.kafka.runtime import forget_tables, table_dir

    settings = Settings(data_dir=tmp_path, app_id="gg")
    mine, other = table_dir(settings, "vm:1"), tmp_path / "tables-other-vm_1"
    for d in (mine, other):
        (d / "x").mkdir(parents=True)
    forget_tables(settings)
    assert not mine.exists() and other.exists()


def test_every_group_member_of_a_worker_heartbeats_at_a_tenth_of_the_session_timeout() -> None:
    """A group's leader hears of a new member only at its next heartbeat (app.kafka.group_sync)."""
    import asyncio

    from app.kafka.clients import group_consumer
    from app.kafka.runtime import create_app

    settings = Settings(session_timeout_s=3.0)

    async def built() -> tuple[int, float]:
        consumer = group_consumer(settings, "127.0.0.1:9", "ledger")
        return consumer._heartbeat_interval_ms, create_app(settings, "127.0.0.1:9").conf.broker_heartbeat_interval

    assert asyncio.run(built()) == (300, 0.3)
