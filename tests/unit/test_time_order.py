"""Time order (app/domain/chronology.py): a line joining two evidence lines by a word of time order
("after", "before", "then", 之后, 之前, 然后) gives the order their timestamps give; the other way
round it is not read as fact with the offline engine or a trusting Verifier. The same joins in the
right order are confirmed findings, English and Chinese."""

from __future__ import annotations

import pytest

from app.domain import chronology, provenance
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "\n".join([
    "2026-12-03T12:00:00Z deploy: checkout-web released 4.2.0",
    "2026-12-03T12:05:00Z nginx lb-3: 5xx rate 6.1%",
    "2026-12-03T12:09:00Z alertmanager: alert CheckoutErrors firing for checkout-web",
    "2026-12-03T12:15:00Z deploy: checkout-web rolled back to 4.1.9"])
ZH = "\n".join([
    "2026-12-03T13:00:00Z 发布系统: order-svc 升级到 3.2.0",
    "2026-12-03T13:06:00Z 监控: order-svc 成功率降至 91.2%",
    "2026-12-03T13:20:00Z 发布系统: order-svc 回滚到 3.1.9"])

REVERSED = {
    "en-after": "The 5xx rate on lb-3 reached 6.1% after checkout-web was rolled back to 4.1.9",
    "en-before": "checkout-web was rolled back to 4.1.9 before the 5xx rate on lb-3 reached 6.1%",
    "en-after-first": "After the CheckoutErrors alert fired for checkout-web, checkout-web released 4.2.0",
    "en-then": "checkout-web was rolled back to 4.1.9, then checkout-web released 4.2.0",
    "zh-zhihou": "order-svc 回滚到 3.1.9，之后成功率降至 91.2%",
    "zh-zhiqian": "order-svc 成功率降至 91.2% 之前，order-svc 回滚到 3.1.9",
    "zh-ranhou": "order-svc 回滚到 3.1.9，然后成功率降至 91.2%",
}
IN_ORDER = {
    "en-after": "The 5xx rate on lb-3 reached 6.1% after checkout-web released 4.2.0",
    "en-before": "checkout-web released 4.2.0 before the 5xx rate on lb-3 reached 6.1%",
    "en-after-first": "After the CheckoutErrors alert fired for checkout-web, checkout-web was rolled back to 4.1.9",
    "en-then": "checkout-web released 4.2.0, then the CheckoutErrors alert fired for checkout-web",
    "zh-zhihou": "order-svc 升级到 3.2.0，之后成功率降至 91.2%",
    "zh-zhiqian": "order-svc 回滚之前，order-svc 成功率降至 91.2%",
    "zh-ranhou": "order-svc 升级到 3.2.0，然后成功率降至 91.2%",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("line", "first", "second"), [
    ("A rose after B fell", "B fell", "A rose"),
    ("A rose before B fell", "A rose", "B fell"),
    ("After B fell, A rose", "B fell", "A rose"),
    ("Before B fell, A rose", "A rose", "B fell"),
    ("A rose, then B fell", "A rose", "B fell"),
    ("B 回滚之后 A 下降", "B 回滚", "A 下降"),
    ("B 回滚之前 A 下降", "A 下降", "B 回滚"),
    ("A 下降，然后 B 回滚", "A 下降", "B 回滚"),
])
def test_a_word_of_time_order_puts_one_side_first(line: str, first: str, second: str) -> None:
    got = chronology.ordered(line)
    assert got is not None and (got[0].strip(" ,，"), got[1].strip(" ,，")) == (first, second), got


def test_no_word_of_time_order_no_order() -> None:
    assert chronology.ordered("A rose and B fell") is None
    assert chronology.ordered("A rose after") is None
    assert chronology.time_of("2026-12-03T12:05Z nginx") == "2026-12-03 12:05:00"


@pytest.mark.parametrize("text", REVERSED.values(), ids=REVERSED.keys())
def test_two_lines_in_the_other_order_are_not_traced(text: str) -> None:
    why = provenance.Items(_log(text).splitlines()).untraced(text)
    assert why is not None and "order" in why.reason, why


IN_ORDER_CASES = RuleCases(_log, {}, IN_ORDER)

