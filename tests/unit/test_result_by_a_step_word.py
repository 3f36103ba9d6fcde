"""A result joined by a word that also tells a difference is still a link (app/domain/provenance.py,
``Items._result_apart``): "Ansible skipped 14 clients, leaving 180 clients failing the TLS check"
(…，剩下 180 个客户端 TLS 校验失败) joins the 06:30 run to the 05:00 failures, which came first,
though "leaving 180" also reads as 250 − 70 worked out of the probe's line, and taking that step out with its figure took out the join.
A line leaving the count of the same item's event keeps its verdict."""

from __future__ import annotations

import pytest

from app.domain import provenance
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-14T05:00:00Z probe-9: TLS check failed on 180 of 250 clients; the 70 that passed used a cached session",
    "2026-10-14T06:30:00Z ansible: playbook rev c41 applied on 236 of 250 clients; 14 clients skipped (rack r7 drained)",
])
ZH = "\n".join([
    "2026-10-14 05:00:00 probe-9：TLS 校验在 250 个客户端中 180 个失败，通过的 70 个使用了缓存会话",
    "2026-10-14 06:30:00 ansible：playbook rev c41 在 250 个客户端中的 236 个上执行，跳过 14 个客户端（机架 r7 下线）",
])

LIES = {
    "en-leaving-failures": ("Ansible skipped 14 clients, leaving 180 clients failing the TLS check",
                            "leaving 180 clients failing"),
    "en-leaving-with-a-failure": ("Ansible skipped 14 clients, leaving 180 clients with a failed TLS check",
                                  "leaving 180 clients with a failed"),
    "en-leaving-at-its-time": ("Ansible skipped the 14 rack r7 clients, leaving 180 clients failing the TLS check "
                               "at 05:00", "leaving 180 clients failing"),
    "zh-remaining-failed": ("ansible 跳过 14 个客户端，剩下 180 个客户端 TLS 校验失败", "剩下 180 个客户端 TLS 校验失败"),
    "zh-still-left-failed": ("ansible 跳过了 14 个客户端，还剩 180 个客户端 TLS 校验失败", "还剩 180 个客户端 TLS 校验失败"),
    "zh-causing-the-rest": ("ansible 跳过机架 r7 的 14 个客户端，致使剩余 180 个客户端 TLS 校验失败",
                            "180 个客户端 TLS 校验失败"),
}
HONEST = {
    "en-roll-out-leaving-its-skips": "Ansible applied playbook rev c41 on 236 of 250 clients, leaving 14 clients skipped",
    "zh-roll-out-leaving-its-skips": "ansible 在 236 个客户端上执行 playbook rev c41，剩下 14 个客户端跳过",
    "zh-its-own-count": "TLS 校验在 250 个客户端中 180 个失败，通过的 70 个使用了缓存会话",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)


@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_result_by_a_step_word_is_not_traced(text: str, needle: str) -> None:
    """An observation gives no link its lines do not give (``causes=()``, as ``claimtrace`` asks)."""
    assert provenance.Items(CASES.log_of(text).splitlines(), causes=()).untraced(text) is not None, needle


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_count_of_its_own_event_is_traced_as_an_observation(text: str) -> None:
    assert provenance.Items(CASES.log_of(text).splitlines(), causes=()).untraced(text) is None


test_a_result_by_a_step_word_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_of_its_own_event_is_traced = CASES.honest_traced()
test_a_count_of_its_own_event_is_confirmed = CASES.honest_confirmed()
