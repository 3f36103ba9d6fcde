"""A claim that denies an event its line tells (app/domain/alignment.py, ``flipped``): "the rule was
never restored" against "m.reyes restored the rule", "错误率仍没有恢复" against "错误率恢复到 0.3%",
with the verb in another place than the line's, is contradicted, with the offline engine, a
trusting Verifier and a Composer saying it. A line that negates too ("not completed"), or counts
none ("0 of 40 available"), is restated honestly by a denial; a restatement with the verb moved and
no denial is kept."""

from __future__ import annotations

import pytest

from app.domain import alignment
from app.domain.lines import Lines
from tests.unit.rule_cases import by_language, read_as_fact, session_on

EN = "\n".join([
    "2026-12-03T14:02:10Z terraform: apply by j.okafor removed the port 5432 ingress rule on sg-0b22d1",
    "2026-12-03T14:18:05Z terraform: apply by m.reyes restored the port 5432 ingress rule on sg-0b22d1",
    "2026-12-03T14:25:00Z pgbouncer pgb-main-2: 0 of 40 server connections available",
    "2026-12-03T14:30:00Z backup-job nightly-7: restore of orders-db not completed, volume detached"])
ZH = "\n".join([
    "2026-12-04T01:40:00Z dispatch-svc（gz-az2）: 错误率恢复到 0.3%",
    "2026-12-04T01:45:00Z 值班系统: 故障单 INC-5521 未关闭，已升级到二线，负责人 lin.wei"])

DENIED = {
    "en-never": "terraform: the port 5432 ingress rule on sg-0b22d1 was never restored",
    "en-did-not": "m.reyes did not restore the port 5432 ingress rule on sg-0b22d1 with terraform",
    "en-contracted": "terraform: the port 5432 ingress rule on sg-0b22d1 wasn't restored by m.reyes",
    "zh-still-not": "dispatch-svc（gz-az2）的错误率到 01:40 仍没有恢复",
    "zh-wei": "dispatch-svc（gz-az2）错误率未恢复，仍为 0.3%",
}
HONEST = {
    "en-moved": "terraform: the port 5432 ingress rule on sg-0b22d1 was restored by m.reyes",
    "en-negated-line": "backup-job nightly-7: the restore of orders-db was not completed, its volume detached",
    "zh-moved": "dispatch-svc（gz-az2）的错误率已恢复到 0.3%",
    "zh-negated-line": "值班系统: 故障单 INC-5521 没有关闭，已升级到二线，负责人 lin.wei",
}


_log = by_language(EN, ZH)


def _line(text: str) -> str:
    line = Lines(_log(text).splitlines()).restated(text)
    assert line is not None, text
    return line


@pytest.mark.parametrize("text", DENIED.values(), ids=DENIED.keys())
def test_a_denial_of_an_event_the_line_tells_is_a_flip(text: str) -> None:
    assert alignment.flipped(text, _line(text))


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_restatement_keeping_the_lines_polarity_is_no_flip(text: str) -> None:
    assert not alignment.flipped(text, _line(text))


def test_a_denial_is_read_both_ways() -> None:
    assert alignment.denies("m.reyes restored the port 5432 ingress rule",
                            "the port 5432 ingress rule was never restored by m.reyes at all")


def test_a_count_of_none_is_a_negation_of_the_line() -> None:
    denial = "pgbouncer pgb-main-2 never opened its server connections to orders-db"
    assert not alignment.denies(denial, "pgbouncer pgb-main-2: 0 of 40 server connections opened to orders-db")
    assert alignment.denies(denial, "pgbouncer pgb-main-2: 40 server connections opened to orders-db")


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", DENIED.values(), ids=DENIED.keys())
def test_a_denied_event_is_not_read_as_fact(text: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert a.verdict != "PASS" and not read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", ["terraform: the port 5432 ingress rule on sg-0b22d1 was restored by m.reyes",
                                  "dispatch-svc（gz-az2）的错误率已恢复到 0.3%"], ids=["en", "zh"])
def test_a_restatement_with_the_verb_moved_is_a_finding(text: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize(("lie", "taken"), [
    ("The port 5432 rule on sg-0b22d1 was restored by m.reyes.", True),
    ("The port 5432 rule on sg-0b22d1 was never restored.", False)], ids=["kept", "denied"])
def test_a_composer_sentence_denying_the_event_is_refused(lie: str, taken: bool) -> None:
    text = "terraform: apply by m.reyes restored the port 5432 ingress rule on sg-0b22d1"
    a = session_on(EN, text, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)
