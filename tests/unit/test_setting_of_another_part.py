"""What was done to a setting stays with the setting its part names (app/domain/slots.py,
"setting"): turned off is the off value (关闭, 关掉 beside 删除 and 禁用; 没有关闭 is it left on), and a
bracket is a part of its own, so a line giving one setting the change another part gives another
("关闭了 billing-prod 的 auto-sync" of "将 … prune 改为 false（auto-sync 仍开启）", fresh27: one part of
the setting told as the whole) is not traced. With 关闭 out of the class, or the bracket read into its
line's part, the lies are traced; each setting told with its own change stays traced."""

from __future__ import annotations

import re

import pytest

from app.domain import provenance, slots
from tests.unit.rule_cases import RuleCases, by_language, forget

EN = ("2026-12-04T09:31:20Z argocd: l.yang set syncPolicy.automated.prune to false on billing-prod "
      "(auto-sync still enabled), ticket OPS-3318\n"
      "2026-12-04T10:00:00Z nginx-gw: w.fang turned off access_log on edge-3 (proxy_buffering still enabled)")
ZH = ("2026-12-04 09:31:20 argocd：刘洋 将 billing-prod 的 syncPolicy.automated.prune 改为 false"
      "（auto-sync 仍开启），工单 OPS-3318\n"
      "2026-12-04 10:00:00 nginx-gw：王芳 在 edge-3 上关闭 access_log（proxy_buffering 仍启用）")

CLOSED = {  # claim, what must not be read as fact: 关闭 is the off value
    "zh-closed": ("刘洋 在 09:31:20 关闭了 billing-prod 的 auto-sync", "关闭了 billing-prod 的 auto-sync"),
    "zh-closed-2": ("刘洋 关掉了 billing-prod 的 auto-sync", "关掉了 billing-prod 的 auto-sync"),
}
BRACKETED = {  # a bracket is a part of its own
    "en-other-part": ("w.fang turned off proxy_buffering on edge-3", "turned off proxy_buffering"),
    "en-other-part-2": ("w.fang disabled proxy_buffering on edge-3", "disabled proxy_buffering"),
    "zh-other-part": ("王芳 在 edge-3 上关闭了 proxy_buffering", "关闭了 proxy_buffering"),
}
HONEST = {
    "en-own-part": "w.fang turned off access_log on edge-3",
    "en-left-on": "l.yang set syncPolicy.automated.prune to false on billing-prod; auto-sync stayed enabled",
    "zh-own-part": "王芳 在 edge-3 上关闭了 access_log",
}
CASES = RuleCases(by_language(EN, ZH), {**CLOSED, **BRACKETED}, HONEST)

test_a_setting_given_another_parts_change_is_not_traced = CASES.lies_untraced()
test_a_setting_given_another_parts_change_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_setting_with_its_own_change_is_traced = CASES.honest_traced()
test_a_setting_with_its_own_change_is_confirmed = CASES.honest_confirmed()


@pytest.mark.parametrize(("line", "item", "other"), [
    ("关闭了 auto-sync", "auto-sync 开启", "setting"),
    ("没有关闭 auto-sync", "auto-sync 开启", None),
    ("关闭了 auto-sync", "关闭 auto-sync", None),
], ids=["zh-closed", "zh-not-closed", "zh-same"])
def test_turned_off_is_the_off_value(line: str, item: str, other: str | None) -> None:
    assert slots.other_value(line, item) == other


def _all_traced(texts: list[str]) -> bool:
    forget()
    slots._parts.cache_clear()
    try:
        return all(provenance.Items(by_language(EN, ZH)(t).splitlines()).untraced(t) is None for t in texts)
    finally:
        forget()
        slots._parts.cache_clear()


def test_the_closed_lies_need_the_value(monkeypatch: pytest.MonkeyPatch) -> None:
    k = next(k for k, cls in enumerate(slots.CLASSES) if cls.name == "setting")
    closed = r"|(?<![未没不])(?<!没有)关(?:闭|掉)"
    assert all(closed in p.pattern for p in slots._PATTERNS[k][1:])
    patterns = list(slots._PATTERNS)
    patterns[k] = tuple(re.compile(p.pattern.replace(closed, "")) for p in slots._PATTERNS[k])
    monkeypatch.setattr(slots, "_PATTERNS", tuple(patterns))
    assert _all_traced([text for text, _ in CLOSED.values()])


def test_the_bracketed_lies_need_the_bracket(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(slots, "_PART", re.compile(r"[;；,，]"))
    assert _all_traced([text for text, _ in BRACKETED.values()])
