"""The one owner of model clients: an ``openai.AsyncOpenAI`` per role, with explicit base URL,
key, timeout and no silent retries; our own retries with backoff and jitter stay inside the
time the session has left.

Its errors are ``ModelError`` and its three kinds (unavailable, deadline exceeded, rejected),
drawn with every other error of groundgate in ``app/errors.py``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field, SecretStr

from app import metrics
from app.errors import GroundgateError
from events.models import Usage

log = logging.getLogger(__name__)

Role = Literal["planner", "executor", "verifier", "composer"]
ROLES: tuple[Role, ...] = ("planner", "executor", "verifier", "composer")


class ModelError(GroundgateError, RuntimeError):
    """A model call failed; the message names the model and the error's class and status only."""

    usage: Usage | None = None
    """The failed call as the audit records it (class and status, attempts, time spent)."""


class ModelUnavailable(ModelError):
    pass


class DeadlineExceeded(ModelError):
    pass


class ModelRejected(ModelError):
    pass


class RoleConfig(BaseModel):
    provider: Literal["offline", "openai"] = "offline"
    base_url: str | None = None
    api_key: SecretStr = SecretStr("")
    model: str = "gpt-4o-mini"
    temperature: float = Field(default=0.0, ge=0, le=2)
    max_tokens: int = Field(default=2000, ge=1)
    timeout_s: float = Field(default=30.0, gt=0)
    response_format: Literal["json_schema", "json_object", "text"] = "json_schema"
    max_attempts: int = Field(default=4, ge=1)


@dataclass
class Reply:
    text: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0
    latency_ms: float = 0.0
    attempts: int = 1
    raw_message: dict[str, Any] = field(default_factory=dict)


def _retryable(exc: Exception) -> bool:
    import openai

    if isinstance(exc, TimeoutError | openai.RateLimitError | openai.APITimeoutError | openai.APIConnectionError):
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code >= 500


class ModelClient:
    def __init__(self, config: RoleConfig, http_client: Any = None,
                 sleep: Any = asyncio.sleep, rng: random.Random | None = None, role: str = "") -> None:
        self.config = config
        self.role = role
        self._sleep = sleep
        self._rng = rng or random.Random()
        # The client library is imported with the first model client: a worker whose roles are all
        # offline starts without it (it is half of the worker's import time).
        import openai

        # http_client: an httpx-compatible AsyncClient (tests replay recorded responses through it)
        self.client = openai.AsyncOpenAI(
            base_url=config.base_url, api_key=config.api_key.get_secret_value() or "unset",
            timeout=config.timeout_s, max_retries=0, http_client=http_client,
        )

    async def complete(self, messages: list[dict[str, Any]], budget_s: float, *,
                       json_schema: dict[str, Any] | None = None, schema_name: str = "output",
                       tools: list[dict[str, Any]] | None = None) -> Reply:
        """One chat completion within ``budget_s`` seconds, retrying 429/5xx/timeouts."""
        end = time.monotonic() + budget_s
        kwargs: dict[str, Any] = {"model": self.config.model, "messages": messages,
                                  "temperature": self.config.temperature, "max_tokens": self.config.max_tokens}
        if tools:
            kwargs["tools"] = tools
        elif json_schema is not None and self.config.response_format == "json_schema":
            kwargs["response_format"] = {"type": "json_schema",
                                         "json_schema": {"name": schema_name, "schema": json_schema}}
        elif json_schema is not None and self.config.response_format == "json_object":
            kwargs["response_format"] = {"type": "json_object"}
        attempt, first = 0, time.monotonic()

        def failed(kind: type[ModelError], why: str) -> ModelError:
            exc = kind(f"{self.config.model}: {why}")
            exc.usage = Usage(role=self.role or "model", model=self.config.model, attempts=attempt, error=why[:200],
                              latency_ms=round((time.monotonic() - first) * 1000, 2))
            return exc

        while True:
            attempt += 1
            left = end - time.monotonic()
            if left <= 0.05:
                raise failed(DeadlineExceeded, f"no time left (attempt {attempt})")
            started = time.monotonic()
            call_timeout = min(self.config.timeout_s, left)
            try:
                # The budget is enforced here too, not only by the HTTP transport's timeouts.
                resp = await asyncio.wait_for(
                    self.client.chat.completions.create(**kwargs, timeout=call_timeout), call_timeout + 0.05)
            except Exception as exc:
                import openai

                metrics.MODEL_ERRORS.labels(self.role or "model", type(exc).__name__).inc()
                # Only the error's class and status travel on: an endpoint may echo the key back.
                if isinstance(exc, openai.APIStatusError) and not _retryable(exc):
                    raise failed(ModelRejected, f"HTTP {exc.status_code} ({type(exc).__name__})") from None
                if not _retryable(exc):
                    raise failed(ModelUnavailable, type(exc).__name__) from None
                left = end - time.monotonic()
                backoff = min(8.0, 0.25 * 2 ** (attempt - 1)) * (0.5 + self._rng.random())
                if attempt >= self.config.max_attempts or left <= backoff + 0.05:
                    kind = DeadlineExceeded if left <= backoff + 0.05 else ModelUnavailable
                    raise failed(kind, f"{type(exc).__name__} after {attempt} attempt(s)") from None
                log.info("model %s: %s, retry %d in %.2fs", self.config.model, type(exc).__name__, attempt, backoff)
                await self._sleep(backoff)
                continue
            msg = resp.choices[0].message
            calls = [{"id": c.id, "name": c.function.name, "arguments": c.function.arguments}
                     for c in (msg.tool_calls or [])]
            usage = resp.usage
            return Reply(text=msg.content or "", tool_calls=calls,
                         input_tokens=usage.prompt_tokens if usage else 0,
                         output_tokens=usage.completion_tokens if usage else 0,
                         latency_ms=round((time.monotonic() - started) * 1000, 2), attempts=attempt,
                         raw_message=msg.model_dump(exclude_none=True))

