"""Replays recorded OpenAI chat-completion responses through the real ``openai`` client."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx

Step = dict[str, Any] | httpx.Response | Callable[[httpx.Request], httpx.Response] | Exception


def completion(content: str | None = None, tool_calls: list[tuple[str, str, dict[str, Any] | str]] | None = None,
               prompt_tokens: int = 100, completion_tokens: int = 20, finish_reason: str | None = None
               ) -> dict[str, Any]:
    """A chat.completion body as an OpenAI-compatible server returns it (``finish_reason``
    "length": the reply stopped at max_tokens)."""
    msg: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        msg["tool_calls"] = [{"id": cid, "type": "function", "function": {
            "name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
            for cid, name, args in tool_calls]
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1764493200, "model": "replayed-model",
            "choices": [{"index": 0, "message": msg, "finish_reason": finish_reason or ("tool_calls" if tool_calls else "stop")}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


class Replay:
    """An httpx transport that answers each request with the next recorded step."""

    def __init__(self, *steps: Step) -> None:
        self.steps = list(steps)
        self.requests: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(json.loads(request.content or b"{}"))
        if not self.steps:
            return httpx.Response(500, json={"error": {"message": "replay exhausted"}})
        step = self.steps.pop(0)
        if isinstance(step, Exception):
            raise step
        if isinstance(step, httpx.Response):
            return step
        if callable(step):
            return step(request)
        return httpx.Response(200, json=step)

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.MockTransport(self))


RECORDED_COPIES = {
    # What weak models answered when these prompts still carried a JSON example (they copy it
    # with its placeholders); the prompts now describe their JSON instead of showing one.
    "verifier": '{"verdict": "PASS|LOW_CONFID|REJECT", "groundedness_score": 0.0, "critical_fact_count": 0, '
                '"facts_checked": [{"claim_id": "...", "fact": "...", "is_critical": true, "verification": "...", '
                '"detail": "...", "evidence_refs": [{"trace_ref": "...", "source_invocation_ids": ["..."]}]}], '
                '"claim_checks": [{"claim_id": "...", "classification": "...", "detail": "..."}], '
                '"rationale": "...", "relevance": "..."}',
    "composer": '{"answer_summary": "...", "recommended_actions": [{"action_text": "...", "reason": "..."}], '
                '"user_facing_answer": "..."}',
}
