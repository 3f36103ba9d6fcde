"""A quantity right after a comma is read (app/domain/units.py, ``_QUANTITY``): Chinese writes "，5
分钟内 2140 次", and the canonical form makes the full-width comma a "," with no space, so "5 分钟"
was read as the tail of a thousands group and the evidence held no window at all: the claim's own
"5 分钟内" was then a fabricated entity and a rate worked out over it ("平均每分钟 428 次") was
refused. Only a digit before the comma makes a thousands group ("3,100 ms"). With the rule off,
the honest claims are refused ("quantity '5 分钟' is in no evidence"); another window stays
refused; a number cut out of a thousands group ("3,100 ms" does not hold 100 ms) stays refused.
Read, the window is a value an item holds, so a line moving it onto another word of that
item ("wtimeout 为 5 分钟" of "wtimeout 5000 ms），5 分钟内") is refused by the value's word
(app/domain/anchored.py): with that rule off, those lies are traced."""

from __future__ import annotations

from app.domain import units
from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-05-11T02:00:00Z order-api: No provider available (wtimeout 5000 ms),5 min window,2140 errors"
ZH = ("2026-05-12 10:08:00 order-svc：写入报错 WriteConcernFailed（wtimeout 5000 ms），5 分钟内 2140 次\n"
      "2026-05-12 10:13:40 zk-03：重连风暴，1 分钟内连接数由 310 升至 5120；拒绝连接 1460 次")

HONEST = {
    "en-rate": "order-api logged 2140 No provider available errors in its 5 min window, 428 a minute",
    "zh-window": "order-svc 5 分钟内报 WriteConcernFailed 2140 次",
    "zh-rate": "order-svc 5 分钟内报 WriteConcernFailed 2140 次，平均每分钟 428 次",
    "zh-timeout-again": "order-svc 写入的 wtimeout 为 5000 ms，即 5 秒",
    "zh-multiple": "zk-03 的连接数 1 分钟内由 310 升至 5120，约 16.5 倍",
    "zh-refused": "zk-03 拒绝连接 1460 次",
}
LIES = {
    "en-other-window": ("order-api logged 2140 No provider available errors in its 1 min window", "1 min"),
    "en-wrong-rate": ("order-api logged 2140 No provider available errors in its 5 min window, 214 a minute",
                      "214 a minute"),
    "zh-other-window": ("order-svc 1 分钟内报 WriteConcernFailed 2140 次", "1 分钟内"),
    "zh-wrong-rate": ("order-svc 5 分钟内报 WriteConcernFailed 2140 次，平均每分钟 214 次", "214 次"),
    "zh-window-as-timeout": ("order-svc 写入的 wtimeout 为 5 分钟", "wtimeout 为 5 分钟"),
    "zh-count-as-peak": ("zk-03 的连接数在 1 分钟内升至 1460", "升至 1460"),
    "en-window-as-timeout": ("order-api used a wtimeout of 5 min", "wtimeout of 5 min"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

GROUP_EN = "\n".join([
    "2026-12-05T10:08:00Z order-svc: WriteConcernFailed (wtimeout 3000 ms),5 min window: 2140 errors",
    "2026-12-05T10:09:00Z mongo-rs0-3: oplog apply took 3,100 ms"])
GROUP_ZH = "\n".join([
    "2026-12-05 10:08:00 order-svc：写入报错 WriteConcernFailed（wtimeout 3000 ms），5 分钟内 2140 次",
    "2026-12-05 10:09:00 mongo-rs0-3：oplog 应用耗时 3,100 ms"])
GROUP_CASES = RuleCases(by_language(GROUP_EN, GROUP_ZH), {
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


def test_a_quantity_after_a_comma_is_read() -> None:
    assert units.quantities(",5 分钟内 2140 次") == (("time", 300.0, "分钟"),)
    assert units.quantities("3,100 ms") == ()  # a thousands group: no "100 ms"
    assert ("time", 300.0, "分钟") in units.quantities("wtimeout 3000 ms，5 分钟内".replace("，", ","))


test_an_honest_claim_on_a_window_after_a_comma_is_traced = CASES.honest_traced()
test_an_honest_claim_on_a_window_after_a_comma_is_confirmed = CASES.honest_confirmed()
test_another_window_or_rate_is_not_traced = CASES.lies_untraced()
test_another_window_or_rate_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_window_beside_a_thousands_group_is_traced = GROUP_CASES.honest_traced()
test_a_window_beside_a_thousands_group_is_confirmed = GROUP_CASES.honest_confirmed()
test_a_window_of_another_unit_or_a_group_tail_is_not_traced = GROUP_CASES.lies_untraced()
test_a_window_of_another_unit_or_a_group_tail_is_not_read_as_fact = GROUP_CASES.lies_not_read_as_fact()
