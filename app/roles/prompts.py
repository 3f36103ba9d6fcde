"""Prompts live in ``prompts/*.md``: front matter names the prompt and declares its variables;
rendering is strict (a missing or undeclared ``{{variable}}`` is an error) and every prompt is
identified in the audit by the hash of its file's content."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from app.errors import ConfigError
from app.role_config import PROMPT_DIR as PROMPT_DIR  # the default prompt set

_VAR = re.compile(r"\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}")


class PromptError(ConfigError, ValueError):
    """A prompt file or a rendering that breaks the contract."""


@dataclass(frozen=True)
class Prompt:
    name: str
    variables: tuple[str, ...]
    body: str
    content_hash: str

    def render(self, **values: Any) -> str:
        missing = set(self.variables) - set(values)
        extra = set(values) - set(self.variables)
        if missing or extra:
            raise PromptError(f"prompt {self.name}: missing {sorted(missing)}, undeclared {sorted(extra)}")

        def sub(m: re.Match[str]) -> str:
            v = values[m.group(1)]
            return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, indent=1, default=str)

        return _VAR.sub(sub, self.body)


@cache
def load(name: str, directory: Path = PROMPT_DIR) -> Prompt:
    path = directory / f"{name}.md"
    if not path.is_file():
        raise PromptError(f"no prompt file {path}")
    text = path.read_text(encoding="utf-8")
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    if not m:
        raise PromptError(f"{path.name}: no front matter")
    meta = dict(line.split(":", 1) for line in m.group(1).splitlines() if ":" in line)
    variables = tuple(v.strip() for v in meta.get("variables", "").strip(" []").split(",") if v.strip())
    used = set(_VAR.findall(m.group(2)))
    if used != set(variables):
        raise PromptError(f"{path.name}: declared {sorted(variables)} but uses {sorted(used)}")
    return Prompt(name=meta.get("name", name).strip(), variables=variables, body=m.group(2),
                  content_hash=hashlib.sha256(text.encode()).hexdigest()[:16])
