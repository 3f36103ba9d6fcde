"""Intervals between the times of two lines, as people write them (app/domain/chronology.py,
``worked_out``; app/domain/provenance.py, ``Items.intervals``): a duration with its number in words
("about two minutes after"), a bound rather than a rounding ("less than three minutes after",
"不到 30 分钟后": the interval is at most, or at least, what is written), and a clause saying nothing
but the interval ("…，中断了大约 27 分钟") once the duration is out. Each is worked out from the times
of the lines the other clauses are traced to, so a wrong interval, a bound the times break, or the
order turned round is still refused. With the rule off, the honest claims are refused (the duration
read as a token no line holds)."""

from __future__ import annotations

import pytest

from app.domain import chronology
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "\n".join([
    "2026-08-21T16:40:05Z deployer: rollout of app cart-api to build 5512 started by p.silva",
    "2026-08-21T16:42:31Z k8s: all 12 pods of cart-api ready on build 5512"])
ZH = "\n".join([
    "2026-08-22T03:05:12Z 集群 pay-sh: 从库 db-sh-3 复制 IO 线程停止，错误 2003",
    "2026-08-22T03:31:50Z DBA 操作记录: li.na 修复网络后在 db-sh-3 上重启复制"])

HONEST = {
    "en-less-than-words": "Less than three minutes after the rollout started, all 12 pods of cart-api were ready",
    "en-within-digits": "All 12 pods of cart-api were ready within 3 minutes after the rollout of cart-api started",
    "en-about-words": "About two minutes after p.silva started the rollout of cart-api, all 12 pods were ready",
    "zh-interval-clause": "db-sh-3 的 IO 线程 03:05 停止，03:31 li.na 在 db-sh-3 上重启复制，中断了大约 27 分钟",
    "zh-less-than": "db-sh-3 的 IO 线程 03:05 停止，不到 30 分钟后 li.na 在 db-sh-3 上重启复制",
}
LIES = {
    "en-bound-broken": ("Less than two minutes after the rollout started, all 12 pods of cart-api were ready",
                        "two minutes"),
    "en-more-than": ("More than three minutes after the rollout started, all 12 pods of cart-api were ready",
                     "three minutes"),
    "en-wrong-rounding": ("About four minutes after the rollout started, all 12 pods of cart-api were ready",
                          "four minutes"),
    "en-order-reversed": ("Less than three minutes before p.silva started the rollout, all 12 pods of cart-api "
                          "were ready", "before p.silva"),
    "zh-wrong-interval": ("db-sh-3 的 IO 线程 03:05 停止，03:31 li.na 在 db-sh-3 上重启复制，中断了大约 40 分钟",
                          "40 分钟"),
    "zh-more-than": ("db-sh-3 的 IO 线程 03:05 停止，超过 30 分钟后 li.na 在 db-sh-3 上重启复制", "30 分钟"),
    "zh-bound-broken": ("db-sh-3 的 IO 线程 03:05 停止，不到 20 分钟后 li.na 在 db-sh-3 上重启复制", "20 分钟"),
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("duration", "line", "kind", "seconds"), [
    ("three minutes", "less than three minutes after", "at most", 180.0),
    ("3 minutes", "within 3 minutes of", "at most", 180.0),
    ("30 分钟", "超过 30 分钟后", "at least", 1800.0),
    ("about two minutes", "about two minutes after", None, 120.0),
], ids=["en-less-than", "en-within", "zh-more-than", "en-rounded"])
def test_a_duration_is_read_in_words_and_with_its_bound(duration: str, line: str, kind: str | None,
                                                        seconds: float) -> None:
    assert chronology.bound(duration, line) == kind
    assert chronology.seconds(duration) == seconds


CASES = RuleCases(_log, LIES, HONEST)

test_an_interval_the_times_give_is_traced = CASES.honest_traced()
test_an_interval_the_times_do_not_give_is_not_traced = CASES.lies_untraced()
test_an_honest_interval_is_a_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_wrong_interval_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert not read_as_fact(text, a.final_answer), a.final_answer


test_a_composer_sentence_with_a_wrong_interval_is_refused = CASES.composer_sentences({
    "en-more-than": (HONEST["en-less-than-words"], "The pods were ready more than three minutes after the rollout started.", False),
    "zh-more-than": (HONEST["zh-less-than"], "db-sh-3 的复制中断了超过 30 分钟。", False),
    "en-honest": (HONEST["en-less-than-words"], "Less than three minutes after the rollout started, all 12 pods were ready.",
     True),
})
