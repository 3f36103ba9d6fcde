"""A number a line holds only as a field of a time of day is no value of the line
(app/domain/specific.py): "rev 37" of a line written at 09:14:37, "20 workers" of one at
09:20:12, hold no 37 or 20 the line gives. The number is no token the material holds: the claim is
not traced, and a gap line repeating it masks it ("rolled back to rev [unverified]"). The times
themselves ("at 09:14"), and numbers the line gives, are held as before."""

from __future__ import annotations

import pytest

from app.domain import provenance
from tests.unit.rule_cases import RuleCases, by_language, session_on

EN = ("2026-04-02T09:14:37Z deploy: k.osei applied config rev 41 to web-01 and web-02\n"
      "2026-04-02T09:20:12Z web-01: 8 workers busy, queue depth 26\n"
      "2026-04-02T09:31:00Z k.osei rolled web-01 and web-02 back to config rev 40")
ZH = ("2026-04-02 09:14:37 部署：韩冰 把配置 rev 41 发布到 web-01 和 web-02\n"
      "2026-04-02 09:20:12 web-01：8 个 worker 忙，队列深度 26\n"
      "2026-04-02 09:31:00 韩冰 把 web-01 和 web-02 回滚到配置 rev 40")
LOG_OF = by_language(EN, ZH)

LIES = {  # claim, what must not be read as fact (nor repeated in a gap line)
    "en-seconds": ("k.osei rolled web-01 back to config rev 37", "rev 37"),
    "en-minutes": ("k.osei applied config rev 14 to web-01", "rev 14"),
    "en-count": ("web-01 had 20 workers busy", "20 workers"),
    "en-depth": ("web-01 had a queue depth of 12", "depth of 12"),
    "zh-seconds": ("韩冰 把 web-01 回滚到配置 rev 37", "rev 37"),
    "zh-depth": ("web-01 队列深度 12", "队列深度 12"),
}
HONEST = {
    "en-time": "k.osei applied config rev 41 to web-01 at 09:14",
    "en-values": "web-01 had 8 workers busy and a queue depth of 26",
    "en-back": "k.osei rolled web-01 back to config rev 40 at 09:31",
    "zh-time": "韩冰 09:14 把配置 rev 41 发布到 web-01",
    "zh-back": "韩冰 把 web-01 回滚到配置 rev 40",
}
CASES = RuleCases(LOG_OF, LIES, HONEST)

test_a_number_held_only_in_a_time_is_not_traced = CASES.lies_untraced()
test_a_number_held_only_in_a_time_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_times_and_values_of_a_line_are_traced = CASES.honest_traced()
test_times_and_values_of_a_line_are_confirmed_findings = CASES.honest_confirmed()


@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_number_held_only_in_a_time_is_masked(text: str, needle: str) -> None:
    assert needle not in provenance.mask(text, LOG_OF(text).lower())


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_gap_line_does_not_repeat_a_number_held_only_in_a_time(text: str, needle: str, verifier: str) -> None:
    assert needle not in session_on(LOG_OF(text), text, verifier).final_answer
