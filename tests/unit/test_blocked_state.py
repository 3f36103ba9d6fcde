"""Whether a flow is held back is a closed class (app/domain/slots.py, the class ``blocking``).

Blocked or throttled (阻塞, 限流), or unblocked, its block lifted (阻塞已解除): a line saying "still
blocked" of an item saying the block was lifted keeps every token and every subject term of its
item, and gives a state the item does not. A state named with its release ("阻塞已解除", "the block …
was lifted") is the release, not the block.

Each lie is not read as fact with the offline engine or a trusting Verifier, and a lying Composer's
sentence doing it is refused; honest twins are confirmed findings."""

from __future__ import annotations

import pytest

from app.domain import slots
from tests.unit.rule_cases import RuleCases
from tests.unit.test_value_owner_and_membership import _log

EN = "\n".join([
    "2026-12-03T08:10:00Z rabbitmq mq-east-1: memory alarm set, 12 publisher connections blocked",
    "2026-12-03T08:40:00Z rabbitmq mq-east-1: memory alarm cleared, the block on publisher connections was lifted"])
ZH = "\n".join([
    "2026-12-03T00:10:00Z rabbitmq mq-east-1: 内存水位超限，已阻塞发布连接 12 个",
    "2026-12-03T00:40:00Z rabbitmq mq-east-1: 内存回落，发布连接阻塞已解除"])

FLIPPED = {  # the claim, and what must not be read as fact
    "en-still-blocked": ("At 08:40 mq-east-1 publisher connections were still blocked", "still blocked"),
    "en-unblocked-early": ("At 08:10 the 12 publisher connections on mq-east-1 were unblocked", "unblocked"),
    "zh-still-blocked": ("00:40 mq-east-1 的发布连接仍被阻塞", "仍被阻塞"),
}
HONEST = {
    "en-blocked": "At 08:10 mq-east-1 had 12 publisher connections blocked",
    "en-lifted": "At 08:40 the block on mq-east-1 publisher connections was lifted",
    "zh-blocked": "00:10 mq-east-1 已阻塞发布连接 12 个",
    "zh-lifted": "00:40 mq-east-1 的发布连接阻塞已解除",
}


def _logs(text: str) -> str:
    return ZH if _log(text) != _log("") else EN


CASES = RuleCases(_logs, FLIPPED, HONEST)

test_a_flow_state_the_item_does_not_give_is_not_traced = CASES.lies_untraced()
test_a_flow_state_the_item_gives_is_traced = CASES.honest_traced()
test_a_claim_flipping_a_flow_state_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_keeping_a_flow_state_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_flipping_a_flow_state_is_refused = CASES.composer_sentences({
    "en-blocked": (HONEST["en-lifted"], "At 08:40 mq-east-1 publisher connections were still blocked.", False),
    "en-lifted-honest": (HONEST["en-lifted"], "At 08:40 the block on mq-east-1 publisher connections was lifted.", True),
    "zh-blocked": (HONEST["zh-lifted"], "00:40 mq-east-1 的发布连接仍被阻塞。", False),
    "zh-lifted-honest": (HONEST["zh-lifted"], "00:40 mq-east-1 的发布连接阻塞已解除。", True),
})


@pytest.mark.parametrize(("line", "value"), [
    ("publishers were blocked", 0), ("throttled clients", 0), ("the block on publishers was lifted", 1),
    ("publishers unblocked", 1), ("已阻塞发布连接", 0), ("发布连接阻塞已解除", 1), ("解除限流", 1)])
def test_blocking_is_one_slot_read_with_its_release(line: str, value: int) -> None:
    k = [c.name for c in slots.CLASSES].index("blocking")
    assert slots.values(line)[k] == frozenset({value})
