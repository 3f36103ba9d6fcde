"""A denial read where a word stands between it and what it denies, or where its item writes the
denied word against a name (app/domain/alignment.py ``_denied_words``, ``_denied_action``).

"p.okafor merged feature flag ff-311; not yet enabled" denies the enabling: "yet" says it is still
to come, and the denial is of the word after it. "By 05:10 p.okafor had enabled ff-311" tells it as
done. "search-0：Ready" (a name, the item's full-width label colon, then its state, which the text
folds into one token) tells the state: "search-0 仍未 Ready" denies it."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-21T05:10:00Z ops-log: p.okafor merged feature flag ff-311 (search v2 ranking); not yet enabled\n"
      "2026-11-21T05:20:00Z ops-log: p.okafor approved change CHG-882 for batch-7; not yet executed\n"
      "2026-11-21T05:31:10Z kubelet: search-0: Ready, restartCount 2")
ZH = ("2026-11-21 05:10:00 运维日志：p.okafor 合并了 feature flag ff-311；尚未启用\n"
      "2026-11-21 05:31:10 kubelet search-0：Ready，restartCount 2\n"
      "2026-11-21 05:40:00 kubelet idx-1：Running，restartCount 0")

LIES = {  # claim, what must not be read as fact
    "en-not-yet-told-done": ("By 05:10 p.okafor had enabled ff-311", "had enabled ff-311"),
    "en-executed": ("CHG-882 for batch-7 was executed at 05:20", "CHG-882 for batch-7 was executed"),
    "en-not-ready": ("At 05:31:10 search-0 was still not Ready", "search-0 was still not Ready"),
    "zh-not-ready": ("05:31:10 之后 search-0 仍未 Ready", "仍未 Ready"),
    "zh-not-running": ("05:40 idx-1 没有 Running", "没有 Running"),
    "zh-enabled": ("05:10 p.okafor 已启用 ff-311", "已启用 ff-311"),
}
HONEST = {
    "en-merged-not-enabled": "At 05:10 p.okafor merged ff-311, but it was not yet enabled",
    "en-merged": "p.okafor merged feature flag ff-311 at 05:10",
    "en-approved": "At 05:20 p.okafor approved CHG-882 for batch-7",
    "en-ready": "At 05:31:10 search-0 was Ready",
    "zh-ready": "05:31:10 search-0 已 Ready",
    "zh-merged": "05:10 p.okafor 合并了 ff-311",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_denied_later_word_told_done_is_not_traced = CASES.lies_untraced()
test_a_denied_later_word_told_done_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_item_s_own_words_are_traced = CASES.honest_traced()
test_the_item_s_own_words_are_a_confirmed_finding = CASES.honest_confirmed()
