"""A comma parts two values unless it groups thousands (app/domain/specific.py ``_whole``):
"处于 STARTUP2，10:50 时已是 SECONDARY" holds STARTUP2 and 10:50 (a Chinese comma, normalised to ","
with no space), so a Composer sentence restating that confirmed claim is traced to it, not refused
for naming "STARTUP2" no item holds. "342" is still not in "1,342", nor "1" in it."""

from __future__ import annotations

import pytest

from app.domain import specific
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T10:27:10Z ops-log: mongo-rs0-2 rejoined the replica set in state STARTUP2,SECONDARY by 10:50",
    "2026-12-05T10:08:00Z order-svc: 1,342 WriteConcernFailed errors"])
ZH = "\n".join([
    "2026-12-05 10:27:10 运维日志：mongo-rs0-2 重新加入副本集时处于 STARTUP2，10:50 时已是 SECONDARY",
    "2026-12-05 10:08:00 order-svc：WriteConcernFailed 1,342 次"])
CASES = RuleCases(by_language(EN, ZH), {}, {})
CONFIRMED = {"en": "mongo-rs0-2 rejoined the replica set in state STARTUP2,SECONDARY by 10:50",
             "zh": "mongo-rs0-2 10:27:10 重新加入副本集时处于 STARTUP2，10:50 时已是 SECONDARY"}
test_a_composer_sentence_with_a_value_before_a_comma = CASES.composer_sentences({
    "en-restated": (CONFIRMED["en"], CONFIRMED["en"], True),
    "zh-restated": (CONFIRMED["zh"], CONFIRMED["zh"], True),
    "en-other-state": (CONFIRMED["en"], "mongo-rs0-2 rejoined the replica set in state STARTUP3,SECONDARY by 10:50",
                       False),
    "zh-other-state": (CONFIRMED["zh"], "mongo-rs0-2 10:27:10 重新加入副本集时处于 STARTUP3，10:50 时已是 SECONDARY",
                       False),
    "zh-other-time": (CONFIRMED["zh"], "mongo-rs0-2 10:27:10 重新加入副本集时处于 STARTUP2，10:40 时已是 SECONDARY",
                      False),
})


@pytest.mark.parametrize(("token", "held"), [
    ("STARTUP2", True), ("10:50", True), ("1,342", True), ("342", False), ("1", False)])
def test_a_comma_parts_two_values_unless_it_groups_thousands(token: str, held: bool) -> None:
    hay = specific.prepared("处于 STARTUP2，10:50 时已是 SECONDARY；报错 1,342 次")
    assert specific.occurs(token, hay) is held
