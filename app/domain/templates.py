"""Fixed user-facing templates (spec 000/003), English and Chinese, built only from material."""

from __future__ import annotations

from typing import Literal

from app.domain.material import Material

Lang = Literal["en", "zh"]

DISCLAIMER: dict[Lang, str] = {
    "en": "⚠ Low confidence: parts of this answer are not fully supported by the collected evidence. "
          "Verify before acting.",
    "zh": "⚠ 置信度较低：以下回答的部分内容未得到已收集证据的充分支持，请在操作前核实。",
}
DEGRADED_HEAD: dict[Lang, str] = {
    "en": "A reliable answer cannot be generated from the available evidence.",
    "zh": "根据现有证据，无法生成可靠的诊断结论。",
}
LABELS: dict[Lang, dict[str, str]] = {
    "en": {"confirmed": "Confirmed facts", "gaps": "Evidence gaps", "next": "Suggested next steps",
           "hyp": "Possible explanations (unconfirmed)", "none": "none",
           "default_next": "Collect the relevant logs and metrics for the affected hosts and ask again.",
           "deadline": "The diagnosis did not finish within its deadline.",
           "invalid_input": "The request could not be read.",
           "model_unavailable": "The model service did not answer.",
           "summary": "Findings"},
    "zh": {"confirmed": "已确认的事实", "gaps": "证据缺口", "next": "建议的下一步",
           "hyp": "可能的解释（未确认）", "none": "无",
           "default_next": "收集受影响主机的相关日志和指标后再次提问。",
           "deadline": "诊断未能在截止时间内完成。",
           "invalid_input": "无法读取该请求。",
           "model_unavailable": "模型服务未能响应。",
           "summary": "结论"},
}


DEGRADED_REASONS = ("deadline", "invalid_input", "model_unavailable")


def _bullets(lines: list[str], none: str) -> str:
    return "\n".join(f"- {x}" for x in lines) if lines else f"- {none}"


def _actions(m: Material, lang: Lang) -> list[str]:
    acts = [a.action_text for a in m.recommended_actions]
    return acts or [LABELS[lang]["default_next"]]


def render_answer(m: Material, lang: Lang) -> str:
    """The safe PASS answer: confirmed claims and next steps, nothing else."""
    L = LABELS[lang]
    parts = [f"{L['summary']}:", _bullets(m.allowed_claims, L["none"])]
    if m.recommended_actions:
        parts += [f"{L['next']}:", _bullets(_actions(m, lang), L["none"])]
    return "\n".join(parts)


def render_disclaimer(m: Material, lang: Lang, body: str | None = None) -> str:
    """LOW_CONFID: the fixed disclaimer first; gaps only from the Verifier's critical gaps."""
    L = LABELS[lang]
    parts = [DISCLAIMER[lang], "", body if body is not None else render_answer(m, lang)]
    if m.allowed_hypotheses and body is None:
        parts += [f"{L['hyp']}:", _bullets(m.allowed_hypotheses, L["none"])]
    if m.missing_info:
        parts += [f"{L['gaps']}:", _bullets(m.missing_info, L["none"])]
    return "\n".join(parts)


def render_degraded(m: Material, lang: Lang, reason: str = "") -> str:
    """REJECT (or no usable result): only confirmed facts, evidence gaps and next steps."""
    L = LABELS[lang]
    head = DEGRADED_HEAD[lang] + (f" {L[reason]}" if reason in DEGRADED_REASONS else "")
    return "\n".join([
        head, "",
        f"{L['confirmed']}:", _bullets(m.allowed_claims, L["none"]),
        f"{L['gaps']}:", _bullets(m.missing_info, L["none"]),
        f"{L['next']}:", _bullets(_actions(m, lang), L["none"]),
    ])
