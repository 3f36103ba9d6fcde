"""The writer of a log line reports, it is no fact of the line (app/domain/causality.py): "PagerDuty
triggered incident PD-88213 …" restates "pagerduty: incident PD-88213 triggered …" with its writer
as the actor, and is a confirmed finding; a cause turned round between two facts of the message, or
a cause another line gives, is still refused."""

from __future__ import annotations

import pytest

from app.domain import causality, provenance
from tests.unit.rule_cases import read_as_fact, session_on

LOG = "\n".join([
    "2026-12-05T04:12:39Z pagerduty: incident PD-88213 triggered for service checkout, assigned to a.lindqvist",
    "2026-12-05T04:08:14Z kubelet: pod checkout-web-6f9c-2 exited with exit code 137 (OOMKilled)"])
HONEST = "PagerDuty triggered incident PD-88213 for service checkout and assigned it to a.lindqvist"
LIES = {
    "reversed-in-the-message": ("kubelet: pod checkout-web-6f9c-2 was OOMKilled because it exited with exit code 137",
                                "because it exited"),
    "cause-of-another-line": ("PagerDuty triggered incident PD-88213 for service checkout because pod "
                              "checkout-web-6f9c-2 was OOMKilled", "because pod"),
}


def test_the_writer_as_actor_is_no_cause_turned_round() -> None:
    assert not causality.reversed_cause(HONEST, LOG.splitlines()[0])
    assert provenance.Items(LOG.splitlines()).untraced(HONEST) is None


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
def test_the_writer_as_actor_is_a_confirmed_finding(verifier: str) -> None:
    a = session_on(LOG, HONEST, verifier)
    assert a.verdict == "PASS" and read_as_fact(HONEST, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_cause_the_line_does_not_give_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session_on(LOG, text, verifier)
    assert a.verdict != "PASS" and not read_as_fact(needle, a.final_answer), a.final_answer
