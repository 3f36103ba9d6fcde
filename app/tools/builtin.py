"""Built-in tools over a corpus directory: ``kb_search`` (runbooks), ``log_search`` (logs), ``clock``.

Both searches return JSON the trace summary understands: ``{"hits": [...]}`` with one row per
runbook line (source ``file § section``, relevance), ``{"matches": [...]}`` with one row per
log line (source ``file:line``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

from app.domain.relevance import subject_of
from app.domain.text import terms
from app.tools.base import Tool, ToolRegistry

DEMO_CORPUS = Path(__file__).resolve().parent.parent / "demo"


@dataclass(frozen=True)
class Section:
    source: str
    title: str
    lines: tuple[str, ...]
    terms: frozenset[str]


@lru_cache(maxsize=8)
def _sections(root: str) -> tuple[Section, ...]:
    out: list[Section] = []
    for path in sorted(Path(root).rglob("*.md")):
        doc_title, title = path.stem, path.stem
        buf: list[str] = []
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("# "):
                doc_title = line[2:].strip()
            if line.startswith("#"):
                out.extend(_section(path.name, doc_title, title, buf))
                title, buf = line.lstrip("#").strip(), []
            else:
                buf.append(line)
        out.extend(_section(path.name, doc_title, title, buf))
    return tuple(out)


def _section(file: str, doc_title: str, title: str, lines: list[str]) -> list[Section]:
    body = tuple(ln.strip() for ln in lines if ln.strip())
    if not body:
        return []
    return [Section(f"{file} § {title}", title, body, frozenset(terms(" ".join((doc_title, title, *body)))))]


def _on_subject(subject: set[str], line_terms: frozenset[str], text: str) -> bool:
    """A hit must share the question's subject when it has one (``app.domain.relevance``): a
    Kafka question is not answered with a disk alert because both say "alert"."""
    return not subject or bool(subject & line_terms) or any(s in text.casefold() for s in subject)


def kb_search(query: str, top_k: int = 3, root: Path = DEMO_CORPUS / "runbooks") -> str:
    q = terms(query)
    subject = subject_of(query)

    def relevance(s: Section) -> float:
        shared = len(q & s.terms)
        if not _on_subject(subject, s.terms, " ".join((s.source, *s.lines))):
            return 0.0
        return shared / max(1, len(q)) if shared >= min(2, len(q)) else 0.0

    scored = sorted(((relevance(s), i, s) for i, s in enumerate(_sections(str(root)))), key=lambda t: (-t[0], t[1]))
    hits = []
    for score, _, s in scored[:top_k]:
        if score < 0.2:
            break
        rel = "high" if score >= 0.4 else "medium" if score >= 0.2 else "low"
        hits += [{"source": s.source, "text": ln, "relevance": rel, "layer": "runbook_section",
                  "score": round(score, 3)} for ln in s.lines[:12]]
    return json.dumps({"hits": hits}, ensure_ascii=False)


@lru_cache(maxsize=8)
def _log_lines(root: str) -> tuple[tuple[str, int, str, frozenset[str]], ...]:
    rows = []
    for path in sorted(Path(root).rglob("*.log")):
        for n, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if line.strip():
                rows.append((path.name, n, line, frozenset(terms(line))))
    return tuple(rows)


def log_search(query: str, limit: int = 20, min_terms: int = 2, root: Path = DEMO_CORPUS / "logs") -> str:
    """Lines sharing at least ``min_terms`` terms with the query (fewer if the query is short)."""
    q = terms(query)
    subject = subject_of(query)
    need = max(1, min(min_terms, len(q)))
    matches = []
    for name, n, line, line_terms in _log_lines(str(root)):
        k = len(q & line_terms)
        if k >= need and _on_subject(subject, line_terms, line):
            matches.append((k, name, n, line))
    best = sorted(matches, key=lambda t: (-t[0], t[1], t[2]))[:limit]
    best.sort(key=lambda t: (t[1], t[2]))
    return json.dumps({"matches": [{"source": f"{nm}:{n}", "line": ln} for _, nm, n, ln in best],
                       "total_matches": len(matches)}, ensure_ascii=False)


def clock() -> str:
    return datetime.now(UTC).isoformat()


_Q = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}


def builtin_registry(corpus: Path = DEMO_CORPUS) -> ToolRegistry:
    """The built-in tools over ``corpus``, read and indexed here, once: a call is then a lookup
    in memory (tens of microseconds), run on the event loop — a thread would cost more than the
    search (a tool that blocks is registered as a plain function, and runs in a thread)."""
    reg = ToolRegistry()
    rb, lg = corpus / "runbooks", corpus / "logs"
    _sections(str(rb)), _log_lines(str(lg))

    async def kb(query: str, top_k: int = 3) -> str:
        return kb_search(query, top_k, rb)

    async def logs(query: str, limit: int = 20, min_terms: int = 2) -> str:
        return log_search(query, limit, min_terms, lg)

    async def now() -> str:
        return clock()

    reg.register(Tool("kb_search", "Search the runbook knowledge base.", _Q, kb, evidence=True))
    reg.register(Tool("log_search", "Search incident logs for lines matching the query terms.", _Q, logs,
                      evidence=True))
    reg.register(Tool("clock", "Current UTC time.", {"type": "object", "properties": {}}, now, evidence=False))
    return reg


