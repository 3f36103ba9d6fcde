"""A quantity right after a comma (app/domain/units.py ``_QUANTITY``): only a digit before the comma
makes it a thousands group. "…（wtimeout 5000 ms），5 分钟内 2140 次" gives 5 分钟 after a closing
bracket and a Chinese comma (a comma once normalised), so a claim saying "5 分钟内 … 2140 次" holds it
and is a finding; read as the tail of a thousands group, the Gatekeeper called it made up (REJECT).
The nearest lies: the same count in another window (5 秒, 5 小时), and a number cut out of a
thousands group ("3,100 ms" does not hold 100 ms)."""

from __future__ import annotations

from app.domain import units
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T10:08:00Z order-svc: WriteConcernFailed (wtimeout 3000 ms),5 min window: 2140 errors",
    "2026-12-05T10:09:00Z mongo-rs0-3: oplog apply took 3,100 ms"])
ZH = "\n".join([
    "2026-12-05 10:08:00 order-svc：写入报错 WriteConcernFailed（wtimeout 3000 ms），5 分钟内 2140 次",
    "2026-12-05 10:09:00 mongo-rs0-3：oplog 应用耗时 3,100 ms"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-other-window": ("order-svc logged 2140 WriteConcernFailed errors in a 5 s window", "5 s window"),
    "en-hours": ("order-svc logged 2140 WriteConcernFailed errors in a 5 h window", "5 h window"),
    "en-group-tail": ("On mongo-rs0-3 oplog apply took 100 ms", "100 ms"),
    "zh-seconds": ("10:08:00 前 5 秒内 order-svc 报 WriteConcernFailed 2140 次", "5 秒内"),
    "zh-hours": ("order-svc 5 小时内报 WriteConcernFailed 2140 次", "5 小时内"),
    "zh-group-tail": ("mongo-rs0-3 的 oplog 应用耗时 100 ms", "100 ms"),
}, {
    "en-window": "order-svc logged 2140 WriteConcernFailed errors in a 5 min window",
    "en-minutes": "order-svc logged 2140 WriteConcernFailed errors in a 5 minutes window",
    "zh-window": "10:08:00 前 5 分钟内 order-svc 报 WriteConcernFailed 2140 次",
    "zh-seconds-as-minutes": "order-svc 在 300 秒内报 WriteConcernFailed 2140 次",
})
test_another_window_after_a_comma_is_not_traced = CASES.lies_untraced()
test_another_window_after_a_comma_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_quantity_after_a_comma_is_traced = CASES.honest_traced()
test_a_quantity_after_a_comma_is_a_confirmed_finding = CASES.honest_confirmed()


def test_only_a_digit_before_a_comma_makes_a_thousands_group() -> None:
    assert ("time", 300.0, "分钟") in units.quantities("wtimeout 3000 ms，5 分钟内".replace("，", ","))
    assert units.quantities("took 3,100 ms") == ()
