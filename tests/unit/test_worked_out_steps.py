"""A figure worked out by one step is held (app/domain/derived.py, chronology.py): an interval in
parts ("11 min 31 s", "5 分 47 秒"), a count per time ("about 5.8 timeouts a second", "每秒约 12.5
次"), a difference in percentage points, a step over the two numbers a claim names itself (in its
order and direction), and a difference of one thing at the two times a claim names, each at the
precision its wording claims. The same sentence one step wrong (another value, the other direction,
numbers of two different things) is not read as fact."""

from __future__ import annotations

import pytest

from app.domain import chronology, derived, provenance, specific, steps
from tests.unit.rule_cases import RuleCases, by_language, read_as_fact, session_on

EN = "\n".join([
    "2026-12-06T07:10:25Z orders-api-2 app.log: 700 timeouts in last 120 s",
    "2026-12-06T07:15:09Z pagerduty: incident INC-7710 OrdersTimeout triggered",
    "2026-12-06T07:20:00Z lb-east: backend orders requests 8200/s, 5xx 12.5%, cache hits 900/s",
    "2026-12-06T07:26:40Z pagerduty: INC-7710 acknowledged by m.silva",
    "2026-12-06T07:50:00Z lb-east: backend orders requests 6100/s, 5xx 1.5%, cache hits 3500/s"])
ZH = "\n".join([
    "2026-12-06T03:01:00Z pgbouncer pgb-7: 等待客户端 240 个",
    "2026-12-06T03:05:00Z 告警平台: 告警 ClientWaiting 已触发，阈值 60 个等待客户端",
    "2026-12-06T03:02:30Z pgbouncer pgb-7: 活跃服务端连接 50/50",
    "2026-12-06T03:06:10Z orders-api orders-api-5: 过去 60 秒失败 750 次",
    "2026-12-06T03:09:47Z 告警平台: 确认告警 ClientWaiting",
    "2026-12-06T03:20:00Z pgbouncer pgb-7: 活跃服务端连接 31/50"])
log = by_language(EN, ZH)

STEPS = {
    "en-interval-in-parts": "INC-7710 was acknowledged 11 min 31 s after it triggered",
    "zh-interval-in-parts": "告警 ClientWaiting 03:05:00 触发，03:09:47 被确认，相隔 4 分 47 秒",
    "en-count-per-time": "orders-api-2 logged 700 timeouts in 120 s, about 5.8 timeouts a second",
    "zh-count-per-time": "orders-api-5 过去 60 秒失败 750 次，平均每秒约 12.5 次",
    "zh-named-multiple": "等待客户端 240 个，是告警 ClientWaiting 阈值 60 个等待客户端的 4 倍",
    "en-two-times": "lb-east backend orders requests fell by 2100/s between 07:20 and 07:50",
    "en-points": "lb-east 5xx fell by 11 percentage points between 07:20 and 07:50",
    "en-from-to": "lb-east 5xx fell by 11 percentage points, from 12.5% at 07:20 to 1.5% at 07:50",
    "zh-from-to": "pgb-7 活跃服务端连接从 50/50 降到 31/50，少了 19 个",
    "en-share-of-a-rate": "On lb-east 12.5% of 8200 requests/s is about 1025 failed requests a second",
    "zh-relation-words": "等待客户端 240 个，约为告警 ClientWaiting 阈值 60 个等待客户端的 4 倍",
    "zh-relation-words-bare": "等待客户端 240 个，约为告警阈值 60 的 4 倍",
    "en-change-verb": "lb-east orders rate fell by 2100/s between 07:20 and 07:50",
    "zh-said-word": "告警 ClientWaiting 从 03:05 触发到 03:09 被确认，历时 4 分 47 秒",
}
ONE_STEP_WRONG = {
    "en-interval-in-parts": ("INC-7710 was acknowledged 10 min 31 s after it triggered", "10 min 31 s"),
    "zh-interval-in-parts": ("告警 ClientWaiting 03:05:00 触发，03:09:47 被确认，相隔 3 分 47 秒", "3 分 47 秒"),
    "en-count-per-time": ("orders-api-2 logged 700 timeouts in 120 s, about 6.8 timeouts a second", "6.8"),
    "zh-count-per-time": ("orders-api-5 过去 60 秒失败 750 次，平均每秒约 15.2 次", "15.2"),
    "zh-named-multiple": ("等待客户端 240 个，是告警 ClientWaiting 阈值 60 个等待客户端的 3 倍", "3 倍"),
    "en-two-times": ("lb-east backend orders requests fell by 2000/s between 07:20 and 07:50", "2000/s"),
    "en-two-times-upwards": ("lb-east backend orders requests rose by 2100/s between 07:20 and 07:50", "2100/s"),
    "en-two-times-other-thing": ("lb-east backend orders requests fell by 5200/s between 07:20 and 07:50",
                                 "5200/s"),  # 8200 requests at 07:20 less 3000? no; 900 less 3500 neither
    "en-two-things-one-time": ("lb-east backend orders requests fell by 7300/s between 07:20 and 07:50",
                               "7300/s"),  # 8200 requests less 900 cache hits: two things
    "en-points": ("lb-east 5xx fell by 10 percentage points between 07:20 and 07:50", "10 percentage points"),
    "en-points-upwards": ("lb-east 5xx rose by 11 percentage points between 07:20 and 07:50", "11 percentage"),
    "en-from-to-times-turned": ("lb-east 5xx fell by 11 percentage points, from 12.5% at 07:50 to 1.5% at 07:20",
                                "11 percentage"),
    "zh-from-to-upwards": ("pgb-7 活跃服务端连接从 50/50 降到 31/50，多了 19 个", "多了 19 个"),
    "zh-from-to-order-turned": ("pgb-7 活跃服务端连接从 31/50 升到 50/50，多了 19 个", "多了 19 个"),
    "zh-from-to-other": ("pgb-7 活跃服务端连接从 50/50 降到 31/50，少了 21 个", "21 个"),
    "en-share-of-a-rate": ("On lb-east 12.5% of 8200 requests/s is about 1250 failed requests a second", "1250"),
    "zh-relation-words": ("等待客户端 240 个，约为告警 ClientWaiting 阈值 60 个等待客户端的 6 倍", "6 倍"),
    "zh-relation-words-bare": ("等待客户端 240 个，约为告警阈值 60 的 6 倍", "6 倍"),
    "en-change-verb": ("lb-east orders rate rose by 2100/s between 07:20 and 07:50", "2100/s"),
    "zh-said-word": ("告警 ClientWaiting 从 03:05 触发到 03:09 被确认，历时 5 分 47 秒", "5 分 47 秒"),
}


