"""A count keeps the words of its own clause (app/domain/clause_count.py): "pool-a retried 120
requests" of "accepted 4000 requests, rejected 120, retried 40" puts the rejections' count under the
retries' words, and "已拦截错发包裹 96 个" of "已拦截 812 个，96 个已签收" the signed-for count under the
intercepted one's, though the line holds every token of its item. A line giving each count its own
clause's words keeps its verdict."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-14T08:00:00Z gw-proxy-3: pool-a accepted 4000 requests, rejected 120, retried 40",
    "2026-10-14T08:10:00Z mailer-2: queue drained: delivered 5300 messages, bounced 210, deferred 75",
])
ZH = "\n".join([
    "2026-10-14 08:00:00 运维日志：王芳 通知物流 拦截错发包裹，已拦截 812 个，96 个已签收",
    "2026-10-14 08:10:00 mq-bridge：重投消息 6400 条，成功 6150 条，失败 250 条",
])

LIES = {
    "en-rejections-as-retries": ("pool-a on gw-proxy-3 retried 120 requests", "retried 120"),
    "en-bounces-as-deferrals": ("mailer-2 deferred 210 messages", "deferred 210"),
    "en-deferrals-as-bounces": ("mailer-2 bounced 75 messages", "bounced 75"),
    "zh-signed-for-as-intercepted": ("王芳 通知物流后，已拦截错发包裹 96 个", "已拦截错发包裹 96 个"),
    "zh-intercepted-as-signed-for": ("已签收的错发包裹有 812 个", "已签收的错发包裹有 812 个"),
    "zh-successes-as-failures": ("mq-bridge 重投失败 6150 条", "重投失败 6150 条"),
}
HONEST = {
    "en-rejections": "pool-a on gw-proxy-3 rejected 120 requests",
    "en-deferrals": "mailer-2 deferred 75 messages",
    "en-bounces": "mailer-2 bounced 210 messages",
    "zh-intercepted": "王芳 通知物流后，已拦截错发包裹 812 个",
    "zh-signed-for": "96 个错发包裹已签收",
    "zh-failures": "mq-bridge 重投失败 250 条",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_count_under_another_counts_words_is_not_traced = CASES.lies_untraced()
test_a_count_under_another_counts_words_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_with_its_own_words_is_traced = CASES.honest_traced()
test_a_count_with_its_own_words_is_confirmed = CASES.honest_confirmed()
