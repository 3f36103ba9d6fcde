"""A number an identifier's words enclose is the number it names (app/domain/specific.py,
``occurs``): "HTTPCode_ELB_503_Count 共 18420 次" counts responses with the code 503, so "返回 18420
次 503" and "503 fell to 0" restate it. The number is held whole, between two word parts of one
identifier: another code ("504"), a number only partly written there ("50"), or one at an
identifier's end ("pg_replica_01": a serial, not a value) stays a value no item holds."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T15:07:30Z cloudwatch alb-pay-prod: HTTPCode_ELB_503_Count 18420 from 15:07 to 15:12, HealthyHostCount 0",
    "2026-12-05T15:17:40Z alb tg-pay-gw: healthy targets 4/4, HTTPCode_ELB_503_Count fell to 0",
    "2026-12-05T15:20:00Z postgres: slot pg_replica_01 retained 0.3 GB"])
ZH = "\n".join([
    "2026-12-05 15:07:30 CloudWatch alb-pay-prod：15:07 至 15:12 HTTPCode_ELB_503_Count 共 18420 次，HealthyHostCount 0",
    "2026-12-05 15:17:40 ALB：tg-pay-gw 健康目标数 4/4，HTTPCode_ELB_503_Count 降为 0",
    "2026-12-05 15:20:00 postgres：slot pg_replica_01 保留 0.3 GB"])

LIES = {
    "en-other-code": ("From 15:07 to 15:12 alb-pay-prod returned 18420 504 responses", "18420 504"),
    "en-part-of-the-number": ("From 15:07 to 15:12 alb-pay-prod returned 18420 responses with code 50", "code 50"),
    "en-serial-as-value": ("The slot pg_replica_01 retained 0.3 GB and 01 others", "01 others"),
    "zh-other-code": ("15:07 至 15:12 alb-pay-prod 共返回 18420 次 504", "18420 次 504"),
    "zh-part-of-the-number": ("15:17:40 tg-pay-gw 健康目标数 4/4，50 降为 0", "50 降为 0"),
}
HONEST = {
    "en-code-of-a-count": "From 15:07 to 15:12 the alb-pay-prod 503 count was 18420",
    "en-code-fell": "At 15:17:40 tg-pay-gw had 4/4 healthy targets and its 503 count fell to 0",
    "zh-code-of-a-count": "15:07 至 15:12 alb-pay-prod 共返回 18420 次 503",
    "zh-code-fell": "15:17:40 tg-pay-gw 健康目标数 4/4，503 降为 0",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_number_an_identifier_does_not_enclose_whole_is_not_traced = CASES.lies_untraced()
test_a_number_an_identifier_does_not_enclose_whole_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_number_an_identifier_encloses_is_traced = CASES.honest_traced()
test_a_number_an_identifier_encloses_is_a_finding = CASES.honest_confirmed()