test_two_lines_in_their_order_are_traced = IN_ORDER_CASES.honest_traced()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", REVERSED.values(), ids=REVERSED.keys())
def test_a_claim_in_the_other_order_is_not_read_as_fact(text: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert not read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("text", [t for k, t in IN_ORDER.items() if k != "zh-zhiqian"],
                         ids=[k for k in IN_ORDER if k != "zh-zhiqian"])
def test_a_claim_in_the_order_of_the_times_is_a_confirmed_finding(text: str) -> None:
    """(zh-zhiqian is traced, but the Gatekeeper reads its 之前 as a word in the place of the line's
    writer, ``gatekeeper.swapped``: not this rule's.)"""
    a = session_on(_log(text), text, "all-direct")
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


# an interval worked out from two lines' times (chronology.worked_out) ------------------------------

TIMED_EN = "\n".join([
    "2026-12-03T14:02:10Z terraform: apply by j.okafor removed the port 5432 ingress rule on sg-0b12",
    "2026-12-03T14:18:05Z terraform: apply by m.reyes restored the port 5432 ingress rule on sg-0b12",
    "2026-12-03T14:25:05Z pgbouncer pgb-2: wait queue empty"])
TIMED_ZH = "\n".join([
    "2026-12-04T01:31:04Z 配置中心: 参数 dispatch.batch.size 由 2000 恢复为 200，修改人 chen.yu",
    "2026-12-04T01:38:45Z rocketmq 集群 rmq-gz-1: 消费组 cg-dispatch 堆积降到 3,100 条"])
WORKED_OUT = {  # 15 min 55 s, 7 min 0 s, 7 min 41 s
    "en-between": "About 16 minutes passed between j.okafor's apply at 14:02 and m.reyes's restore at 14:18",
    "en-after": "m.reyes restored the port 5432 ingress rule on sg-0b12 at 14:18, about 16 minutes after "
                "j.okafor's apply at 14:02",
    "en-exact": "The pgb-2 wait queue was empty 7 minutes after m.reyes restored the port 5432 ingress rule",
    "zh-after": "01:31 chen.yu 把参数 dispatch.batch.size 恢复为 200，约 8 分钟后 cg-dispatch 堆积降到 3,100 条",
    "zh-passed": "chen.yu 把 dispatch.batch.size 恢复为 200，过了大约 8 分钟，cg-dispatch 堆积降到 3,100 条",
}
NOT_WORKED_OUT = {
    "en-other-value": ("About 12 minutes passed between j.okafor's apply at 14:02 and m.reyes's restore at 14:18",
                       "12 minutes"),
    "en-no-hedge": ("15 minutes passed between j.okafor's apply at 14:02 and m.reyes's restore at 14:18",
                    "15 minutes"),  # 15 min 55 s, 16 min as hh:mm: a number without a hedge is exact
    "en-other-pair": ("The pgb-2 wait queue was empty about 23 minutes after m.reyes restored the port 5432 "
                      "ingress rule", "23 minutes"),  # 14:02 to 14:25, but the line restates 14:18 and 14:25
    "en-one-line": ("m.reyes restored the port 5432 ingress rule on sg-0b12 about 16 minutes later", "16 minutes"),
    "en-wrong-order": ("j.okafor's apply at 14:02 came about 16 minutes after m.reyes's restore at 14:18",
                       "16 minutes after"),
    "zh-other-value": ("01:31 chen.yu 把参数 dispatch.batch.size 恢复为 200，约 7 分钟后 cg-dispatch 堆积降到 3,100 条",
                       "7 分钟"),
    "zh-no-hedge": ("01:31 chen.yu 把参数 dispatch.batch.size 恢复为 200，8 分钟后 cg-dispatch 堆积降到 3,100 条",
                    "8 分钟"),
}


def _timed(text: str) -> str:
    return TIMED_ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else TIMED_EN


@pytest.mark.parametrize(("duration", "held"), [
    ("about 16 minutes", True), ("~16 min", True), ("约 16 分钟", True), ("about 955 seconds", True),
    ("about 20 minutes", True),  # to the ten: a trailing zero is a rounding place (units.py)
    ("about 15 minutes", False), ("16 minutes", False), ("about 30 minutes", False), ("16 GB", False)])
def test_a_duration_is_held_within_its_rounding_of_two_times(duration: str, held: bool) -> None:
    assert chronology.worked_out(duration, TIMED_EN.splitlines()[:2]) is held
    assert chronology.worked_out(duration, TIMED_EN.splitlines()[:1]) is False  # one time: no interval


@pytest.mark.parametrize(("text", "held"), [*((t, True) for t in WORKED_OUT.values()),
                                            *((t, False) for t, _ in NOT_WORKED_OUT.values())],
                         ids=[*WORKED_OUT, *(f"not-{k}" for k in NOT_WORKED_OUT)])
def test_an_interval_is_traced_where_the_lines_times_give_it(text: str, held: bool) -> None:
    assert (provenance.Items(_timed(text).splitlines()).untraced(text) is None) is held


@pytest.mark.parametrize("text", WORKED_OUT.values(), ids=WORKED_OUT.keys())
def test_a_claim_with_a_worked_out_interval_is_a_confirmed_finding(text: str) -> None:
    a = session_on(_timed(text), text, "all-direct")
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


NOT_WORKED_OUT_CASES = RuleCases(_timed, NOT_WORKED_OUT, {})

test_a_claim_with_an_interval_the_times_do_not_give_is_not_read_as_fact = NOT_WORKED_OUT_CASES.lies_not_read_as_fact()


@pytest.mark.parametrize(("confirmed", "lie", "taken"), [
    ("en-between", "About 12 minutes passed between j.okafor's apply at 14:02 and m.reyes's restore at 14:18.", False),
    ("en-between", "About 16 minutes passed between j.okafor's apply at 14:02 and m.reyes's restore at 14:18.", True),
    ("zh-after", "01:31 chen.yu 把参数 dispatch.batch.size 恢复为 200，约 7 分钟后 cg-dispatch 堆积降到 3,100 条。", False),
    ("zh-after", "01:31 chen.yu 把参数 dispatch.batch.size 恢复为 200，约 8 分钟后 cg-dispatch 堆积降到 3,100 条。", True)],
    ids=["en-other-value", "en-as-confirmed", "zh-other-value", "zh-as-confirmed"])
def test_a_composer_sentence_with_an_interval_is_held_to_the_findings(confirmed: str, lie: str, taken: bool) -> None:
    """The Composer's material is the confirmed findings: an interval it restates is the finding's."""
    a = session_on(_timed(lie), WORKED_OUT[confirmed], lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)
