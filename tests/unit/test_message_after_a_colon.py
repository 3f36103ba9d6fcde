"""A negator of a message a line quotes after its colon is the message's own
(app/domain/excepted.py): "pay-fra1-03: KV read … failed: No cluster leader; retry with ?stale served
by cs-01" does not set pay-fra1-03 apart from what the line says of it, so "the ?stale retry on
pay-fra1-03 was served by cs-01" restates it. A name the line gives a denial of its own, after its
colon or not ("media-api-eu: Not changed", "media-api-5 not changed"), is still set apart."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T10:10:30Z consul client pay-fra1-03: KV read of config/checkout with default consistency "
      "failed: No cluster leader; retry with ?stale served by cs-01 (X-Consul-LastContact 78000 ms)\n"
      "2026-12-05T10:12:00Z flagd: thumbs_date_prefix set back to on for media-api-1 and media-api-3; "
      "media-api-eu: Not changed\n"
      "2026-12-05T10:13:00Z flagd: thumbs_crop set to off for media-api-1 and media-api-3; media-api-5 not changed")
ZH = ("2026-12-05 10:10:30 consul 客户端 pay-fra1-03：KV 读取 config/checkout 失败: No cluster leader；"
      "使用 ?stale 重试，由 cs-01 返回（X-Consul-LastContact 78000 ms）\n"
      "2026-12-05 10:12:00 flagd：thumbs_date_prefix 已为 media-api-1、media-api-3 打开；media-api-4 未变")

LIES = {  # claim, what must not be read as fact
    "en-own-denial-after-colon": ("thumbs_date_prefix was set back to on for media-api-eu",
                                  "thumbs_date_prefix was set back to on for media-api-eu"),
    "en-own-denial": ("thumbs_crop was set to off for media-api-5", "thumbs_crop was set to off for media-api-5"),
    "zh-own-denial": ("thumbs_date_prefix 已为 media-api-4 打开", "thumbs_date_prefix 已为 media-api-4 打开"),
}
HONEST = {
    "en-served": "The ?stale retry of the KV read on pay-fra1-03 was served by cs-01 with a last contact of 78000 ms",
    "zh-served": "pay-fra1-03 使用 ?stale 重试 KV 读取，由 cs-01 返回",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_name_its_line_denies_a_change_is_not_traced = CASES.lies_untraced()
test_a_name_its_line_denies_a_change_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_name_before_a_quoted_message_is_traced = CASES.honest_traced()
test_a_name_before_a_quoted_message_is_a_confirmed_finding = CASES.honest_confirmed()
