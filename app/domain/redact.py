"""Secrets never travel: text that may come from a model endpoint or an exception is reduced
before it enters an event, a log line or a table."""

from __future__ import annotations

import re

_SECRETS = [
    re.compile(r"\bsk-[A-Za-z0-9_\-*]{6,}"),
    re.compile(r"(?i)\bbearer\s+[A-Za-z0-9._~+/=\-]{6,}"),
    re.compile(r"(?i)\b(api[_-]?key|token|secret|password|authorization)(\"?\s*[:=]\s*\"?)[^\s\"',;}]{4,}"),
    re.compile(r"\b[A-Za-z0-9_\-]{32,}\b"),
]


def redact(text: str, limit: int = 300) -> str:
    """``text`` with anything that looks like a key or token replaced, cut to ``limit`` chars."""
    for pat in _SECRETS:
        text = pat.sub(lambda m: (m.group(1) + m.group(2) if m.re.groups >= 2 else "") + "[redacted]", text)
    return text[:limit]
