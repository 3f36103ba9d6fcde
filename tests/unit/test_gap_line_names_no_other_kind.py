"""A gap line says what kind of thing went unconfirmed, not which one no evidence names
(app/domain/modifiers.py; provenance.mask): where the evidence names a noun after words of its own
("bucket policy", "key policy", "密钥策略"), a claim putting before it words the evidence holds
nowhere ("a service control policy", "服务控制策略") names another thing of that kind. Its gap line
hides those words, whatever their frequency; the noun, and every word the evidence holds, stays.

With the offline engine or a trusting Verifier, such a term is in no line of the answer, a gap line
included; honest claims on the same evidence are confirmed findings."""

from __future__ import annotations

import pytest

from app.domain.modifiers import renamed
from app.domain.provenance import mask
from app.domain.specific import prepared
from tests.unit.rule_cases import VERIFIERS, RuleCases, by_language, session_on

EN = "\n".join([
    "2026-08-02T10:00:00Z cloudtrail: j.berg PutBucketPolicy on bucket media-raw: removed the Allow statement for "
    "role ingest-lambda; bucket policy now 2 statements",
    "2026-08-02T10:05:00Z ingest-lambda: PutObject to s3://media-raw/in/ returned 403 AccessDenied 88 times in 5 min",
    "2026-08-02T10:07:00Z kms: key policy for alias/media-raw unchanged since 2026-07-01"])
ZH = "\n".join([
    "2026-08-03 10:00:00 cloudtrail：j.berg 修改 media-raw 的访问策略，删除了 ingest-lambda 角色的 Allow 语句",
    "2026-08-03 10:05:00 ingest-lambda：向 media-raw 写入返回 403 AccessDenied，5 分钟内 88 次",
    "2026-08-03 10:07:00 kms：alias/media-raw 的密钥策略自 2026-07-01 起未变"])

LIES = {  # a hedged claim, and the term that must be in no line of the answer
    "en-another-policy": ("ingest-lambda's 403s may also come from a service control policy on its account",
                          "service control policy"),
    "en-another-policy-caused-by": ("The AccessDenied errors of ingest-lambda were probably caused by a permissions "
                                    "boundary policy", "permissions boundary policy"),
    "en-another-statement": ("ingest-lambda's PutObject calls may be blocked by a stale deny statement",
                             "stale deny statement"),
    "en-another-policy-might": ("The 403s of ingest-lambda might come from a resource control policy",
                                "resource control policy"),
    "en-another-statement-lost": ("ingest-lambda probably lost a grant statement", "grant statement"),
    "zh-another-policy": ("ingest-lambda 的 403 可能还来自组织层面的服务控制策略", "服务控制策略"),
    "zh-another-policy-on-its-role": ("ingest-lambda 写入被拒绝也许来自角色上的权限边界策略", "权限边界策略"),
    "zh-another-policy-as-the-cause": ("ingest-lambda 写入被拒绝可能是因为会话策略", "会话策略"),
    "zh-another-policy-of-its-account": ("ingest-lambda 的 403 也许来自账号上的组织策略", "组织策略"),
}
HONEST = {
    "en-statement-removed": "j.berg removed the Allow statement for role ingest-lambda on bucket media-raw",
    "en-403s": "ingest-lambda's PutObject to s3://media-raw/in/ returned 403 AccessDenied 88 times in 5 min",
    "zh-403s": "ingest-lambda 向 media-raw 写入返回 403 AccessDenied，5 分钟内 88 次",
}
KNOWN = f"{EN}\n{ZH}"
_log = by_language(EN, ZH)
CASES = RuleCases(_log, LIES, HONEST)

test_a_guess_naming_another_of_a_kind_is_not_traced = CASES.lies_untraced()
test_a_guess_naming_another_of_a_kind_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_honest_claims_beside_it_are_traced = CASES.honest_traced()
test_honest_claims_beside_it_are_confirmed_findings = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", VERIFIERS)
@pytest.mark.parametrize(("text", "term"), LIES.values(), ids=LIES.keys())
def test_the_other_of_a_kind_is_in_no_line_of_the_answer(text: str, term: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert prepared(term) not in prepared(a.final_answer), a.final_answer


@pytest.mark.parametrize(("text", "kept"), [
    ("ingest-lambda's 403s may also come from a service control policy on its account", "policy on its account"),
    ("the bucket policy may have been edited by hand", "the bucket policy"),  # the evidence's own words
    ("the new key policy probably denies ingest-lambda", "new key policy"),  # a word before the evidence's own
    ("ingest-lambda probably wrote to the wrong bucket", "the wrong bucket"),  # a noun with no word before it
    ("ingest-lambda 的 403 可能还来自组织层面的服务控制策略", "策略"),
    ("ingest-lambda 写入被拒绝可能是因为会话策略", "可能是因为"),  # a hedge and a word of cause are no modifiers
], ids=["the-kind-stays", "held", "before-held-words", "no-place", "zh-the-kind-stays", "zh-hedge-and-cause"])
def test_the_kind_and_the_evidence_s_words_stay(text: str, kept: str) -> None:
    assert kept in mask(text, KNOWN)


def test_only_the_words_before_the_noun_that_no_evidence_holds_are_hidden() -> None:
    assert renamed("may come from a service control policy on its account", KNOWN) == ["service", "control"]
    assert renamed("the bucket policy may deny it", KNOWN) == []
