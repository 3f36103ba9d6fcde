"""Settings, validated once at start-up, with pydantic-settings.

``Settings.from_env(**overrides)`` reads the environment, and a ``.env`` file in the current
directory below it (as pydantic-settings reads one: a variable set in the environment wins):
``GROUNDGATE_<FIELD>``, Kafka's own ``KAFKA_BOOTSTRAP_SERVERS``, and per model role
``GROUNDGATE_<ROLE>_<FIELD>`` over ``GROUNDGATE_MODEL_<FIELD>`` over ``OPENAI_API_KEY`` /
``OPENAI_BASE_URL``; a value that does not validate is a ``SettingsError`` that names its variable.
``Settings(...)`` takes only the values it is given, so a test or a benchmark never picks up a
developer's ``GROUNDGATE_*`` (or model key) by accident.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    EnvSettingsSource,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from app.domain.evidence import DEFAULT_HELPER_TOOLS
from app.domain.language import AnswerLanguage
from app.errors import ConfigError
from app.role_config import PROMPT_DIR, ROLES, RoleConfig
from app.tools.builtin import DEMO_CORPUS

ENV_PREFIX = "GROUNDGATE_"
ENV_FILE = Path(".env")
"""Read from the current directory, as pydantic-settings' ``env_file=".env"`` is."""
BOOTSTRAP_VARIABLE = "KAFKA_BOOTSTRAP_SERVERS"
_SECRET = frozenset({"clickhouse_dsn", "api_key", "base_url", "kafka_sasl_password"})
"""Never echoed in an error: a DSN or a URL can hold a password."""


