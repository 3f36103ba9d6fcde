"""A move told by its end alone, to the place its item moves the thing away from
(app/domain/direction.py ``moved_from``): "m.okafor switched the egress of vpc-c back to fw-east-1"
of "m.okafor moved the egress of vpc-c from fw-east-1 to fw-east-2" holds every word and name of
the line, but turns the move round (and gives the later move back, another person's, to the first
one's actor); so do "moved … to A", "切回 A", "切到 A", "迁回 A". A move to where its item moves the
thing, or the item's own move back, is traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-06-04T11:00:00Z change log: m.okafor moved the egress of vpc-c from fw-east-1 to fw-east-2 "
      "(route table rt-55 v7 -> v8); fw-east-1 kept as standby\n"
      "2026-06-04T11:30:00Z change log: s.lindqvist switched the egress of vpc-c back to fw-east-1 (rt-55 v8 -> v9)\n"
      "2026-06-04T11:40:00Z db log: replica pg-r2 promoted, primary moved from pg-r1 to pg-r2")
ZH = ("2026-06-04 11:00:00 变更记录：王磊 把 vpc-c 的出网流量从 fw-east-1 切到 fw-east-2（路由表 rt-55 v7 → v8），"
      "fw-east-1 保留作备份\n"
      "2026-06-04 11:30:00 变更记录：赵敏 把 vpc-c 的出网路由切回 fw-east-1（rt-55 v8 → v9）\n"
      "2026-06-04 11:40:00 数据库日志：副本 pg-r2 提升，主库从 pg-r1 迁到 pg-r2")

LIES = {  # claim, what must not be read as fact
    "en-back-to": ("m.okafor switched the egress of vpc-c back to fw-east-1", "m.okafor switched"),
    "en-moved-to": ("m.okafor moved the egress of vpc-c to fw-east-1", "vpc-c to fw-east-1"),
    "en-primary-back": ("The primary was moved back to pg-r1", "moved back to pg-r1"),
    "zh-qiehui": ("王磊 把 vpc-c 的出网路由切回 fw-east-1", "王磊 把 vpc-c 的出网路由切回"),
    "zh-qiedao": ("王磊 把 vpc-c 的出网流量切到 fw-east-1", "切到 fw-east-1"),
    "zh-qianhui": ("主库迁回 pg-r1", "主库迁回 pg-r1"),
}
HONEST = {
    "en-from-to": "m.okafor moved the egress of vpc-c from fw-east-1 to fw-east-2",
    "en-back-its-own": "s.lindqvist switched the egress of vpc-c back to fw-east-1",
    "en-to": "The primary moved to pg-r2",
    "en-kept": "fw-east-1 was kept as standby",
    "zh-qiedao": "王磊 把 vpc-c 的出网流量切到 fw-east-2",
    "zh-qiehui-its-own": "赵敏 把 vpc-c 的出网路由切回 fw-east-1",
    "zh-from-to": "主库从 pg-r1 迁到 pg-r2",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_move_to_where_it_left_is_not_traced = CASES.lies_untraced()
test_a_move_to_where_it_left_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_move_to_where_it_went_is_traced = CASES.honest_traced()
test_a_move_to_where_it_went_is_a_confirmed_finding = CASES.honest_confirmed()