CASES = RuleCases(log, ONE_STEP_WRONG, STEPS)

test_a_figure_one_step_gives_is_traced = CASES.honest_traced()
test_a_figure_one_step_off_is_not_traced = CASES.lies_untraced()
test_a_figure_one_step_gives_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), ONE_STEP_WRONG.values(), ids=ONE_STEP_WRONG.keys())
def test_a_figure_one_step_off_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session_on(log(text), text, verifier)
    assert a.verdict != "PASS" and not read_as_fact(needle, a.final_answer), a.final_answer


@pytest.mark.parametrize(("duration", "seconds"), [
    ("8 min 13 s", 493.0), ("1 h 5 min", 3900.0), ("5 分 47 秒", 347.0), ("about 3 min 10 s", 190.0),
    ("8 min", 480.0), ("5", None)])
def test_a_duration_in_parts_is_one_value(duration: str, seconds: float | None) -> None:
    assert chronology.seconds(duration) == seconds


@pytest.mark.parametrize(("line", "held"), [
    ("186 waiting, about 3.7 times the threshold of 50", True),
    ("186 waiting, about 2.7 times the threshold of 50", False),
    ("the threshold of 50 was about 3.7 times the 186 waiting", False),  # the order the line names them
    ("40 in use, then 24 in use, a drop of 16", True),
    ("40 in use, then 24 in use, a rise of 16", False),  # the direction the line gives
    ("24 by the report, 16 more than the 40 in use", False),  # a comparative: the first less the second
])
def test_a_step_over_the_numbers_a_line_names_is_taken_in_its_order_and_direction(line: str, held: bool) -> None:
    items = ["2026-12-06T03:01:00Z pool: 186 waiting, 40 in use", "2026-12-06T03:05:00Z alert: threshold 50",
             "2026-12-06T03:05:00Z report: 24 sessions"]
    [fig] = [f for f in derived.figures(line) if f.written in ("3.7", "2.7", "16")]
    assert steps.given(fig, line, [], items) is held


