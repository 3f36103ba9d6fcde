"""An OpenAI-compatible chat-completions server on loopback that answers like a careful model:
the planner plans, the executor calls log_search then quotes the line it got, the verifier
labels each claim by whether the summary quotes it, the composer restates the material.
Deterministic, so the real openai client and the whole pipeline can be tested end to end.

A question can script how one role fails, as a weak model does, by carrying ``gg-fail=<role>:<mode>``
(modes: ``endless``, a chat template repeated up to max tokens; ``example``, the JSON example of
the role's own prompt copied; ``garbage``, prose; ``timeout``, no reply at all), or script a path:
``gg-script=retry`` (the Verifier finds nothing in round 1, everything in round 2) or
``gg-script=fabricate`` (the Executor names a host and an error code the evidence does not)."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from aiohttp import web

from app.kafka.broker import free_port
from tests.replay import RECORDED_COPIES

ROLES = ("Planner", "Executor", "Verifier", "Composer")
_FAIL = re.compile(r"gg-fail=(\w+):(\w+)")
_EXAMPLE = re.compile(r'^\{".*?\}\s*$(?=\n\n)', re.S | re.M)


def _reply(content: str | None = None, tool_calls: list[dict[str, Any]] | None = None,
           finish_reason: str = "stop", completion_tokens: int = 10) -> dict[str, Any]:
    msg: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        msg["tool_calls"] = tool_calls
    return {"id": "cmpl", "object": "chat.completion", "created": 0, "model": "fake",
            "choices": [{"index": 0, "message": msg, "finish_reason": finish_reason}],
            "usage": {"prompt_tokens": 50, "completion_tokens": completion_tokens,
                      "total_tokens": 50 + completion_tokens}}


def role_of(prompt: str) -> str:
    return next((r.lower() for r in ROLES if f"You are the {r}" in prompt), "")


def failure(body: dict[str, Any]) -> str | None:
    """The scripted failure mode for this request's role, if its question scripts one."""
    prompt = body["messages"][0]["content"]
    m = _FAIL.search(prompt)
    return m.group(2) if m and m.group(1) == role_of(prompt) else None


def failed_reply(body: dict[str, Any], mode: str) -> dict[str, Any]:
    prompt = body["messages"][0]["content"]
    if mode == "endless":
        return _reply("<|im_start|>assistant\n" * 200, finish_reason="length",
                      completion_tokens=body.get("max_tokens") or 1000)
    if mode == "example":
        example = _EXAMPLE.search(prompt)  # the prompt's own example, or a recorded copy of the one it had
        return _reply(example.group(0) if example is not None else RECORDED_COPIES[role_of(prompt)])
    assert mode == "garbage", mode
    return _reply("Sure! I looked into it and I think the disk is probably full.")


