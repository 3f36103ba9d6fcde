"""A hedged interval over a span one item writes (app/domain/provenance.py, ``_spans``): "11306
writes failed over roughly 18.5 minutes, from 03:12:31 to 03:31:00" of a line writing "11306
failed writes in total from 03:12:31 to 03:31:00" (18 min 29 s), "监控空窗从 10:41:17 到
11:06:40，约 25 分钟" of a line writing that gap: the duration is held within its rounding after its
hedge, as an interval between two lines' times is (``chronology.gives``). A duration its rounding
does not reach, or the span the other way round, stays refused. With the rule off (exactly the
interval only), the honest claims are refused ("spans two times no two items give in that order")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T03:12:31Z rds-events: cluster invoicing-aurora: failover completed",
    "2026-12-05T03:33:20Z grafana: invoice-svc 6 of 6 pods Ready; 11306 failed writes in total from 03:12:31 "
    "to 03:31:00",
])
ZH = "\n".join([
    "2026-12-05 10:41:17 kubelet node-mon-02：pod prom-0 的容器 prometheus 被 OOMKilled",
    "2026-12-05 11:20:00 alertmanager：PaymentGW5xxHigh 已恢复；复盘记录：监控空窗从 10:41:17 到 11:06:40",
])

HONEST = {
    "en-roughly": "11306 writes failed over roughly 18.5 minutes, from 03:12:31 to 03:31:00",
    "en-about": "11306 writes failed over about 18 minutes, from 03:12:31 to 03:31:00",
    "zh-about": "监控空窗从 10:41:17 到 11:06:40，约 25 分钟",
}
LIES = {
    "en-too-long": ("11306 writes failed over roughly 25 minutes, from 03:12:31 to 03:31:00", "25 minutes"),
    "en-reversed": ("11306 writes failed over roughly 18.5 minutes, from 03:31:00 to 03:12:31", "18.5 minutes"),
    "zh-too-long": ("监控空窗从 10:41:17 到 11:06:40，约 40 分钟", "40 分钟"),
    "zh-too-short": ("监控空窗从 10:41:17 到 11:06:40，约 20 分钟", "20 分钟"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_hedged_interval_over_a_written_span_is_traced = CASES.honest_traced()
test_a_hedged_interval_over_a_written_span_is_a_finding = CASES.honest_confirmed()
test_an_interval_the_span_does_not_give_is_not_traced = CASES.lies_untraced()
test_an_interval_the_span_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
