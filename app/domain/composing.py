"""The Composer decision: whether to call it, what of its output to accept, and the text otherwise.

The Composer only expresses filtered material (spec 003). It is not called when there is
nothing it may express: REJECT uses the degraded template, and an answer with nothing
confirmed uses the fixed no-evidence template (status ``not_called``, so the audit's fallback
rate counts only real Composer failures). Its output is accepted only as the strict JSON
contract, and vetoed when it words an inference as the sole or certain cause or names a key
entity (host, code, number, quote) that is not in the material: then the safe template is
used (``malformed``). Raw Composer text is never shown and never kept.
"""

from __future__ import annotations

import re
from typing import Literal

from app.domain import entities
from app.domain.strict_json import one_object
from app.domain.templates import Lang, render_answer, render_degraded, render_disclaimer
from app.domain.text import canonical, normalise, terms
from app.domain.vocabulary import CAUSAL_WORDS, cause_named, mentions_sole_root_cause
from events.models import MAX_ANSWER_CHARS, MAX_CLAIM_CHARS, ComposerMaterial, ComposerOutput, RecommendedAction

Mode = Literal["answer", "disclaimer", "degraded"]


def composer_needed(mode: Mode, m: ComposerMaterial) -> bool:
    """Only when there is confirmed material to express and the answer is not degraded."""
    return mode != "degraded" and bool(m.allowed_claims)


def without_composer(mode: Mode, m: ComposerMaterial, lang: Lang, reason: str = "") -> tuple[ComposerOutput, str]:
    """The fixed template for an answer the Composer is not asked to write."""
    if mode == "degraded":
        return ComposerOutput(status="not_called", detail="REJECT uses the fixed degraded template"), \
            render_degraded(m, lang, reason)
    text = render_disclaimer(m, lang) if mode == "disclaimer" else render_answer(m, lang)
    return ComposerOutput(status="not_called", detail="nothing confirmed: the fixed no-evidence template"), text


def parse_composer(text: str) -> ComposerOutput:
    """Strict Composer JSON, or ``malformed`` with a short reason (the raw text is never kept)."""
    try:
        data = one_object(text)
        summary, answer = data["answer_summary"], data["user_facing_answer"]
        acts = [RecommendedAction.model_validate(a) for a in data["recommended_actions"][:100]]
        if not isinstance(summary, str) or not isinstance(answer, str) or not answer.strip():
            raise ValueError("answer_summary/user_facing_answer must be non-empty strings")
    except (ValueError, KeyError, TypeError) as exc:
        return ComposerOutput(status="malformed", detail=f"{type(exc).__name__}: {exc}"[:200])
    return ComposerOutput(status="valid", answer_summary=summary[:MAX_CLAIM_CHARS], recommended_actions=acts,
                          user_facing_answer=answer[:MAX_ANSWER_CHARS // 2])


def material_text(m: ComposerMaterial) -> str:
    """Everything the Composer was given to express (the question and rationale excluded: neither
    confirms anything)."""
    parts = [*m.allowed_claims, *m.allowed_hypotheses, *m.missing_info,
             *(f"{a.action_text} {a.reason}" for a in m.recommended_actions)]
    return normalise("\n".join(parts))


def vet(out: ComposerOutput, m: ComposerMaterial) -> ComposerOutput:
    """Refuse valid output that says more than the material allows."""
    if out.status != "valid":
        return out
    text = canonical(f"{out.answer_summary}\n{out.user_facing_answer}")
    if mentions_sole_root_cause(text) and not m.root_cause_allowed:
        return ComposerOutput(status="malformed", detail="worded an inference as the sole root cause")
    known = material_text(m)
    new = [e.needle for e in entities.extract(text) if not entities.occurs(e, known)]
    if new:
        return ComposerOutput(status="malformed", detail=f"names {new[0][:60]!r}, which is not in the material")
    cause = unfounded_cause(text, m)
    if cause is not None:
        return ComposerOutput(status="malformed", detail=f"names a cause the material does not: {cause[:80]!r}")
    return out


_SENTENCE = re.compile(r"[.!?;](?=\s|$)|[\n。！？；]+")  # not the dot of logrotate.timer or 10.2.3.4


def unfounded_cause(text: str, m: ComposerMaterial) -> str | None:
    """A cause the answer asserts that the material does not give: a sentence whose causal marker
    names a cause most of whose content terms are in no allowed claim, hypothesis or action (a
    gap is not a ground). Paraphrase of an allowed cause passes; a new one falls back to the
    template, built from the material alone."""
    grounds = terms("\n".join([*m.allowed_claims, *m.allowed_hypotheses,
                               *(f"{a.action_text} {a.reason}" for a in m.recommended_actions)]))
    grounds |= terms(CAUSAL_WORDS)
    for sentence in _SENTENCE.split(text):
        cause = cause_named(sentence)
        named = terms(cause) if cause else frozenset()
        if cause and named and 2 * len(named - grounds) > len(named):
            return cause.strip()
    return None


def with_composer(mode: Mode, m: ComposerMaterial, lang: Lang, out: ComposerOutput) -> str:
    """The final text when the Composer was asked: its answer if accepted, else the safe template."""
    body = out.user_facing_answer if out.status == "valid" else render_answer(m, lang)
    if mode == "disclaimer":
        return render_disclaimer(m, lang, body if out.status == "valid" else None)
    return body
