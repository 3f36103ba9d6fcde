"""The one owner of model clients: an ``openai.AsyncOpenAI`` per role, with explicit base URL,
key, timeout and no silent retries; our own retries, with backoff and jitter, are started only
when they can still finish within the time the stage has left (``app.roles.budget``).

Its errors are ``ModelError`` and its kinds (unavailable, deadline exceeded, rejected, unusable),
drawn with every other error of groundgate in ``app/errors.py``. Every error carries ``calls``:
each model call of the failed operation as the audit records it, the failed one last.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Any

from app import metrics
from app.errors import GroundgateError
from app.role_config import RoleConfig as RoleConfig  # re-exported: what a model client is made from
from app.roles import budget
from events.models import CallStatus, Usage

log = logging.getLogger(__name__)


class ModelError(GroundgateError, RuntimeError):
    """A model call failed; the message names the model and the error's class and status only."""

    calls: list[Usage]
    """Every call of the failed operation as the audit records it, the failed one last (empty
    when no request was sent)."""

    def __init__(self, message: str, hint: str | None = None, calls: list[Usage] | None = None) -> None:
        super().__init__(message, hint)
        self.calls = list(calls or [])


class ModelUnavailable(ModelError):
    pass


class DeadlineExceeded(ModelError):
    pass


class ModelRejected(ModelError):
    pass


class ModelUnusable(ModelError):
    """The model answered, but not with anything the role can use (``app.roles.usable``)."""


@dataclass
class Reply:
    text: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    input_tokens: int = 0
    output_tokens: int = 0
    latency_ms: float = 0.0
    attempts: int = 1
    raw_message: dict[str, Any] = field(default_factory=dict)
    finish_reason: str = ""


def _retryable(exc: Exception) -> bool:
    import openai

    if isinstance(exc, TimeoutError | openai.RateLimitError | openai.APITimeoutError | openai.APIConnectionError):
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code >= 500


def _timed_out(exc: Exception) -> bool:
    import openai

    return isinstance(exc, TimeoutError | openai.APITimeoutError)


