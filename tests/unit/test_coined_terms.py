"""A gap line hides a term coined in lower-case common words that no material holds (app.domain.names,
``coined``; provenance.mask), as it hides a specific token and a capitalised name: "burst balance",
"memory leak", "网络交换机故障". Two or more words in a row the material lacks, one of them rare
(wordfreq), name a thing the claim invents. In a hedged claim (a guess) its rare words are hidden,
its common words and every word the material holds stay; an unhedged gap line keeps its words. An
English coined term makes a line untraced, as a code no item holds does ("disk sdb on cp-2 may
have hit a firmware stall" holds half its terms, yet names what no line does).

In a session with the offline engine or a trusting Verifier, the coined term is in no line of the
answer, a gap line included; honest claims on the same evidence are confirmed findings."""

from __future__ import annotations

import pytest

from app.domain.names import coined
from app.domain.provenance import mask
from app.domain.specific import prepared
from tests.unit.rule_cases import VERIFIERS, RuleCases, by_language, session_on

EN = "\n".join([
    "2026-12-04T03:02:40Z node-exporter cp-2: disk sdb write await 412 ms (baseline 1.1 ms), util 99.6%",
    "2026-12-04T03:04:00Z orders-db: heap 7.9 GB of 8 GB, full GC 4 s"])
ZH = "\n".join([
    "2026-12-04T07:52:30Z es-data-2: 磁盘使用率 95.2%，超过 flood_stage 水位",
    "2026-12-04T07:53:05Z logstash ls-1: 写入 es-logs 被拒绝 403，持久化队列 2.3 GB"])

COINED = {  # the claim, and the term that must be in no line of the answer
    "en-burst": ("The slow disk on cp-2 was probably an EBS gp2 volume out of burst balance", "burst balance"),
    "en-leak": ("The full GC on orders-db was likely caused by a memory leak in the session cache", "memory leak"),
    "en-firmware": ("disk sdb on cp-2 may have hit a firmware stall", "firmware stall"),
    "en-heap": ("orders-db heap 7.9 GB of 8 GB and full GC 4 s, from a session cache leak", "cache leak"),
    "zh-switch": ("es-data-2 磁盘写满可能是网络交换机故障导致的", "交换机"),
    "zh-quota": ("ls-1 写入被拒绝疑似租户配额耗尽", "配额耗尽"),
}
HONEST = {
    "en-disk": "disk sdb on cp-2 had a write await of 412 ms",
    "en-heap": "orders-db heap was 7.9 GB of 8 GB",
    "zh-disk": "es-data-2 磁盘使用率 95.2%，超过 flood_stage 水位",
}
KNOWN = prepared(f"{EN}\n{ZH}")

_log = by_language(EN, ZH)
CASES = RuleCases(_log, {}, HONEST)

test_honest_claims_beside_coined_terms_are_confirmed_findings = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", VERIFIERS)
@pytest.mark.parametrize(("text", "term"), COINED.values(), ids=COINED.keys())
def test_a_coined_term_is_in_no_line_of_the_answer(text: str, term: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert prepared(term) not in prepared(a.final_answer), a.final_answer


@pytest.mark.parametrize(("text", "term"), COINED.values(), ids=COINED.keys())
def test_a_gap_line_hides_a_coined_term(text: str, term: str) -> None:
    assert prepared(term) not in prepared(mask(text, KNOWN))


@pytest.mark.parametrize(("text", "kept"), [
    ("The slow disk on cp-2 was probably out of burst balance", "slow disk on cp-2 was probably out of"),
    ("orders-db heap was probably full", "orders-db heap was probably full"),  # every word held or common
    ("The disk was probably slow", "disk was probably slow"),  # one word the material lacks is no term
    ("es-data-2 磁盘可能已满", "磁盘可能已满"),
    ("the cache layer grew on orders-db", "the cache layer grew"),  # unhedged: what kind of thing it is
], ids=["common-words-stay", "held", "one-word", "zh-held", "unhedged"])
def test_words_the_material_holds_or_too_common_to_name_stay(text: str, kept: str) -> None:
    assert kept in mask(text, KNOWN)


def test_only_the_rare_words_of_a_run_are_hidden() -> None:
    assert coined("out of burst balance", KNOWN) == ["burst"]
    assert coined("a memory leak", KNOWN) == ["leak"]
