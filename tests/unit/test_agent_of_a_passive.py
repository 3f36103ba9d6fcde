"""The agent a passive names (被 X 拒收, "rejected by X") is its event's agent, and a line giving the
event to the other party is not traced (app/domain/passive.py): "relay-3 拒收了 mx.example.org 的邮件" of
"relay-3：发往 mail.example.org 的邮件被 mx.example.org 拒收" (fresh28: "mx-out-01 拒收了 …", rejecter
and rejected turned round), "mail from mx.example.org was rejected by relay-3", "api-7 preempted
batch-2" of "pod api-7 preempted by pod batch-2". With the rule off the lies are traced; the event
told with its own agent, active or passive, stays traced."""

from __future__ import annotations

import pytest

from app.domain import passive, provenance
from tests.unit.rule_cases import RuleCases, by_language, forget

EN = ("2026-12-02T09:07:41Z postfix/smtp relay-3: mail to mail.example.org rejected by mx.example.org: 550 5.7.1\n"
      "2026-12-02T09:30:00Z kube-scheduler: pod api-7 preempted by pod batch-2 on node-4")
ZH = "2026-12-02 09:07:41 postfix/smtp relay-3：发往 mail.example.org 的邮件被 mx.example.org 拒收：550 5.7.1"

LIES = {  # claim, what must not be read as fact
    "en-active-turned": ("relay-3 rejected mail from mx.example.org", "relay-3 rejected"),
    "en-passive-turned": ("mail from mx.example.org was rejected by relay-3", "rejected by relay-3"),
    "en-preempted-turned": ("api-7 preempted batch-2 on node-4", "api-7 preempted"),
    "en-preempted-passive-turned": ("pod batch-2 was preempted by pod api-7 on node-4", "preempted by pod api-7"),
    "zh-active-turned": ("relay-3 拒收了 mx.example.org 的邮件", "relay-3 拒收了"),
    "zh-passive-turned": ("mx.example.org 的邮件被 relay-3 拒收", "被 relay-3 拒收"),
}
HONEST = {
    "en-active": "mx.example.org rejected relay-3's mail to mail.example.org with 550 5.7.1",
    "en-passive": "pod api-7 was preempted by pod batch-2 on node-4",
    "zh-active": "mx.example.org 拒收了 relay-3 发往 mail.example.org 的邮件",
    "zh-passive": "relay-3 发往 mail.example.org 的邮件被 mx.example.org 拒收",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_event_given_the_other_party_is_not_traced = CASES.lies_untraced()
test_an_event_given_the_other_party_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_event_with_its_own_agent_is_traced = CASES.honest_traced()
test_an_event_with_its_own_agent_is_confirmed = CASES.honest_confirmed()


@pytest.mark.parametrize(("line", "item", "agent"), [
    ("relay-3 拒收了 mx-9 的邮件", "relay-3：邮件被 mx-9 拒收", "relay-3"),
    ("mx-9 拒收了 relay-3 的邮件", "relay-3：邮件被 mx-9 拒收", None),
    ("relay-3 rejected mail of mx-9", "relay-3: mail rejected by mx-9", "relay-3"),
    ("j.kim marked CHG-7 failed", "CHG-7 marked failed; INC-3 resolved by j.kim", None),  # two actives: not read
], ids=["zh-turned", "zh-kept", "en-turned", "en-two-actives"])
def test_the_passive_names_the_agent(line: str, item: str, agent: str | None) -> None:
    assert passive.turned(line, item) == agent


def test_the_lies_need_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(passive, "turned", lambda line, item: None)
    forget()
    try:
        assert all(provenance.Items(by_language(EN, ZH)(t).splitlines()).untraced(t) is None
                   for k, (t, _) in LIES.items() if k != "en-preempted-passive-turned")  # names' order: swaps
    finally:
        forget()
