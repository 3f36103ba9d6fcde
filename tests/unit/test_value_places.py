"""A value stays in its place (app/domain/places.py): a name followed at once by a quantity gives
that name that value, and a change told with its markers ends at its value. A line holding every
value of its item that gives the field another value of the same dimension ("wtimeout 为 5 分钟"
where the item gives "wtimeout 5000 ms" and a 5-minute window), or ends a change at a number the
item writes only as something else ("连接数在 1 分钟内升至 1460" where 1460 connections were refused
and the count rose to 5120), moved a value; it is not traced, nor read as fact. Its honest twins:
the field's value in another unit, the change as told, the window as a window, a value a part of the
item gives the name with words between ("p99 延迟 2.7 s" beside "risk-check p99 2.5 s") or as where
its change came to ("http-keep-alive 2s -> 60s")."""

from __future__ import annotations

from app.domain import places
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T10:08:00Z order-svc: WriteConcernFailed (wtimeout 5000 ms) 2140 times in 5 min",
    "2026-11-23T20:13:40Z zk-03: connections from 310 to 5120 in 1 min; 1460 connections refused",
    "2026-12-05T14:00:10Z ops-log: lb-01 reloaded with config r118 (timeout http-keep-alive 2s -> 60s)"])
ZH = "\n".join([
    "2026-12-05 10:08:00 order-svc：写入报错 WriteConcernFailed（wtimeout 5000 ms） 5 分钟内 2140 次",
    "2026-11-23 20:13:40 zk-03：1 分钟内连接数由 310 升至 5120；单 IP 超过 maxClientCnxns 60，拒绝连接 1460 次",
    "2026-12-04 06:31:50 inventory-svc：p99 延迟 2.7 s（基线 120 ms），其中 risk-check p99 2.5 s"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-window-as-field": ("order-svc's wtimeout was 5 min", "wtimeout was 5 min"),
    "en-count-as-change-end": ("zk-03 connections went from 310 to 1460 in 1 min", "to 1460"),
    "zh-window-as-field": ("order-svc 写入的 wtimeout 为 5 分钟", "wtimeout 为 5 分钟"),
    "zh-count-as-change-end": ("zk-03 的连接数在 1 分钟内升至 1460", "升至 1460"),
    "zh-count-as-change-end-from": ("zk-03 连接数 1 分钟内由 310 升至 1460", "升至 1460"),
}, {
    "en-field-in-seconds": "order-svc's wtimeout was 5 s",
    "en-window": "order-svc logged WriteConcernFailed 2140 times in 5 min",
    "en-change": "zk-03 connections went from 310 to 5120 in 1 min",
    "zh-field-in-seconds": "order-svc 写入的 wtimeout 为 5 秒",
    "zh-window": "order-svc 5 分钟内报 WriteConcernFailed 2140 次",
    "zh-change": "zk-03 的连接数 1 分钟内由 310 升至 5120",
    "zh-refused": "zk-03 拒绝连接 1460 次",
    "en-field-changed-to": "lb-01 ran config r118 with timeout http-keep-alive 60s",
    "zh-field-said-in-its-part": "inventory-svc 的 p99 延迟为 2.7 s",
})
test_a_value_moved_to_another_place_is_not_traced = CASES.lies_untraced()
test_a_value_moved_to_another_place_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_in_its_place_is_traced = CASES.honest_traced()
test_a_value_in_its_place_is_a_confirmed_finding = CASES.honest_confirmed()


def test_places_are_judged_only_where_the_item_gives_one() -> None:
    assert places.moved_to_field("wtimeout was 5 min", "timed out after 5 min") is None
    assert places.moved_into_change("rose to 1460", "1460 refused") is None
