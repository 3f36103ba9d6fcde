"""A count is not a rate (app/domain/rates.py): "fw-edge-3 dropped 4120 SYN packets per second" of a
line counting 4120 "in last 60 s" gives the count each second. A number given per a time ("per
second", "each second", "a minute", "个/秒", "次/分钟") is held only where its item gives that number
per that time, or counts it in a window of that length; a number the line works out per second, or
its item's own rate in other words, is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-02T10:05:00Z fw-edge-3: rate limiter class ssh-in (limit 200 pps) dropped 4120 SYN packets in last 60 s",
    "2026-03-02T10:06:00Z api-gw-2: served 1250 requests/s, p99 38 ms",
    "2026-03-02T10:07:00Z cron-host: backup-sync retried 6 times since 09:00"])
ZH = "\n".join([
    "2026-03-02 10:05:00 fw-edge-3：限速类 ssh-in（上限 200 pps）过去 60 秒丢弃 4120 个 SYN 包",
    "2026-03-02 10:06:00 api-gw-2：每秒处理 1250 个请求，p99 38 毫秒",
    "2026-03-02 10:07:00 cron-host：backup-sync 自 09:00 起重试 6 次"])

LIES = {  # claim, what must not be read as fact
    "en-window-count-per-second": ("fw-edge-3 dropped 4120 SYN packets per second", "per second"),
    "en-window-count-each-second": ("fw-edge-3 dropped 4120 SYN packets each second", "each second"),
    "en-window-count-a-second": ("fw-edge-3 dropped 4120 SYN packets a second", "a second"),
    "zh-window-count-per-second": ("fw-edge-3 丢弃 SYN 包 4120 个/秒", "4120 个/秒"),
    "zh-window-count-per-hour": ("fw-edge-3 丢弃 SYN 包 4120 个/小时", "4120 个/小时"),
    "zh-count-since-a-time-per-minute": ("cron-host 上 backup-sync 重试 6 次/分钟", "6 次/分钟"),
    "zh-rate-per-another-time": ("api-gw-2 处理请求 1250 个/分钟", "1250 个/分钟"),
}
HONEST = {
    "en-window-kept": "fw-edge-3 dropped 4120 SYN packets in the last 60 s",
    "en-window-as-its-length": "fw-edge-3 dropped 4120 SYN packets per minute",
    "en-worked-out-per-second": "fw-edge-3 dropped 4120 SYN packets in the last 60 s, about 69 per second",
    "en-its-rate-in-words": "api-gw-2 served 1250 requests a second with a p99 of 38 ms",
    "en-its-limit-in-words": "the ssh-in rate limiter on fw-edge-3 has a limit of 200 packets per second",
    "zh-window-kept": "fw-edge-3 过去 60 秒丢弃 4120 个 SYN 包",
    "zh-window-as-its-length": "fw-edge-3 丢弃 SYN 包 4120 个/分钟",
    "zh-its-rate-after": "api-gw-2 处理请求 1250 个/秒",
    "zh-its-rate-before": "api-gw-2 每秒处理 1250 个请求",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_given_as_a_rate_is_not_traced = CASES.lies_untraced()
test_a_count_given_as_a_rate_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_rate_its_item_gives_is_traced = CASES.honest_traced()
test_a_rate_its_item_gives_is_a_confirmed_finding = CASES.honest_confirmed()
