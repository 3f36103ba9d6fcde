"""Settings from the environment, validated once at start-up (``GROUNDGATE_*`` and Kafka's own name)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr

from app.llm import ROLES, RoleConfig
from app.prompts import PROMPT_DIR
from app.tools.builtin import DEMO_CORPUS

_ROLE_FIELDS = ("provider", "base_url", "api_key", "model", "temperature", "max_tokens", "timeout_s",
                "response_format", "max_attempts")


def role_configs(env: dict[str, str]) -> dict[str, RoleConfig]:
    """``GROUNDGATE_<ROLE>_<FIELD>`` over ``GROUNDGATE_MODEL_<FIELD>`` over the defaults
    (``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` fill the key and URL)."""
    out: dict[str, RoleConfig] = {}
    for role in ROLES:
        values: dict[str, str] = {}
        if env.get("OPENAI_API_KEY"):
            values["api_key"] = env["OPENAI_API_KEY"]
        if env.get("OPENAI_BASE_URL"):
            values["base_url"] = env["OPENAI_BASE_URL"]
        for f in _ROLE_FIELDS:
            for key in (f"GROUNDGATE_MODEL_{f.upper()}", f"GROUNDGATE_{role.upper()}_{f.upper()}"):
                if env.get(key):
                    values[f] = env[key]
        out[role] = RoleConfig.model_validate(values)
    return out


class Settings(BaseModel):
    bootstrap_servers: str | None = Field(default=None, description="None: start the embedded Tansu broker")
    topic_prefix: str = "groundgate."
    partitions: int = Field(default=4, ge=1, le=256)
    app_id: str = "groundgate"
    clickhouse_dsn: SecretStr = SecretStr("chdb://.groundgate/chdb")
    data_dir: Path = Path(".groundgate")
    corpus: Path = DEMO_CORPUS
    stall_s: float = Field(default=20.0, gt=0, description=(
        "re-drive a session that made no progress for this long and that no live worker holds "
        "(a stage whose model call is running holds its session until the deadline)"))
    liveness_s: float = Field(default=6.0, gt=0, description=(
        "a worker silent for this long is dead: the sessions its stages held are re-driven at once"))
    retention_s: float = Field(default=300.0, gt=0, description=(
        "an answered session leaves the worker's memory this long after its answer"))
    worker_id: str | None = Field(default=None, description=(
        "a stable name for this worker (default host:web_port); a restart under the same name takes "
        "over the sessions its previous run held at once"))
    deadline_s: float = Field(default=60.0, gt=0)
    max_in_flight: int = Field(default=64, ge=1, description="sessions a model stage works on at once")
    web_port: int = 6066
    web_host: str = Field(default="127.0.0.1", description="the address the web port binds to (0.0.0.0 in a container)")
    web_allowed_hosts: str = Field(default="", description=(
        "comma-separated host names the web port answers besides 127.0.0.1, localhost and [::1] "
        "(any other Host header gets 421: no DNS rebinding onto the audit's questions and answers)"))
    audit: Literal["inline", "off"] = Field(default="inline", description=(
        "inline: the worker runs the audit writer and serves the dashboard from its own store; "
        "off: it opens no store (run one `groundgate audit` per store)"))
    session_timeout_s: float = Field(default=3.0, ge=1.0, description=(
        "Kafka group session timeout: a worker killed without a goodbye is noticed after this; Tansu "
        "holds a JoinGroup for half of it, so it also sets how fast a (re)started worker is ready"))
    log_level: str = "INFO"
    simulated_latency_ms: float = Field(default=0.0, ge=0, description="added to every role call (tests, bench)")
    helper_tools: str = Field(default="clock,now,current_time,time,format,formatter",
                              description="comma-separated tools whose output is not evidence")
    answer_language: Literal["auto", "en", "zh"] = "auto"
    prompt_dir: Path = PROMPT_DIR
    tools_module: str | None = Field(default=None, description="module whose register(registry) adds your tools")
    roles: dict[str, RoleConfig] = Field(default_factory=lambda: {str(r): RoleConfig() for r in ROLES})

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        values: dict[str, object] = {}
        if env.get("KAFKA_BOOTSTRAP_SERVERS"):
            values["bootstrap_servers"] = env["KAFKA_BOOTSTRAP_SERVERS"]
        for name in cls.model_fields:
            if name == "roles":
                continue
            key = f"GROUNDGATE_{name.upper()}"
            if key in env:
                values[name] = env[key]
        values["roles"] = role_configs(dict(env))
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls.model_validate(values)

    @property
    def helper_tool_names(self) -> frozenset[str]:
        return frozenset(t.strip() for t in self.helper_tools.split(",") if t.strip())

    def topic(self, name: str) -> str:
        return f"{self.topic_prefix}{name}"