def default_data_dir() -> Path:
    """Where a worker and every command look by default, whatever the current directory: a worker
    started in one directory and ``groundgate dashboard`` run from another find the same store."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "groundgate"


class SettingsError(ConfigError):
    """A setting does not validate; the message names the environment variable that holds it."""


def role_variables(env: Mapping[str, str]) -> dict[str, dict[str, tuple[str, str]]]:
    """Per role and field, the variable that sets it and its value: ``GROUNDGATE_<ROLE>_<FIELD>``
    over ``GROUNDGATE_MODEL_<FIELD>`` over ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` (empty ones unset)."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for role in ROLES:
        found: dict[str, tuple[str, str]] = {}
        for f, var in (("api_key", "OPENAI_API_KEY"), ("base_url", "OPENAI_BASE_URL")):
            if env.get(var):
                found[f] = (var, env[var])
        for f in RoleConfig.model_fields:
            for var in (f"{ENV_PREFIX}MODEL_{f.upper()}", f"{ENV_PREFIX}{role.upper()}_{f.upper()}"):
                if env.get(var):
                    found[f] = (var, env[var])
        out[role] = found
    return out


def role_configs(env: Mapping[str, str]) -> dict[str, RoleConfig]:
    """Each role's model configuration from ``env`` (see ``role_variables``)."""
    return {role: RoleConfig.model_validate({f: v for f, (_, v) in found.items()})
            for role, found in role_variables(env).items()}


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, validate_by_name=True, extra="forbid")

    bootstrap_servers: str | None = Field(
        default=None, validation_alias=BOOTSTRAP_VARIABLE,
        description="Kafka's host:port list (KAFKA_BOOTSTRAP_SERVERS); none: start the embedded Tansu broker")
    topic_prefix: str = Field(default="groundgate.", description="every topic is named <prefix><name>")
    partitions: int = Field(default=4, ge=1, le=256, description=(
        "partitions per topic; every topic of a prefix has the same count (a session's events share a number)"))
    replication_factor: int = Field(default=1, ge=1, le=32, description=(
        "replicas of each topic a worker creates, its table's changelog included (3 on a production "
        "cluster; 1 on a single broker)"))
    app_id: str = Field(default="groundgate", description="the Faust app id: the consumer groups' name")
    clickhouse_dsn: SecretStr = Field(default=SecretStr("chdb://chdb"), description=(
        "the audit store: chdb://<path> for the in-process engine (a relative path is inside "
        "GROUNDGATE_DATA_DIR), http://user:pass@host:8123/db for a server"))
    data_dir: Path = Field(default_factory=lambda: default_data_dir(), description=(
        "the embedded broker's log, each worker's session table and relative chdb:// paths live here; "
        "by default the user's data directory ($XDG_DATA_HOME/groundgate or ~/.local/share/groundgate), "
        "the same from any current directory"))
    corpus: Path = Field(default=DEMO_CORPUS, description="the runbooks and logs the built-in tools search")
    stall_s: float = Field(default=20.0, gt=0, description=(
        "re-drive a session that made no progress for this long and that no live worker holds "
        "(a stage whose model call is running holds its session until the deadline); after a change "
        "of workers (a run stopping, starting or falling silent) such a session is taken over after 3 s"))
    liveness_s: float = Field(default=6.0, gt=0, description=(
        "a worker silent for this long is dead: the sessions its stages held are re-driven at once"))
    retention_s: float = Field(default=300.0, gt=0, description=(
        "an answered session leaves the worker's memory this long after its answer"))
    worker_id: str | None = Field(default=None, description=(
        "a stable name for this worker, unique among the workers (default host:web_port); a restart "
        "under the same name takes over the sessions its previous run held at once, and ends the group "
        "memberships a killed run left"))
    deadline_s: float = Field(default=60.0, gt=0, description="the deadline of a query that does not carry one")
    byo_retry: Literal["none", "client"] = Field(default="none", description=(
        "the second round of a session a client's own Executor opened (an ExecutorFinished without a "
        "query) after a weak first round: none (no second round, LOW_CONFID saying so) or client (a "
        "RetryRequested on the executor-retry topic, which the client's Executor answers with a round-2 "
        "ExecutorFinished); never the built-in Executor and demo tools"))
    table_store: Literal["rocksdb", "memory"] = Field(default="rocksdb", description=(
        "where a worker keeps its session table: rocksdb (on disk under GROUNDGATE_DATA_DIR, a "
        "restart reads only the changelog's tail) or memory (replays the whole changelog at start)"))
    max_in_flight: int = Field(default=256, ge=1, description="sessions a model stage works on at once")
    rule_processes: int = Field(default=0, ge=0, le=64, description=(
        "processes beside a worker's event loop that run the stages' deterministic checks (the "
        "Gatekeeper, the evidence trace, the Composer's vetting: app/offload.py) while it is busy; "
        "0 runs them on the loop. Worth 1 where the worker's loop does not get a whole core (a host "
        "shared with other work); it costs ~12 % more CPU per session (docs/benchmarks.md)"))
    web_port: int = Field(default=6066, ge=0, le=65535, description=(
        "the dashboard page, /metrics, /healthz and /readyz; give each worker on a host its own"))
    web_host: str = Field(default="127.0.0.1", description="the address the web port binds to (0.0.0.0 in a container)")
    web_allowed_hosts: str = Field(default="", description=(
        "comma-separated host names the web port answers besides 127.0.0.1, localhost and [::1] "
        "(any other Host header gets 421: no DNS rebinding onto the audit's questions and answers)"))
    audit: Literal["inline", "off"] = Field(default="inline", description=(
        "inline: the worker runs the audit writer and serves the dashboard from its own store; "
        "off: it opens no store (run one `groundgate audit` per store)"))
    session_timeout_s: float | None = Field(default=None, ge=1.0, description=(
        "Kafka group session timeout (s): a worker killed without a goodbye, or whose event loop stalls "
        "this long, leaves its groups; every group member heartbeats at a tenth of it. Default 10 (Apache "
        "Kafka refuses less than its group.min.session.timeout.ms, 6 s by default), 2 with the Tansu "
        "tuning (Tansu holds a JoinGroup for half of it)"))
    broker_tuning: Literal["auto", "tansu", "off"] = Field(default="auto", description=(
        "tansu: the embedded broker's tuning (app/kafka/tuning.py: Faust's and aiokafka's internals "
        "overridden for Tansu's timing and its ListOffsets bug); off: the libraries as they are, for "
        "Apache Kafka and its kin; auto: tansu only where groundgate starts the embedded broker itself"))
    static_membership: bool | None = Field(default=None, description=(
        "whether a worker joins its groups as a static member (KIP-345, group.instance.id = its worker "
        "id): a restart in place within the session timeout costs no rebalance. Default: on, except "
        "with the Tansu tuning (Tansu holds a join beside a dead static member for a minute and more)"))
    kafka_security_protocol: Literal["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] = Field(
        default="PLAINTEXT", description="how every Kafka connection is secured (Kafka's security.protocol)")
    kafka_sasl_mechanism: Literal["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] | None = Field(
        default=None, description="the SASL mechanism (sasl.mechanism) with SASL_PLAINTEXT or SASL_SSL")
    kafka_sasl_username: str | None = Field(default=None, description="the SASL user")
    kafka_sasl_password: SecretStr | None = Field(default=None, description="the SASL user's password (never logged)")
    kafka_ssl_cafile: Path | None = Field(default=None, description=(
        "PEM file of the CA(s) that signed the brokers' certificates (default: the system's trust store)"))
    kafka_ssl_certfile: Path | None = Field(default=None, description=(
        "PEM file of this client's certificate, for brokers that ask for one (mutual TLS)"))
    kafka_ssl_keyfile: Path | None = Field(default=None, description="PEM file of the key of kafka_ssl_certfile")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = Field(
        default="INFO", description="the worker's and the audit process's log level (any case)")
    log_format: Literal["text", "json"] = Field(default="text", description=(
        "every process's log lines: text (UTC time, level, logger, message) or json (one object a line)"))
    simulated_latency_ms: float = Field(default=0.0, ge=0, description="added to every role call (tests, bench)")
    helper_tools: str = Field(default=",".join(sorted(DEFAULT_HELPER_TOOLS)),
                              description="comma-separated tools whose output is not evidence")
    answer_language: AnswerLanguage = Field(default="auto", description=(
        "auto: answer in the language the client's query asks for, else the question's; en or zh: always that "
        "language"))
    prompt_dir: Path = Field(default=PROMPT_DIR, description="the prompt set the model roles use")
    tools_module: str | None = Field(default=None, description="module whose register(registry) adds your tools")
    roles: Annotated[dict[str, RoleConfig], NoDecode] = Field(
        default_factory=lambda: {str(r): RoleConfig() for r in ROLES},
        description="per role: the offline engine or an OpenAI-compatible model (GROUNDGATE_<ROLE>_<FIELD>)")

    @field_validator("bootstrap_servers", mode="before")
    @classmethod
    def _blank_is_embedded(cls, v: object) -> object:
        return None if isinstance(v, str) and not v.strip() else v

    @field_validator("log_level", mode="before")
    @classmethod
    def _any_case(cls, v: object) -> object:
        return v.strip().upper() if isinstance(v, str) else v

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        """Only the values given: the environment is read by ``from_env`` alone."""
        return (init_settings,)

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        """Overrides (those not None) over the environment over ``.env`` over the defaults."""
        env = environment()
        fields = set(cls.model_fields) | {BOOTSTRAP_VARIABLE}
        # DotEnvSettingsSource returns every line of the file; the role variables are read below
        values: dict[str, Any] = {k: v for k, v in DotEnvSettingsSource(cls, env_file=ENV_FILE)().items()
                                  if k in fields}
        values.update(EnvSettingsSource(cls)())
        values.pop("roles", None)  # the roles come from their own variables (NoDecode: no JSON blob is parsed)
        roles = role_variables(env)
        values["roles"] = {role: {f: v for f, (_, v) in found.items()} for role, found in roles.items()}
        given = {k: v for k, v in overrides.items() if v is not None}
        try:
            return cls(**{**values, **given})
        except ValidationError as exc:
            problems = dict.fromkeys(_problem(e, roles, given) for e in exc.errors(include_url=False))
            raise SettingsError("bad settings: " + "; ".join(list(problems)[:3])) from None

    @model_validator(mode="after")
    def _sasl_is_complete(self) -> Settings:
        if self.kafka_security_protocol.startswith("SASL_"):
            missing = [f"{ENV_PREFIX}{f.upper()}" for f in ("kafka_sasl_mechanism", "kafka_sasl_username",
                                                            "kafka_sasl_password") if getattr(self, f) is None]
            if missing:
                raise ValueError(f"{self.kafka_security_protocol} needs {', '.join(missing)}")
        if (self.kafka_ssl_certfile is None) != (self.kafka_ssl_keyfile is None):
            raise ValueError(f"{ENV_PREFIX}KAFKA_SSL_CERTFILE and {ENV_PREFIX}KAFKA_SSL_KEYFILE go together")
        return self

    @property
    def tansu_tuning(self) -> bool:
        """Whether the Tansu tuning is on (``app.kafka.tuning``): asked for, or ``auto`` where this
        process starts the embedded broker (no ``KAFKA_BOOTSTRAP_SERVERS``)."""
        return self.broker_tuning == "tansu" or (self.broker_tuning == "auto" and self.bootstrap_servers is None)

    @property
    def static_members(self) -> bool:
        """``static_membership``, or its default: on unless the Tansu tuning is."""
        return self.static_membership if self.static_membership is not None else not self.tansu_tuning

    @property
    def group_session_timeout_s(self) -> float:
        """``session_timeout_s``, or its default: 2 s with the Tansu tuning, 10 s otherwise."""
        if self.session_timeout_s is not None:
            return self.session_timeout_s
        return 2.0 if self.tansu_tuning else 10.0

    @property
    def heartbeat_interval_s(self) -> float:
        """How often every group consumer of a worker heartbeats: a tenth of the session timeout
        (0.2 s at 2 s, 1 s at 10 s). A group's leader learns of a new member only from its next
        heartbeat, so half of it goes, on average, into every rebalance a new member causes."""
        return self.group_session_timeout_s / 10

    @property
    def group_id(self) -> str:
        """The Faust app id under the topic prefix: the worker's consumer group and the stem of its
        other groups (``-ledger``, ``-audit``) and of its table's changelog topic, so that two
        deployments (two prefixes) on one cluster share no group and no topic."""
        return f"{self.topic_prefix}{self.app_id}"

    @property
    def helper_tool_names(self) -> frozenset[str]:
        return frozenset(t.strip() for t in self.helper_tools.split(",") if t.strip())

    def topic(self, name: str) -> str:
        return f"{self.topic_prefix}{name}"


def dotenv_values(path: Path = ENV_FILE) -> dict[str, str]:
    """The variables a ``.env`` file sets (python-dotenv's reading, as pydantic-settings'), none
    when there is no such file."""
    from dotenv import dotenv_values as read

    return {k: v for k, v in read(path).items() if v is not None} if path.is_file() else {}


def environment() -> dict[str, str]:
    """The variables settings are read from: the environment over ``.env``."""
    return {**dotenv_values(), **os.environ}


def _problem(error: Any, roles: dict[str, dict[str, tuple[str, str]]],
             given: Mapping[str, object]) -> str:
    """One validation error as ``VARIABLE: what is wrong (got 'value')``."""
    loc = [str(x) for x in error["loc"]]
    if not loc:  # a rule across fields: its message names the variables (and never a value)
        return str(error["msg"]).removeprefix("Value error, ")
    field = loc[0]
    name, value = field, error.get("input")
    if field == "roles" and len(loc) >= 3 and "roles" not in given:
        name, value = roles.get(loc[1], {}).get(loc[2], (f"{ENV_PREFIX}{loc[1].upper()}_{loc[2].upper()}", value))
        field = loc[2]
    elif field in given:
        name = f"{field} (given)"
    elif field in (BOOTSTRAP_VARIABLE, "bootstrap_servers"):
        name = BOOTSTRAP_VARIABLE
    else:
        name = f"{ENV_PREFIX}{field.upper()}"
    shown = "" if field in _SECRET or not isinstance(value, str) else f" (got {value[:60]!r})"
    return f"{name}: {error['msg']}{shown}"
