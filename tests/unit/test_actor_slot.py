"""The actor of an action is the one the line of that action gives (app/domain/gatekeeper.py,
``elsewhere``): a claim restating "changed from 20 to 200 by a.kim" with the person of the revert
line ("…, by b.lopez") puts another name in that line's place. Its clause, with the line's name
back, is the line's own, so it is not excused as a clause of the other line: contradicted, with the
offline engine and a trusting Verifier. A claim telling both lines, each actor with its own action,
is kept."""

from __future__ import annotations

import pytest

from tests.unit.rule_cases import RuleCases, by_language, read_as_fact, session_on
from tests.unit.scripted import claim, inv
from tests.unit.test_safety_net import verdict_of

EN = "\n".join([
    "2026-12-03T10:00:00Z config-center: key orders.pool.size changed from 20 to 200 by a.kim",
    "2026-12-03T10:20:00Z config-center: key orders.pool.size changed from 200 back to 20 by b.lopez"])
ZH = "\n".join([
    "2026-12-04T01:17:50Z 配置中心: 参数 orders.pool.size 由 20 改为 200，修改人 a.kim",
    "2026-12-04T01:31:04Z 配置中心: 参数 orders.pool.size 由 200 恢复为 20，修改人 b.lopez"])

SWAPPED = {
    "en": ("config-center: key orders.pool.size changed from 20 to 200, by b.lopez", "b.lopez"),
    "zh": ("配置中心: 参数 orders.pool.size 由 20 改为 200，修改人 b.lopez", "b.lopez"),
}
HONEST = {
    "en": "config-center: key orders.pool.size changed from 20 to 200, by a.kim",
    "zh": "配置中心: 参数 orders.pool.size 由 20 改为 200，修改人 a.kim",
}
BOTH = {
    "en": "key orders.pool.size changed from 20 to 200 by a.kim, then b.lopez changed it from 200 back to 20",
    "zh": "参数 orders.pool.size 由 20 改为 200，修改人 a.kim；01:31 由 200 恢复为 20，修改人 b.lopez",
}


_log = by_language(EN, ZH)


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), SWAPPED.values(), ids=SWAPPED.keys())
def test_the_actor_of_another_line_in_the_place_of_the_lines_actor_is_not_read_as_fact(
        text: str, needle: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert a.verdict != "PASS" and not read_as_fact(text, a.final_answer), a.final_answer


CASES = RuleCases(_log, {}, HONEST)

test_the_actor_the_line_gives_is_a_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("text", BOTH.values(), ids=BOTH.keys())
def test_each_actor_with_its_own_action_is_no_swap(text: str) -> None:
    _, v = verdict_of([claim("c1", text, ("i1",))], [inv("i1", _log(text))], None, question="What went wrong?")
    assert not [f for f in v.gatekeeper_findings if f.kind == "contradicted_value"], v.gatekeeper_findings
