"""A number given the measure of another number of its line (app/domain/measures.py): "1430
requests/s" for "1430 of them idle keep-alive; 310 requests/s". Such a line is not traced; each
number with its own measure is, and so is a measure a line names for a number its item labels
before it ("a lag of 211950 messages" for "(lag 211950)"); a number given a measure without
its label ("512 connections queued" for "(backlog 512)") is not."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T14:24:10Z nginx web-02: 1610 open connections from lb-01, 1430 of them idle keep-alive; "
    "310 requests/s",
    "2026-11-18T14:20:12Z burrow: topic orders.v2 total lag 1284300 messages across 24 partitions, highest "
    "partition 17 (lag 211950)",
    "2026-12-03T09:12:40Z media-api-3: PutObject failed: 503 SlowDown, 412 errors in last 60 s, 38 retries queued",
    "2026-12-05T14:21:30Z haproxy lb-01: frontend reached maxconn 4000; new connections wait in the listen queue "
    "(backlog 512)",
    "2026-12-04T15:55:09Z kubelet node-w-14: pod ledger-svc-1 terminated, reason OOMKilled, restartCount 3"])
ZH = "\n".join([
    "2026-12-05 09:15:10 order-svc：写入 1200 次，其中 312 次报错 READONLY，48 个连接",
    "2026-12-05 09:40:00 rds-02：内存 6.2 GB，已用 71 %，2300 个键过期",
    "2026-12-05 09:50:00 sentinel s2：判定 +odown mymaster（quorum 2）"])

LIES = {  # claim, what must not be read as fact
    "en-idle-count-as-rate": ("nginx web-02 served 1430 requests/s at 14:24", "1430 requests/s"),
    "en-rate-as-connections": ("nginx web-02 had 310 open connections at 14:24", "310 open connections"),
    "en-error-count-as-retries": ("media-api-3 had 412 retries queued at 09:12:40", "412 retries"),
    "zh-error-count-as-connections": ("09:15:10 order-svc 有 312 个连接", "312 个连接"),
    "en-labelled-size-as-a-count": ("At 14:21:30 lb-01 had 512 connections queued", "512 connections"),
    "en-labelled-count-as-kills": ("ledger-svc-1 had 3 OOM kills by 15:55:09", "3 OOM kills"),
    "zh-labelled-quorum-as-a-count": ("09:50 sentinel s2 有 2 个哨兵判定 +odown mymaster", "2 个哨兵"),
}
HONEST = {
    "en-rate-kept": "nginx web-02 served 310 requests/s at 14:24",
    "en-idle-count-kept": "At 14:24 nginx web-02 had 1430 idle keep-alive connections from lb-01",
    "en-measure-for-a-labelled-number": "Burrow reported partition 17 of orders.v2 as the highest, with a lag of "
                                        "211950 messages",
    "en-two-word-measure": "media-api-3 had 412 SlowDown errors in 60 s at 09:12:40",
    "zh-count-kept": "09:15:10 order-svc 有 48 个连接",
    "en-label-named": "At 14:21:30 lb-01 had a listen backlog of 512 connections",
    "en-label-named-in-part": "ledger-svc-1 had restarted 3 times when it was OOMKilled at 15:55:09",
    "zh-label-named": "09:50 sentinel s2 判定 +odown mymaster，quorum 为 2",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_number_given_another_numbers_measure_is_not_traced = CASES.lies_untraced()
test_a_number_given_another_numbers_measure_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_number_with_its_own_measure_is_traced = CASES.honest_traced()
test_a_number_with_its_own_measure_is_a_confirmed_finding = CASES.honest_confirmed()
