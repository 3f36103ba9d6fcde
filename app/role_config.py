"""Each model role's configuration: the offline engine or an OpenAI-compatible endpoint, with the
role's defaults, and the prompt set the roles use. Settings read it (``GROUNDGATE_<ROLE>_*``);
``app.roles`` builds each role from it. It lives below both, so neither imports the other's
package to know what a role's configuration is."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr

Role = Literal["planner", "executor", "verifier", "composer"]
ROLES: tuple[Role, ...] = ("planner", "executor", "verifier", "composer")
DEFAULT_MAX_TOKENS: dict[str, int] = {"planner": 512, "executor": 1024, "verifier": 768, "composer": 1024}
"""Sized for what each role returns: a plan and a verdict are small; an Executor turn is a tool
call or its claims; a Composer answer is a few paragraphs. A reply cut at this size is unusable."""
DEFAULT_TIMEOUT_S: dict[str, float] = {"planner": 20.0, "executor": 30.0, "verifier": 30.0, "composer": 30.0}
"""Per attempt; always cut to what the session's deadline leaves the stage."""
PROMPT_DIR = Path(__file__).resolve().parents[1] / "prompts"
"""The prompt set shipped with groundgate (``GROUNDGATE_PROMPT_DIR`` names another)."""


class RoleConfig(BaseModel):
    provider: Literal["offline", "openai"] = Field(default="offline", description=(
        "offline: the deterministic engine, no network; openai: any OpenAI-compatible endpoint"))
    base_url: str | None = Field(default=None, description=(
        "the endpoint, e.g. http://127.0.0.1:8080/v1 (else OPENAI_BASE_URL, else OpenAI's)"))
    api_key: SecretStr = Field(default=SecretStr(""), description="the endpoint's key (else OPENAI_API_KEY)")
    model: str = Field(default="gpt-4o-mini", description="the model name sent with each request")
    temperature: float = Field(default=0.0, ge=0, le=2, description="sampling temperature")
    max_tokens: int | None = Field(default=None, ge=1, description=(
        "max_tokens of every request of the role; a reply cut there is unusable"))
    """None: the role's own default (``DEFAULT_MAX_TOKENS``)."""
    timeout_s: float | None = Field(default=None, gt=0, description=(
        "the longest one request may take (s), always cut to what the session's deadline leaves"))
    """Per attempt; None: the role's own default (``DEFAULT_TIMEOUT_S``)."""
    response_format: Literal["json_schema", "json_object", "text"] = Field(default="json_schema", description=(
        "how the JSON roles ask for JSON"))
    max_attempts: int = Field(default=3, ge=1, description=(
        "requests one call may make in all (fast failures retried only when they can still finish)"))

    def for_role(self, role: str) -> RoleConfig:
        """This configuration with the role's defaults filled in."""
        return self.model_copy(update={
            "max_tokens": self.max_tokens or DEFAULT_MAX_TOKENS.get(role, 1024),
            "timeout_s": self.timeout_s or DEFAULT_TIMEOUT_S.get(role, 30.0)})
