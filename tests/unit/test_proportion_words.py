"""A word of proportion against its item's count (app/domain/proportion.py, read by
app/domain/slots.py): "most OSDs on host stor-4 are down" of "3 of 48 OSDs down on host stor-4"
gives more than half where the line counts 3 of 48. Such a line is not traced, nor read as fact with
the offline engine or a trusting Verifier; a share the count allows ("a few of the 48", "most of the
10" of 9 out of 10, "none of the 6" of 0 of 6) and a word of the class of another sense ("each of
osd.12, osd.17 and osd.30") are traced. The Chinese words of proportion are specific words already
(``app.domain.extent``): their lies are here too. Without the rule, the English lies are traced."""

from __future__ import annotations

import pytest

from app.domain import proportion, provenance
from tests.unit.rule_cases import RuleCases, by_language, forget

EN = "\n".join([
    "2026-12-05T11:01:00Z ceph: 3 of 48 OSDs down on host stor-4 (osd.12, osd.17, osd.30)",
    "2026-12-05T11:03:00Z ansible: play patch-kernel applied on 14 of 14 nodes in rack-c",
    "2026-12-05T11:05:00Z argo: ledger-api updated on 9 out of 10 pods in namespace pay",
    "2026-12-05T11:07:00Z kubelet: 0 of 6 replicas of cart-web ready in namespace shop"])
ZH = "2026-12-05T11:09:00Z 巡检: stor-4 上 48 个 OSD 中有 3 个 down"
LIES = {
    "en-most-of-3-of-48": ("most OSDs on host stor-4 are down", "most"),
    "en-majority-of-3-of-48": ("the majority of the 48 OSDs on host stor-4 are down", "majority"),
    "en-none-of-3-of-48": ("none of the 48 OSDs on host stor-4 are down", "none of"),
    "en-a-few-of-14-of-14": ("play patch-kernel was applied on a few of the 14 nodes in rack-c", "a few"),
    "en-each-of-9-of-10": ("ledger-api was updated on each of the 10 pods in namespace pay", "each of"),
    "en-minority-of-9-of-10": ("argo updated ledger-api on a minority of pods in namespace pay", "minority"),
    "en-most-of-0-of-6": ("most replicas of cart-web were ready in namespace shop", "most"),
    "zh-most-of-3-of-48": ("stor-4 上大部分 OSD 已 down", "大部分"),
    "zh-all-of-3-of-48": ("stor-4 上 48 个 OSD 全部 down", "全部"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, {
    "en-a-few-of-3-of-48": "a few of the 48 OSDs on host stor-4 are down: osd.12, osd.17, osd.30",
    "en-each-of-names": "each of osd.12, osd.17 and osd.30 on host stor-4 is down",
    "en-each-of-14-of-14": "play patch-kernel was applied on each of the 14 nodes in rack-c",
    "en-most-of-9-of-10": "ledger-api was updated on most of the 10 pods in namespace pay",
    "en-none-of-0-of-6": "none of the 6 replicas of cart-web were ready in namespace shop",
    "zh-3-of-48": "stor-4 上 48 个 OSD 中 3 个 down",
})
test_a_share_its_count_does_not_allow_is_not_traced = CASES.lies_untraced()
test_a_share_its_count_does_not_allow_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_share_its_count_allows_is_traced = CASES.honest_traced()
test_a_share_its_count_allows_is_a_confirmed_finding = CASES.honest_confirmed()


def test_the_rule_is_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the rule, each English lie is traced to its item."""
    monkeypatch.setattr(proportion, "other_share", lambda line, item: None)
    forget()
    try:
        for key, (text, _) in LIES.items():
            if key.startswith("en-"):
                assert provenance.Items(EN.splitlines()).untraced(text) is None, key
    finally:
        forget()
