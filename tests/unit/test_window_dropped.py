"""A value counted in a window is not a value of all the time after an event
(app/domain/windows.py): "kdc-01 logged 0 KRB_AP_ERR_SKEW rejections after the revert" of a line
counting 0 "in last 5 min" drops the window and reads the count as holding ever since. A line giving
its item's windowed value over an open span from an event ("after the failover", "since the
restart", "扩容后", "重启以来"), or over the whole of an event ("during the outage", "故障期间"), and no
window of its own is not traced; one keeping the window, or giving a value its line counts over no
window, is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-06-11T07:40:00Z ops-log: j.ortiz failed over orders-db to orders-db-b",
    "2026-06-11T07:45:00Z orders-api: 0 deadlock errors on orders-db-b in last 5 min",
    "2026-06-11T07:52:00Z ops-log: j.ortiz restarted cache-7",
    "2026-06-11T07:55:00Z cache-7: 3 evictions within 60 s",
    "2026-06-11T08:01:00Z orders-api: 12 timeouts on orders-db-b since 07:40"])
ZH = "\n".join([
    "2026-06-12 10:20:00 运维日志：吴刚 对 search-es 扩容到 9 个节点",
    "2026-06-12 10:25:00 search-es：最近 5 分钟 0 次 reject 报错",
    "2026-06-12 10:31:00 运维日志：吴刚 重启 api-gw-3",
    "2026-06-12 10:33:00 api-gw-3：1 分钟内 7 次 502"])

LIES = {  # claim, what must not be read as fact
    "en-zero-after-an-event": ("orders-api logged 0 deadlock errors on orders-db-b after the failover",
                               "after the failover"),
    "en-count-since-an-event": ("cache-7 had 3 evictions since its restart", "since its restart"),
    "en-zero-following-an-event": ("Following the failover orders-api saw 0 deadlock errors on orders-db-b",
                                   "Following the failover"),
    "zh-zero-after-an-event": ("search-es 扩容后 0 次 reject 报错", "扩容后 0 次"),
    "zh-count-since-an-event": ("api-gw-3 重启以来 7 次 502", "重启以来 7 次"),
    "en-zero-during-an-event": ("orders-api logged 0 deadlock errors on orders-db-b during the failover",
                                "during the failover"),
    "en-count-during-the-outage": ("cache-7 had 3 evictions during the outage", "during the outage"),
    "en-count-during-its-restart": ("During its restart cache-7 had 3 evictions", "During its restart"),
    "zh-count-during-an-event": ("api-gw-3 故障期间 7 次 502", "故障期间 7 次"),
    "zh-zero-during-an-event": ("search-es 扩容期间 0 次 reject 报错", "扩容期间 0 次"),
}
HONEST = {
    "en-window-kept": "orders-api logged 0 deadlock errors on orders-db-b in the last 5 min after the failover",
    "en-window-kept-within": "cache-7 had 3 evictions within 60 s",
    "en-span-its-line-gives": "orders-api logged 12 timeouts on orders-db-b since 07:40",
    "zh-window-kept": "search-es 扩容后，最近 5 分钟 0 次 reject 报错",
    "zh-window-kept-within": "api-gw-3 重启后 1 分钟内 7 次 502",
    "en-window-kept-during": "During its restart cache-7 had 3 evictions within 60 s",
    "en-window-during-those": "cache-7 had 3 evictions during those 60 s",
    "en-unwindowed-during": "orders-api logged 12 timeouts on orders-db-b during the restart",
    "zh-window-kept-during": "api-gw-3 重启期间 1 分钟内 7 次 502",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_windowed_value_given_over_an_open_span_is_not_traced = CASES.lies_untraced()
test_a_windowed_value_given_over_an_open_span_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_with_its_window_is_traced = CASES.honest_traced()
test_a_value_with_its_window_is_a_confirmed_finding = CASES.honest_confirmed()