def answer(body: dict[str, Any]) -> dict[str, Any]:
    messages = body["messages"]
    prompt = messages[0]["content"]
    if "You are the Planner" in prompt:
        q = prompt.rsplit("Question:", 1)[1].strip()
        return _reply(json.dumps({"steps": ["search logs"], "calls": [{"tool": "log_search",
                                                                      "arguments": {"query": q}}]}))
    if "You are the Executor" in prompt:
        tool_msgs = [m for m in messages if m.get("role") == "tool"]
        if not tool_msgs:
            q = prompt.rsplit("Question:", 1)[1].strip()
            return _reply(None, [{"id": "call_1", "type": "function",
                                  "function": {"name": "log_search", "arguments": json.dumps({"query": q})}}])
        content = tool_msgs[0]["content"]
        inv = re.search(r"\[call id ([^\]]+)\]", content).group(1)
        data = json.loads(content.split("\n", 1)[1])
        line = data["matches"][0]["line"] if data.get("matches") else ""
        if line and "gg-script=fabricate" in prompt:
            line += " on host web-99 with error ERR-4242"
        claims = [{"claim_id": "c1", "text": line, "claim_type": "observation", "is_critical": True,
                   "evidence_refs": [inv]}] if line else []
        return _reply(json.dumps({"claims": claims, "user_facing_answer": "CANARY-FAKE-MODEL"}))
    if "You are the Verifier" in prompt:
        refs = re.findall(r'"trace_ref": "(T\d+-\d+)"', prompt)
        if "gg-script=retry" in prompt and prompt.rstrip().endswith("null"):
            refs = []  # round 1 (no retry context): nothing found, so the session takes its second round
        claims = re.findall(r'"claim_id": "([^"]+)",\s*"text": "((?:[^"\\]|\\.)*)"', prompt)
        facts = [{"claim_id": cid, "fact": text, "is_critical": True,
                  "verification": "direct_evidence" if refs else "no_evidence",
                  "detail": f"quoted in {refs[0]}" if refs else "no evidence item",
                  "evidence_refs": [{"trace_ref": refs[0]}] if refs else []} for cid, text in claims]
        return _reply(json.dumps({"verdict": "PASS", "groundedness_score": 1.0, "critical_fact_count": len(facts),
                                  "facts_checked": facts, "rationale": "quoted lines",
                                  "claim_checks": [{"claim_id": c, "classification": "direct_observation"}
                                                   for c, _ in claims]}))
    if "You are the Composer" in prompt:
        allowed = re.search(r"allowed_claims: (\[.*?\])\n", prompt, re.S)
        claims = json.loads(allowed.group(1)) if allowed else []
        return _reply(json.dumps({"answer_summary": "from the logs", "recommended_actions": [],
                                  "user_facing_answer": "From the logs: " + " ".join(claims)}))
    return _reply('{"ok": true}')


class FakeOpenAI:
    """Runs in a process of its own (as a model server does: a thread of the test's process was
    starved of the GIL under load, so an attempt the client made could time out before the handler
    saw it); ``hang_roles`` never answer (for deadline tests). ``requests`` asks it for the bodies
    it received, in order."""

    def __init__(self, hang_roles: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.hang_roles = hang_roles
        self._proc: subprocess.Popen[bytes] | None = None
        self._kept: list[dict[str, Any]] | None = None
        """What it had received when it stopped."""

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def requests(self) -> list[dict[str, Any]]:
        if self._kept is not None:
            return self._kept
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/requests", timeout=30) as r:
            got: list[dict[str, Any]] = json.loads(r.read())
        return got

    def requests_of(self, text: str) -> list[dict[str, Any]]:
        """The requests whose prompt holds ``text`` (a session's question)."""
        return [b for b in self.requests if text in b["messages"][0]["content"]]

    def __enter__(self) -> FakeOpenAI:
        self._proc = subprocess.Popen([sys.executable, "-m", "tests.integration.fake_openai", str(self.port),
                                       *self.hang_roles], cwd=Path(__file__).resolve().parents[2])
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if self._proc.poll() is not None:
                raise RuntimeError(f"the fake model server exited ({self._proc.returncode})")
            try:
                self.requests  # noqa: B018  # answers once it serves
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the fake model server did not start in 30 s")

    def __exit__(self, *exc: object) -> None:
        if self._proc is not None:
            if self._proc.poll() is None:
                self._kept = self.requests
            self._proc.kill()
            self._proc.wait(10)


def serve(port: int, hang_roles: tuple[str, ...]) -> None:
    """The server's process: every body it receives is kept, and served at ``/requests``."""
    received: list[dict[str, Any]] = []

    async def handle(request: web.Request) -> web.Response:
        body = await request.json()
        received.append(body)
        prompt = body["messages"][0]["content"]
        mode = failure(body)
        if any(f"You are the {role}" in prompt for role in hang_roles) or mode == "timeout":
            await asyncio.sleep(3600)
        return web.json_response(failed_reply(body, mode) if mode else answer(body))

    async def listed(_: web.Request) -> web.Response:
        return web.json_response(received)

    app = web.Application(client_max_size=64 * 1024 * 1024)
    app.router.add_post("/v1/chat/completions", handle)
    app.router.add_get("/requests", listed)
    web.run_app(app, host="127.0.0.1", port=port, print=None, handle_signals=True)


if __name__ == "__main__":
    serve(int(sys.argv[1]), tuple(sys.argv[2:]))
