"""A failure a line shows without a word of failure: by a state, a code, a level or a count.

"pay-api-6f7d9-8tq2n Init:CrashLoopBackOff (vault-agent-init exit code 1)" tells that the init
container failed as plainly as "vault-agent-init failed" does, in none of the words of failure
``app.domain.denied_failure`` reads. A text *shows* a failure where it has

- a state whose name holds a word of failure (``CrashLoopBackOff``, ``OOMKilled``, ``Error``,
  ``ImagePullBackOff``, ``Failed``): a word written in capitals or CamelCase, read by its parts;
- a nonzero exit or return code (``exit code 1``, ``exited with 137``, ``rc=2``, ``退出码 1``);
- an error level (``ERROR``, ``FATAL``, ``CRITICAL``, ``PANIC``; ``level=error``);
- a restart count above zero (``restarts: 4``, ``restartCount=3``, ``restarted 5 times``,
  ``重启 3 次``), which ``restarted`` tells on its own.
"""

from __future__ import annotations

import re

from app.domain.text import canonical

_FAILING_PART = re.compile(r"crash(?:ed)?|fail(?:ed|ure)?|err(?:or)?|kill(?:ed)?|backoff|abort(?:ed)?|panic|fatal",
                           re.IGNORECASE)
"""A part of a state's name that tells failure: ``Crash`` and ``BackOff`` of CrashLoopBackOff,
``Killed`` of OOMKilled, ``Err`` of ErrImagePull."""
_STATE = re.compile(r"(?<![\w.-])[A-Z][A-Za-z]+(?![\w.-])")
_PARTS = re.compile(r"[A-Z][a-z]*")
_CODE = re.compile(r"(?i)\b(?:exit(?:ed)?|return(?:ed)?|rc|exit_code|returncode)(?:\s+(?:code|status|value|with))*"
                   r"\s*[=:]?\s*(-?\d+)\b|(?:退出码|返回码|退出状态)\s*[=:：为是]?\s*(-?\d+)")
_LEVEL = re.compile(r"\b(?:ERROR|FATAL|CRITICAL|CRIT|PANIC|EMERG)\b"
                    r"|(?i:\blevel\s*[=:]\s*(?:error|fatal|critical|panic)\b)")
_RESTARTS = re.compile(r"(?i)\brestart(?:s|count|_count|ed)?\s*[=:]?\s*(\d+)(?!\s*(?:s|ms|min|m|h)\b)"
                       r"|\brestarted\s+(\d+)\s+times\b|\b(\d+)\s+restarts\b|重启\s*(?:了|次数)?\s*[=:：为]?\s*(\d+)\s*次?")


def _state_fails(word: str) -> bool:
    """Whether the state ``word`` holds a part of failure, a part alone or two in a row (Back Off)."""
    parts = [p.casefold() for p in _PARTS.findall(word)]
    return any(_FAILING_PART.fullmatch(p) for p in [*parts, *map("".join, zip(parts, parts[1:], strict=False))])


def shows(text: str) -> bool:
    """Whether ``text`` shows a failure by a state, a nonzero code, an error level or a restart count
    above zero (see the module)."""
    text = canonical(text)
    if any(_state_fails(m.group()) for m in _STATE.finditer(text)):
        return True
    if any(int(next(g for g in m.groups() if g is not None)) != 0 for m in _CODE.finditer(text)):
        return True
    return _LEVEL.search(text) is not None or restarted(text)


def restarted(text: str) -> bool:
    """Whether ``text`` counts a restart above zero (see the module)."""
    return any(int(next(g for g in m.groups() if g is not None)) > 0 for m in _RESTARTS.finditer(canonical(text)))
