"""``groundgate models check``: call each configured role once and say what works."""

from __future__ import annotations

import time
from dataclasses import dataclass

import httpx

from app.domain.redact import redact
from app.roles import prompts
from app.roles.llm import ModelClient, ModelError, ModelRejected
from app.settings import Settings

_SCHEMA = {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]}
_PROBE_TOOL = [{"type": "function", "function": {"name": "noop", "description": "does nothing",
                                                  "parameters": {"type": "object", "properties": {}}}}]


@dataclass
class CheckResult:
    role: str
    provider: str
    model: str
    ok: bool
    detail: str

    def line(self) -> str:
        return f"{self.role:<9} {self.provider:<8} {self.model:<24} {'ok  ' if self.ok else 'FAIL'} {self.detail}"


def _hint(role: str, exc: Exception, feature: str) -> str:
    text = redact(str(exc))
    low = text.lower()
    if "401" in text or "api key" in low or "unauthorized" in low:
        return f"bad API key ({text}); set GROUNDGATE_{role.upper()}_API_KEY or OPENAI_API_KEY"
    if "404" in text or "model" in low and ("not found" in low or "does not exist" in low):
        return f"unknown model ({text}); set GROUNDGATE_{role.upper()}_MODEL"
    if feature == "json_schema" and ("response_format" in low or "json_schema" in low or "400" in text):
        return (f"the server does not support JSON schema output ({text}); "
                f"set GROUNDGATE_{role.upper()}_RESPONSE_FORMAT=json_object or text")
    if feature == "tools":
        return f"the server does not support tool calling ({text}); the executor role needs it"
    return text


async def check_models(settings: Settings, http_client: httpx.AsyncClient | None = None,
                       budget_s: float = 20.0) -> list[CheckResult]:
    probe = prompts.load("models-check-prompt")
    results = []
    for role, cfg in settings.roles.items():
        if cfg.provider == "offline":
            results.append(CheckResult(role, "offline", "-", True, "deterministic offline engine"))
            continue
        client = ModelClient(cfg, http_client=http_client)
        messages = [{"role": "user", "content": probe.render(role=role)}]
        started = time.monotonic()
        feature: str = cfg.response_format
        try:
            await client.complete(messages, budget_s, json_schema=_SCHEMA, schema_name="check")
            if role == "executor":
                feature = "tools"
                await client.complete(messages, budget_s, tools=_PROBE_TOOL)
        except (ModelRejected, ModelError) as exc:
            results.append(CheckResult(role, cfg.provider, cfg.model, False, _hint(role, exc, feature)))
            continue
        except Exception as exc:  # anything else is reported, never raised at the user
            results.append(CheckResult(role, cfg.provider, cfg.model, False, redact(f"{type(exc).__name__}: {exc}")))
            continue
        ms = (time.monotonic() - started) * 1000
        extra = " + tools" if role == "executor" else ""
        results.append(CheckResult(role, cfg.provider, cfg.model, True, f"{cfg.response_format}{extra}, {ms:.0f} ms"))
    return results
