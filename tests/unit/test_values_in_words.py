"""Values written in words or in parts are their values in digits (app/domain/spelled.py, read in
``Items.untraced``, ``Items.worked_out`` and ``evidence.support_level``): "about eighteen percent"
and "百分之二十三" of a line's 18% and 23%, "1 亿 8 千万" of "1.8 亿", a lag of "约 6 分 20 秒" of 380
s. With the rule off the honest claims are refused ("names '百'", "names '约 6'"); another value in
words stays refused."""

from __future__ import annotations

from app.domain import spelled
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-05-11T08:14:00Z alertmanager: CallTimeouts firing for orders-api (timeout ratio 18% over 5 min)\n"
      "2026-05-11T09:00:00Z mongod db-3: replication lag 380 s")
ZH = ("2026-05-12 10:02:00 运维日志：赵敏 对 orders.items 创建索引，集合约 1.8 亿文档\n"
      "2026-05-12 10:09:00 告警 ReplLag 触发：mongo-rs0-3 复制延迟 380 秒，级别 critical\n"
      "2026-05-12 10:11:30 告警 OrderWriteErrors 触发：order-svc 写入错误率 23%，级别 critical")

HONEST = {
    "en-percent-word": "CallTimeouts fired for orders-api at a timeout ratio of about eighteen percent over 5 min",
    "en-percent": "CallTimeouts fired for orders-api at a timeout ratio of 18 percent over 5 min",
    "en-parts": "db-3 had a replication lag of 6 min 20 s",
    "zh-percent-word": "OrderWriteErrors 触发时 order-svc 写入错误率为百分之二十三",
    "zh-parts": "ReplLag 触发时 mongo-rs0-3 复制延迟约 6 分 20 秒",
    "zh-two-scales": "orders.items 集合约有 1.8 亿文档，也就是 1 亿 8 千万左右",
}
LIES = {
    "en-other-percent": ("CallTimeouts fired for orders-api at a timeout ratio of about thirty percent over 5 min",
                         "thirty percent"),
    "en-other-parts": ("db-3 had a replication lag of 7 min 20 s", "7 min 20 s"),
    "zh-other-percent": ("OrderWriteErrors 触发时 order-svc 写入错误率为百分之三十二", "百分之三十二"),
    "zh-other-parts": ("ReplLag 触发时 mongo-rs0-3 复制延迟约 7 分 20 秒", "7 分 20 秒"),
    "zh-other-scales": ("orders.items 集合约有 1.8 亿文档，也就是 1 亿 6 千万左右", "1 亿 6 千万"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


def test_values_in_words_are_written_in_digits() -> None:
    assert spelled.in_digits("about eighteen percent of calls") == "about 18% of calls"
    assert spelled.in_digits("错误率为百分之二十三") == "错误率为23%"
    assert spelled.in_digits("也就是 1 亿 8 千万左右") == "也就是 180000000左右"
    assert spelled.in_digits("落后约 6 分 20 秒") == "落后约 380 秒"
    assert spelled.in_digits("a lag of 380 s") == "a lag of 380 s"


test_a_value_in_words_is_traced = CASES.honest_traced()
test_a_value_in_words_is_confirmed = CASES.honest_confirmed()
test_another_value_in_words_is_not_traced = CASES.lies_untraced()
test_another_value_in_words_is_not_read_as_fact = CASES.lies_not_read_as_fact()
