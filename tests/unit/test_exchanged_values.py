"""Values exchanged (app/domain/alignment.py ``exchanged``): two tokens of one shape that a claim
and the line it restates both hold, in each other's places ("failed over from the zone it failed
over to"). Every token is in the evidence; only their places differ. Against the offline engine,
the scripted lying Verifiers and a lying Composer, English and Chinese, with honest reorderings
kept."""

from __future__ import annotations

import pytest

from app.domain import alignment
from app.domain.provenance import Items
from tests.unit.factories import run_session
from tests.unit.scripted import LIARS, LyingComposer, ScriptedExecutor, claim, inv, output, roles_with
from tests.unit.test_safety_net import verdict_of

EN = "\n".join([
    "2026-11-29T10:02:11Z checkout-gw nginx[2210]: upstream orders-svc returned HTTP 503 after 3 retries (ERR-5301)",
    "2026-11-29T10:05:00Z deploy-bot: orders-svc upgraded to 2.4.1, rollout took 7.2 min",
    "2026-11-29T10:13:00Z cloud-monitor: orders-db replica in eu-west-1b failed over to eu-west-1c"])
ZH = "\n".join([
    "2026-11-30T06:02:12Z billing-worker-2 消费者: CommitFailedException: 消费组 billing-consumer 正在重平衡，提交失败",
    "2026-11-30T06:14:00Z 云监控: redis-session-01 主节点从可用区 cn-north-1a 切换到 cn-north-1b"])

EXCHANGED = {
    "zones": ("cloud-monitor: orders-db replica in eu-west-1c failed over to eu-west-1b", "eu-west-1c"),
    "hosts": ("orders-svc nginx: upstream checkout-gw returned HTTP 503 after 3 retries (ERR-5301)", "checkout-gw"),
    "zh-zones": ("云监控: redis-session-01 主节点从可用区 cn-north-1b 切换到 cn-north-1a", "cn-north-1b"),
    "zh-roles": ("billing-consumer 消费者: CommitFailedException: 消费组 billing-worker-2 正在重平衡，提交失败",
                 "billing-worker-2"),
}
HONEST = {
    "reworded-places": "cloud-monitor: orders-db replica failed over to eu-west-1c from eu-west-1b",
    "shapes-differ": "HTTP 503 after 3 retries from upstream orders-svc, says checkout-gw nginx",
    "subject-first": "orders-svc, upgraded to 2.4.1 by deploy-bot, took 7.2 min to roll out",
    "zh-reworded-places": "云监控: redis-session-01 主节点切换到可用区 cn-north-1b（原为 cn-north-1a）",
    "same-order": "cloud-monitor: orders-db replica in eu-west-1b failed over to eu-west-1c",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


def judged(text: str, verifier: str):  # noqa: ANN201
    log = _log(text)
    script = None if verifier == "offline" else LIARS[verifier]
    _, v = verdict_of([claim("c1", text, ("i1",))], [inv("i1", log)], script, question="What went wrong?")
    return v


VERIFIERS = ["offline", "all-direct", "says-relevant", "invents-refs"]


@pytest.mark.parametrize("verifier", VERIFIERS)
@pytest.mark.parametrize(("text", "token"), EXCHANGED.values(), ids=EXCHANGED.keys())
def test_a_claim_exchanging_two_values_of_its_line_is_contradicted(text: str, token: str, verifier: str) -> None:
    v = judged(text, verifier)
    assert (v.verdict, v.facts_checked[0].verification) == ("REJECT", "contradicted"), v.gatekeeper_findings
    assert v.facts_checked[0].basis == "contradicted", v.facts_checked
    assert token in {f.entity for f in v.gatekeeper_findings if f.kind == "contradicted_value"}


@pytest.mark.parametrize("verifier", VERIFIERS)
@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_an_honest_reordering_is_kept(text: str, verifier: str) -> None:
    v = judged(text, verifier)
    assert v.verdict == ("LOW_CONFID" if verifier == "invents-refs" else "PASS"), v.gatekeeper_findings
    assert v.facts_checked[0].verification != "contradicted", v.facts_checked
    assert not [f for f in v.gatekeeper_findings if f.kind == "contradicted_value"]


@pytest.mark.parametrize(("lie", "taken"), [
    ("The orders-db replica in eu-west-1c failed over to eu-west-1b.", False),
    ("The orders-db replica in eu-west-1b failed over to eu-west-1c.", True),
    ("云监控显示 redis-session-01 主节点从可用区 cn-north-1b 切换到 cn-north-1a。", False),
    ("云监控显示 redis-session-01 主节点从可用区 cn-north-1a 切换到 cn-north-1b。", True)],
    ids=["exchanged", "kept", "zh-exchanged", "zh-kept"])
def test_a_composer_sentence_exchanging_two_values_is_refused(lie: str, taken: bool) -> None:
    text = next(line for line in _log(lie).splitlines() if "north" in line or "west" in line).split(" ", 1)[1]
    roles = roles_with("all-direct", ScriptedExecutor({1: ([inv("i1", _log(lie))], output(claim("c1", text, ("i1",))))}))
    roles.composer = LyingComposer(lie)  # type: ignore[assignment]
    _, _, [a] = run_session("What went wrong?", roles=roles)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, a.final_answer
    assert ("eu-west-1c failed over to eu-west-1b" in a.final_answer) is False
    assert ("cn-north-1b 切换到 cn-north-1a" in a.final_answer) is False


def test_a_finding_line_exchanging_two_values_is_untraced() -> None:
    items = Items([EN.splitlines()[2].split(" ", 1)[1]])
    assert items.trace("orders-db replica in eu-west-1b failed over to eu-west-1c") == 0
    assert items.trace("orders-db replica in eu-west-1c failed over to eu-west-1b") is None


def test_the_exchange_rule_weighs_a_few_tokens_not_every_pair_of_a_long_line() -> None:
    source = alignment.words(" ".join(f"a{n} node-{n} b{n}" for n in range(200)))
    line = alignment.words(" ".join(f"a{n} node-{n ^ 1} b{n}" for n in range(200)))  # 100 pairs exchanged
    pairs = alignment.exchanged(line, source)
    assert 0 < len(pairs) < 20 and ("node-1", "node-0") in pairs