class ModelClient:
    def __init__(self, config: RoleConfig, http_client: Any = None,
                 sleep: Any = asyncio.sleep, rng: random.Random | None = None, role: str = "") -> None:
        self.config = config.for_role(role)
        self.role = role or "model"
        self.max_tokens: int = self.config.max_tokens or 1024
        self.timeout_s: float = self.config.timeout_s or 30.0
        self.fastest_s: float | None = None
        """The fastest reply this client has had: no attempt is started with less time left."""
        self._sleep = sleep
        self._rng = rng or random.Random()
        # The client library is imported with the first model client: a worker whose roles are all
        # offline starts without it (it is half of the worker's import time).
        import openai

        # http_client: an httpx-compatible AsyncClient (tests replay recorded responses through it)
        self.client = openai.AsyncOpenAI(
            base_url=config.base_url, api_key=config.api_key.get_secret_value() or "unset",
            timeout=self.timeout_s, max_retries=0, http_client=http_client,
        )

    @property
    def need_s(self) -> float:
        """What one round of this role needs at least: its per-call timeout times its fewest calls."""
        return self.timeout_s * budget.MIN_CALLS.get(self.role, 1)

    @property
    def floor_s(self) -> float:
        return self.fastest_s if self.fastest_s is not None else budget.MIN_CALL_S

    def usage(self, reply: Reply | None = None, prompt_hash: str = "", status: CallStatus = "ok",
              error: str = "", attempts: int | None = None, latency_ms: float = 0.0) -> Usage:
        """One call as the audit records it."""
        r = reply or Reply(text="", attempts=attempts or 1, latency_ms=latency_ms)
        return Usage(role=self.role, model=self.config.model, prompt_hash=prompt_hash, input_tokens=r.input_tokens,
                     output_tokens=r.output_tokens, latency_ms=r.latency_ms, attempts=r.attempts,
                     error=error[:200], status=status)

    def _request(self, messages: list[dict[str, Any]], json_schema: dict[str, Any] | None, schema_name: str,
                 tools: list[dict[str, Any]] | None) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"model": self.config.model, "messages": messages,
                                  "temperature": self.config.temperature, "max_tokens": self.max_tokens}
        if tools:
            kwargs["tools"] = tools
        elif json_schema is not None and self.config.response_format == "json_schema":
            kwargs["response_format"] = {"type": "json_schema",
                                         "json_schema": {"name": schema_name, "schema": json_schema}}
        elif json_schema is not None and self.config.response_format == "json_object":
            kwargs["response_format"] = {"type": "json_object"}
        return kwargs

    async def complete(self, messages: list[dict[str, Any]], budget_s: float, *,
                       json_schema: dict[str, Any] | None = None, schema_name: str = "output",
                       tools: list[dict[str, Any]] | None = None, prompt_hash: str = "") -> Reply:
        """One chat completion within ``budget_s`` seconds; a fast failure (429, 5xx, a dropped
        connection) is retried only when the retry can still finish, a timeout never
        (``app.roles.budget``)."""
        kwargs = self._request(messages, json_schema, schema_name, tools)
        end = first = time.monotonic()
        end += budget_s
        attempt = 0

        def failed(kind: type[ModelError], status: CallStatus, why: str) -> ModelError:
            sent = [self.usage(prompt_hash=prompt_hash, status=status, error=why, attempts=attempt,
                               latency_ms=round((time.monotonic() - first) * 1000, 2))] if attempt else []
            return kind(f"{self.config.model}: {why}", calls=sent)

        while True:
            left = end - time.monotonic()
            call_timeout = budget.attempt_timeout(left, self.timeout_s, self.floor_s)
            if call_timeout is None:
                what = "timeout" if attempt else "no call started"
                raise failed(DeadlineExceeded, "timeout", f"{what}: {max(0.0, left):.1f}s left, "
                             f"less than a reply takes ({self.floor_s:.1f}s)")
            attempt += 1
            started = time.monotonic()
            try:
                # The budget is enforced here too, not only by the HTTP transport's timeouts.
                resp = await asyncio.wait_for(
                    self.client.chat.completions.create(**kwargs, timeout=call_timeout), call_timeout + 0.05)
            except Exception as exc:
                import openai

                took = time.monotonic() - started
                metrics.MODEL_ERRORS.labels(self.role, type(exc).__name__).inc()
                # Only the error's class and status travel on: an endpoint may echo the key back.
                if isinstance(exc, openai.APIStatusError) and not _retryable(exc):
                    raise failed(ModelRejected, "refused", f"HTTP {exc.status_code} ({type(exc).__name__})") from None
                if not _retryable(exc):
                    raise failed(ModelUnavailable, "error", type(exc).__name__) from None
                timed_out = _timed_out(exc)
                what = (f"timeout after {took:.1f}s" if timed_out else f"HTTP {exc.status_code} ({type(exc).__name__})"
                        if isinstance(exc, openai.APIStatusError) else type(exc).__name__)
                a = budget.Attempted("timeout" if timed_out else "error", took, attempt)
                backoff = budget.retry_backoff(a, end - time.monotonic(), self.floor_s, self.config.max_attempts,
                                               self._rng)
                if backoff is None:
                    # Out of time: the attempt was cut to what the stage had left, or no retry fits in
                    # it. Otherwise the model is too slow for its per-call timeout, or down.
                    out_of_time = call_timeout < self.timeout_s - 0.05 if timed_out else \
                        attempt < self.config.max_attempts
                    raise failed(DeadlineExceeded if out_of_time else ModelUnavailable,
                                 "timeout" if timed_out else "error", f"{what} ({attempt} attempt(s))") from None
                log.info("model %s (%s): %s, retry %d in %.2fs", self.config.model, self.role, what, attempt, backoff)
                await self._sleep(backoff)
                continue
            took = time.monotonic() - started
            self.fastest_s = took if self.fastest_s is None else min(self.fastest_s, took)
            choice = resp.choices[0]
            msg = choice.message
            calls = [{"id": c.id, "name": c.function.name, "arguments": c.function.arguments}
                     for c in (msg.tool_calls or []) if getattr(c, "function", None) is not None]
            usage = resp.usage
            return Reply(text=msg.content or "", tool_calls=calls,
                         input_tokens=usage.prompt_tokens if usage else 0,
                         output_tokens=usage.completion_tokens if usage else 0,
                         latency_ms=round(took * 1000, 2), attempts=attempt,
                         raw_message=msg.model_dump(exclude_none=True), finish_reason=choice.finish_reason or "")
