"""Which way a clock or a position was stepped by an amount is a slot of a closed class
(app/domain/slots.py): forward or ahead, back or backward (向前/往前/拨快/调快, 向后/往后/回拨/拨慢/
调慢). "stepped back by 412.581 seconds" of a line saying "stepped forward by 412.581 seconds" keeps
every token and every subject term of it; only the class tells the step was turned round. Such a
line is not traced; one giving the direction its line gives is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-09-14T04:02:11Z chronyd etl-node-4: system clock stepped forward by 38.204 seconds (source gps-b)",
    "2026-09-14T04:30:45Z chronyd etl-node-9: system clock stepped back by 0.917 seconds (source ntp-east)",
    "2026-09-14T04:41:00Z kafka-mirror: consumer offset of partition 12 moved ahead by 5000 messages after reset"])
ZH = "\n".join([
    "2026-09-16 07:12:30 chronyd db-node-6：系统时钟向前跳 21.7 秒（时钟源 ntp-hk）",
    "2026-09-16 07:40:02 运维日志：李娜 将 db-node-8 的系统时钟回拨 3 秒",
    "2026-09-16 07:55:10 chronyd db-node-2：系统时钟往后调 0.25 秒"])

LIES = {  # claim, what must not be read as fact
    "en-back-for-forward": ("etl-node-4 stepped back by 38.204 seconds (source gps-b)", "back by 38.204"),
    "en-backward-for-forward": ("chronyd moved the clock of etl-node-4 backward by 38.204 seconds",
                                "backward by 38.204"),
    "en-ahead-for-back": ("the clock of etl-node-9 jumped ahead by 0.917 seconds", "ahead by 0.917"),
    "en-backward-for-ahead": ("The consumer offset of partition 12 moved backward by 5000 messages after reset",
                              "backward by 5000"),
    "zh-back-for-forward": ("07:12:30 db-node-6 的系统时钟向后跳 21.7 秒", "向后跳 21.7 秒"),
    "zh-fast-for-set-back": ("李娜 将 db-node-8 的系统时钟拨快 3 秒", "拨快 3 秒"),
    "zh-forward-for-back": ("db-node-2 的系统时钟往前调 0.25 秒", "往前调 0.25 秒"),
}
HONEST = {
    "en-forward-as-told": "At 04:02:11 etl-node-4's clock was stepped forward by 38.204 seconds",
    "en-back-as-told": "chronyd stepped etl-node-9's system clock back by 0.917 seconds",
    "en-ahead-as-told": "The consumer offset of partition 12 moved ahead by 5000 messages after reset",
    "zh-forward-as-told": "07:12:30 db-node-6 的系统时钟向前跳 21.7 秒",
    "zh-set-back-as-told": "李娜 将 db-node-8 的系统时钟回拨 3 秒",
    "zh-back-as-told": "db-node-2 的系统时钟往后调 0.25 秒",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_step_turned_round_is_not_traced = CASES.lies_untraced()
test_a_step_turned_round_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_step_the_way_its_line_gives_is_traced = CASES.honest_traced()
test_a_step_the_way_its_line_gives_is_a_confirmed_finding = CASES.honest_confirmed()
