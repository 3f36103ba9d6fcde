"""A name listed after another ("…in eu-north-1 and eu-south-2", "…可用区是 sh-az2 和 bj-az1") says of
it what the clause before says of the first (app/domain/provenance.py, ``Items._elided``): where no
line says that of it, the list borrowed the name from another line, and it is not read as fact with
the offline engine or a trusting Verifier. A list whose members each have their
line ("disk full on store-a1 and store-b2", two df lines) is a confirmed finding."""

from __future__ import annotations

import pytest

from app.domain import provenance
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "\n".join([
    "2026-12-03T10:00:00Z alertmanager: alert QueueBacklog firing for mailer in eu-north-1",
    "2026-12-03T10:01:00Z rds-monitor: mail-db replica in eu-south-2 healthy",
    "2026-12-03T10:02:00Z df: disk full on store-a1",
    "2026-12-03T10:03:00Z df: disk full on store-b2",
    "2026-12-03T10:04:00Z kube: DiskPressure on nodes node-7 and node-8"])
ZH = "\n".join([
    "2026-12-03T11:00:00Z 监控: 成功率降至 93.1% 的可用区是 sh-az2",
    "2026-12-03T11:01:00Z 监控: 成功率降至 93.1% 的可用区是 sh-az3",
    "2026-12-03T11:02:00Z 监控: cart-api 在 bj-az1 的成功率正常"])

BORROWED = {
    "en-and": ("alertmanager: alert QueueBacklog firing for mailer in eu-north-1 and eu-south-2", "eu-south-2"),
    "en-comma": ("QueueBacklog fired for mailer in eu-north-1, eu-south-2", "eu-south-2"),
    "en-third-member": ("kube: DiskPressure on nodes node-7, node-8 and store-a1", "store-a1"),
    "zh-he": ("监控: 成功率降至 93.1% 的可用区是 sh-az2 和 bj-az1", "bj-az1"),
}
LISTED = {
    "en-two-lines": "df: disk full on store-a1 and store-b2",
    "en-one-line": "kube: DiskPressure on nodes node-7 and node-8",
    "en-not-a-bare-name": "QueueBacklog fired for mailer in eu-north-1, and mail-db's replica in eu-south-2 is healthy",
    "zh-two-lines": "监控: 成功率降至 93.1% 的可用区是 sh-az2 和 sh-az3",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("text", "name"), BORROWED.values(), ids=BORROWED.keys())
def test_a_listed_name_no_line_lists_so_is_not_traced(text: str, name: str) -> None:
    why = provenance.Items(_log(text).splitlines()).untraced(text)
    assert why is not None and why.named == name, why


CASES = RuleCases(_log, {}, LISTED)

test_a_list_whose_members_have_their_lines_is_traced = CASES.honest_traced()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "name"), BORROWED.values(), ids=BORROWED.keys())
def test_a_claim_listing_a_borrowed_name_is_not_read_as_fact(text: str, name: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert not read_as_fact(name, a.final_answer), a.final_answer


test_a_list_whose_members_have_their_lines_is_a_confirmed_finding = CASES.honest_confirmed()
