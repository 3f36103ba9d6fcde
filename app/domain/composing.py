"""The Composer decision: whether to call it, what of its output to accept, and the text otherwise.

The Composer only expresses filtered material (spec 003). It is not called when there is
nothing it may express: REJECT uses the degraded template, and an answer with nothing
confirmed uses the fixed no-evidence template (status ``not_called``, so the audit's fallback
rate counts only real Composer failures). Its output is accepted only as the strict JSON
contract, and refused when one of its lines is traced to no allowed material item
(``app.domain.provenance``), words a cause as the sole or certain one on a claim that does not
allow it, asserts a cause the material does not give, or when it leaves a confirmed finding out
(an empty answer, ``...``, the question restated): then the safe template is used
(``malformed``, with ``refusal`` and ``refused_line`` saying which line and why). Raw Composer
text is never shown and never kept.
"""

from __future__ import annotations

import re
from typing import Literal

from app.domain.provenance import Items, covers, sentences
from app.domain.strict_json import one_object
from app.domain.templates import Lang, fixed_phrases, render_answer, render_degraded, render_disclaimer
from app.domain.text import canonical, normalise, terms
from app.domain.vocabulary import CAUSAL_WORDS, MARKER_WORDS, cause_named, hedged, mentions_sole_root_cause
from events.models import (
    MAX_ANSWER_CHARS,
    MAX_CLAIM_CHARS,
    MAX_DETAIL_CHARS,
    ComposerMaterial,
    ComposerOutput,
    RecommendedAction,
    Refusal,
)

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


def _refused(refusal: Refusal, line: str, why: str) -> ComposerOutput:
    return ComposerOutput(status="malformed", refusal=refusal, refused_line=line[:MAX_CLAIM_CHARS],
                          detail=f"refused ({refusal}): {line[:200]!r} {why}"[:MAX_DETAIL_CHARS])


def vet(out: ComposerOutput, m: ComposerMaterial) -> ComposerOutput:
    """Refuse valid output that says more, or less, than the material: every line traced to one
    allowed claim or action (a hypothesis only when the line hedges it; a fixed template phrase;
    or a line that says nothing), sole or certain cause wording only on a claim the material allows
    it for, no cause the material does not give, and every confirmed finding carried."""
    if out.status != "valid":
        return out
    facts = Items([*m.allowed_claims, *(f"{a.action_text} {a.reason}" for a in m.recommended_actions)],
                  fixed=[*fixed_phrases(m.language), m.note], causes=m.certain_causes)
    hyps = Items(m.allowed_hypotheses)
    certain = {normalise(c) for c in m.certain_causes}
    answer, summary = canonical(out.user_facing_answer), canonical(out.answer_summary)
    text = f"{summary}\n{answer}"
    # The answer is what the user reads: every line of it traced. The summary is kept for the
    # audit only: it may frame ("from the logs") but may name nothing the material does not.
    for line, read in [*((x, True) for x in sentences(answer)), *((x, False) for x in sentences(summary))]:
        why = facts.untraced(line)
        if why is not None and (read or why.named):
            if hyps.trace(line) is None:
                return _refused("untraced", line, why.reason)
            if not hedged(line):
                return _refused("hypothesis_as_fact", line, "states an unconfirmed hypothesis as fact")
        if mentions_sole_root_cause(line) and normalise(facts.holding(line) or "") not in certain:
            return _refused("sole_cause", line, "words a cause as the sole or certain one, which the material "
                                                "allows for no claim this line restates")
    cause = unfounded_cause(text, m)
    if cause is not None:
        return _refused("unfounded_cause", cause, "names a cause the material does not give")
    for finding in m.allowed_claims:
        if not covers(answer, finding):
            return _refused("omitted", finding, "is a confirmed finding the answer leaves out")
    return out


_SENTENCE = re.compile(r"[.!?;](?=\s|$)|[\n。！？；]+")  # not the dot of logrotate.timer or 10.2.3.4


def unfounded_cause(text: str, m: ComposerMaterial) -> str | None:
    """A cause the answer asserts that the material does not give: a sentence whose causal marker
    names a cause most of whose content terms are in no allowed claim, hypothesis or action (a
    gap is not a ground). Paraphrase of an allowed cause passes; a new one falls back to the
    template, built from the material alone."""
    grounds = terms("\n".join([*m.allowed_claims, *m.allowed_hypotheses,
                               *(f"{a.action_text} {a.reason}" for a in m.recommended_actions)]))
    grounds |= terms(CAUSAL_WORDS) | terms(MARKER_WORDS)
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