@pytest.mark.parametrize(("token", "text", "held"), [
    ("PUTs", "bucket put requests 5480/s", True), ("PUTs", "bucket get requests 5480/s", False),
    ("PUT/s", "bucket put requests 5480/s", True), ("PUT/s", "bucket put requests 5480 in total", False),
    ("PUT/s", "bucket get requests 5480/s", False)])
def test_an_acronyms_plural_and_a_rate_with_its_noun_are_the_lines(token: str, text: str, held: bool) -> None:
    assert specific.occurs(token, specific.prepared(text)) is held


@pytest.mark.parametrize(("line", "duration", "left"), [
    ("告警从 03:05 触发到 03:30 恢复，持续了 25 分钟", "25 分钟", "告警从 03:05 触发到 03:30 恢复，"),
    ("report-daily ran from 02:05 until 02:24, it lasted 19 minutes", "19 minutes", "report-daily ran from 02:05 until 02:24, it"),
])
def test_the_words_saying_a_duration_is_an_interval_go_with_it(line: str, duration: str, left: str) -> None:
    assert chronology.without(line, duration).strip() == left


def test_then_puts_one_clause_second() -> None:
    assert chronology.ordered("pool 31/50，然后 50/50，少了 19 个") == ("pool 31/50,", " 50/50")  # canonical: NFKC


@pytest.mark.parametrize(("line", "held"), [
    ("cache hits took about 11% of requests at 07:20, 900 of 8200/s", True),
    ("5xx was about 11% at 07:20, 900 of 8200/s", False),  # the line writes 5xx 12.5%: that is its value
])
def test_a_share_the_line_names_is_not_of_a_thing_the_item_writes_a_percentage_of(line: str, held: bool) -> None:
    items = EN.splitlines()
    [fig] = [f for f in derived.figures(line) if f.written == "11"]
    assert steps.given(fig, line, [], items) is held


@pytest.mark.parametrize(("line", "held"), [
    ("backend orders requests fell by 2100/s between 07:20 and 07:50", True),
    ("backend orders requests fell by 2600/s between 07:20 and 07:50", False),  # 3500 less 900: cache hits'
    ("cache hits rose by 2600/s between 07:20 and 07:50", True),
    ("backend orders requests rose by 2600/s between 07:20 and 07:50", False),  # the cache hits' change
])
def test_a_change_between_two_times_is_of_the_thing_the_line_names(line: str, held: bool) -> None:
    [fig] = derived.figures(line)
    assert steps.given(fig, line, [], EN.splitlines()) is held


@pytest.mark.parametrize(("line", "written", "held"), [
    ("orders-api-2 logged 700 timeouts and orders-api-3 260, 960 in total", "960", True),
    ("orders-api-2 logged 700 timeouts and orders-api-3 260, 990 in total", "990", False),
    ("orders-api-5 失败 750 次，orders-api-2 超时 700 次，共 1450 次", "1450", True),
    ("orders-api-5 失败 750 次，orders-api-2 超时 700 次，共 1540 次", "1540", False),
    ("p99 was 2.8 s, about 9.3x the usual 0.3 s", "9.3", True),
    ("p99 was 2.8 s, about 8.3x the usual 0.3 s", "8.3", False),
    ("p99 of 2.8 s was 2.5 s slower than the usual 0.3 s", "2.5", True),
    ("p99 of 2.8 s was 2.5 s faster than the usual 0.3 s", "2.5", False),  # the comparative's direction
])
def test_a_sum_a_multiple_in_x_and_a_comparative_are_one_step(line: str, written: str, held: bool) -> None:
    items = [*EN.splitlines(), "2026-12-06T07:12:00Z orders-api-3 app.log: 260 timeouts in last 120 s",
             "2026-12-06T07:13:00Z api-gw: p99 2.8 s (usual 0.3 s)", *ZH.splitlines()]
    [fig] = [f for f in derived.figures(line) if f.written == written]
    assert steps.given(fig, line, [], items) is held


def test_a_verb_of_change_stays_where_one_line_gives_the_difference() -> None:
    items = ["2026-12-06T07:30:00Z redis cache-2: memory rose to 7.4 GB of 8 GB"]
    honest, flipped = "cache-2 memory rose to 7.4 GB, 0.6 GB left", "cache-2 memory fell to 7.4 GB, 0.6 GB left"
    assert provenance.Items(items).untraced(honest) is None
    assert provenance.Items(items).untraced(flipped) is not None  # the item's own direction, not the step's
