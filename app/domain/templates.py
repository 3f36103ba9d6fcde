"""Fixed user-facing templates (spec 000/003), English and Chinese, built only from material.

An answer with nothing confirmed still helps: it says whether no evidence was found, the
evidence found does not confirm the claims, or the check itself failed; it lists the searches
that failed or found nothing, the evidence gaps, and next steps. A REJECT says whether the
evidence contradicted the answer, the answer named what no evidence holds, the check failed, or
nothing was found.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Literal

from events.models import ComposerMaterial as Material

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
           "no_evidence": "No evidence was found that answers the question.",
           "searched": "Searched without a usable result",
           "rerun": "Re-run the searches that failed or found nothing once the tools respond, or widen them "
                    "(other time ranges, hosts or terms).",
           "collect_gaps": "Collect evidence for each gap listed above before acting on it.",
           "deadline": "The diagnosis did not finish within its deadline.",
           "time_short": "The time left before its deadline was not enough to finish the diagnosis.",
           "invalid_input": "The request could not be read.",
           "model_unavailable": "The model service did not answer.",
           "model_unusable": "The model's reply could not be used.",
           "internal_error": "The diagnosis failed with an internal error.",
           "resend": "Correct the request and send it again under a new session_id.",
           "summary": "Findings"},
    "zh": {"confirmed": "已确认的事实", "gaps": "证据缺口", "next": "建议的下一步",
           "hyp": "可能的解释（未确认）", "none": "无",
           "default_next": "收集受影响主机的相关日志和指标后再次提问。",
           "no_evidence": "未找到能够回答该问题的证据。",
           "searched": "已检索但没有可用结果",
           "rerun": "待工具恢复后重新执行失败或无结果的检索，或扩大检索范围（其他时间段、主机或关键词）。",
           "collect_gaps": "在采取行动前，先为上面列出的每个证据缺口收集证据。",
           "deadline": "诊断未能在截止时间内完成。",
           "time_short": "距截止时间剩余的时间不足以完成诊断。",
           "invalid_input": "无法读取该请求。",
           "model_unavailable": "模型服务未能响应。",
           "model_unusable": "模型的回复无法使用。",
           "internal_error": "诊断因内部错误而失败。",
           "resend": "修正请求后，使用新的 session_id 重新发送。",
           "summary": "结论"},
}


def fixed_phrases(lang: Lang) -> list[str]:
    """Every fixed phrase of the templates in ``lang``: a line of an answer that is one of these
    is traced to the template itself."""
    return [DISCLAIMER[lang], DEGRADED_HEAD[lang], *LABELS[lang].values(), *REASONS[lang].values()]


REASONS: dict[Lang, dict[str, str]] = {
    "en": {"contradicted": "The evidence contradicts the answer.",
           "fabricated": "The answer names things that no evidence holds.",
           "unconfirmed": "The evidence found does not confirm the claims.",
           "off_topic": "The evidence found does not address the question asked.",
           "check_failed": "The answer could not be checked against the evidence: the check failed."},
    "zh": {"contradicted": "证据与回答相矛盾。",
           "fabricated": "回答提到了任何证据中都没有的内容。",
           "unconfirmed": "已找到的证据不能证实这些结论。",
           "off_topic": "已找到的证据与所提问题无关。",
           "check_failed": "无法对照证据核验该回答：核验步骤失败。"},
}


def why_line(m: Material, lang: Lang) -> list[str]:
    """Why the answer is what it is, truthfully: contradicted, fabricated, off topic, the check
    failed, or, with nothing confirmed, whether the tools found nothing or found what does not
    confirm it (never said of a check that failed: nothing was judged)."""
    R = REASONS[lang]
    out = [R[m.why]] if m.why in ("contradicted", "fabricated", "off_topic", "check_failed") else []
    if not m.allowed_claims and m.why not in ("contradicted", "fabricated", "check_failed"):
        out.append(R["unconfirmed"] if m.evidence_found else LABELS[lang]["no_evidence"])
    return out + ([m.note] if m.note else [])


DEGRADED_REASONS = ("deadline", "time_short", "invalid_input", "model_unavailable", "model_unusable",
                    "internal_error")
"""The degraded reasons the head of a degraded answer names (``time_short``: ``deadline`` said of
a stage that gave up before the deadline, see ``degraded_wording``)."""


def degraded_wording(reason: str, at: datetime, deadline_at: datetime | None) -> str:
    """What the answer says of its degraded ``reason``, given when the stage gave up: a stage
    that ran out of its share of the time before the deadline did not miss the deadline."""
    if reason == "deadline" and deadline_at is not None and at < deadline_at:
        return "time_short"
    return reason
SEARCH_STATUS: dict[Lang, dict[bool, str]] = {"en": {True: "failed", False: "nothing found"},
                                              "zh": {True: "调用失败", False: "未找到结果"}}


def plain_input(input_summary: str, mask: Callable[[str], str] = str) -> str:
    """A call's arguments as ``name=value`` pairs, each value ``mask``ed (the summary is JSON,
    possibly cut short)."""
    try:
        args = json.loads(input_summary)
    except ValueError:
        return mask(input_summary.strip("{}").replace('"', ""))
    if not isinstance(args, dict):
        return mask(str(args))
    return ", ".join(f"{k}={mask(str(v))}" for k, v in args.items())


def searched_entry(tool_name: str, input_summary: str, failed: bool, lang: Lang,
                   mask: Callable[[str], str] = str) -> str:
    """One line of "searched without a usable result": the tool, what it was asked (``mask``ed:
    a question's invented host is not repeated), what happened."""
    return f"{tool_name} ({plain_input(input_summary, mask)[:200]}): {SEARCH_STATUS[lang][failed]}"


def _bullets(lines: list[str], none: str) -> str:
    return "\n".join(f"- {x}" for x in lines) if lines else f"- {none}"


def next_steps(m: Material, lang: Lang) -> list[str]:
    """Supported actions first, then the fixed steps the gaps and failed searches call for."""
    L = LABELS[lang]
    steps = [a.action_text for a in m.recommended_actions]
    if m.searched:
        steps.append(L["rerun"])
    if m.missing_info:
        steps.append(L["collect_gaps"])
    return steps or [L["default_next"]]


def render_nothing_confirmed(m: Material, lang: Lang) -> str:
    """No confirmed fact: say so, what was searched without result, the gaps, and next steps."""
    L = LABELS[lang]
    parts = why_line(m, lang) or [L["no_evidence"]]
    if m.searched:
        parts += [f"{L['searched']}:", _bullets(m.searched, L["none"])]
    if m.missing_info:
        parts += [f"{L['gaps']}:", _bullets(m.missing_info, L["none"])]
    parts += [f"{L['next']}:", _bullets(next_steps(m, lang), L["none"])]
    return "\n".join(parts)


def render_answer(m: Material, lang: Lang) -> str:
    """The safe PASS answer: confirmed claims and next steps, nothing else."""
    if not m.allowed_claims:
        return render_nothing_confirmed(m, lang)
    L = LABELS[lang]
    parts = [f"{L['summary']}:", _bullets(m.allowed_claims, L["none"])]
    if m.recommended_actions:
        parts += [f"{L['next']}:", _bullets([a.action_text for a in m.recommended_actions], L["none"])]
    return "\n".join(parts)


def render_disclaimer(m: Material, lang: Lang, body: str | None = None) -> str:
    """LOW_CONFID: the fixed disclaimer first; gaps only from the Verifier's critical gaps."""
    L = LABELS[lang]
    if not m.allowed_claims and body is None:
        return "\n".join([DISCLAIMER[lang], "", render_nothing_confirmed(m, lang)])
    parts = [DISCLAIMER[lang], *why_line(m, lang), "", body if body is not None else render_answer(m, lang)]
    if m.allowed_hypotheses and body is None:
        parts += [f"{L['hyp']}:", _bullets(m.allowed_hypotheses, L["none"])]
    if m.missing_info:
        parts += [f"{L['gaps']}:", _bullets(m.missing_info, L["none"])]
    return "\n".join(parts)


def render_degraded(m: Material, lang: Lang, reason: str = "", judged: bool = True) -> str:
    """REJECT (or no usable result): only confirmed facts, evidence gaps and next steps. Not
    ``judged``: no verdict was reached (the investigation never finished), so nothing is said of
    what the evidence shows."""
    L = LABELS[lang]
    head = DEGRADED_HEAD[lang] + (f" {L[reason]}" if reason in DEGRADED_REASONS else "")
    why = why_line(m, lang) if judged else []
    parts = [head, *why, "", f"{L['confirmed']}:", _bullets(m.allowed_claims, L["none"])]
    parts += [f"{L['gaps']}:", _bullets(m.missing_info, L["none"])]
    if m.searched:
        parts += [f"{L['searched']}:", _bullets(m.searched, L["none"])]
    parts += [f"{L['next']}:", _bullets(next_steps(m, lang), L["none"])]
    return "\n".join(parts)


def render_invalid_input(detail: str, lang: Lang) -> str:
    """A message that could not be read: what was wrong with it, and what to do, in the
    session's language (the detail is the validator's reason, never the message itself)."""
    L = LABELS[lang]
    sep = "：" if lang == "zh" else ": "
    head = L["invalid_input"].rstrip("。.") + sep + detail
    return "\n".join([head, "", f"{L['next']}:", _bullets([L["resend"]], "")])
