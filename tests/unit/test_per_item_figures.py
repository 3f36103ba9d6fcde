"""A figure per item is a ratio (app/domain/derived.py, ``_per_item``): "about 0.5 s per file",
"1.5 GB each", "平均每个约 1.5 GB" give a quantity over a count, held only where one quantity and one
count of the line the rest of the claim restates give it (the line's own numbers where it states
them). A per-item figure the numbers do not give, or of another dimension, is refused. With the
rule off, the honest claims are refused ("names 'about 0.5 s'")."""

from __future__ import annotations

import pytest

from app.domain import derived, provenance
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "2026-05-11T02:00:00Z backup-agent bk-3: copied 240 files of share hr-docs to vault-2 in 118 s"
ZH = "2026-05-12T04:00:00Z 归档任务 arch-7: 向 oss-bj 上传 8 个分卷，共 12 GB"

HONEST = {
    "en-per": "bk-3 copied 240 files of share hr-docs in 118 s, about 0.5 s per file",
    "zh-each": "arch-7 向 oss-bj 上传 8 个分卷，共 12 GB，平均每个 1.5 GB",
}
LIES = {
    "en-wrong": ("bk-3 copied 240 files of share hr-docs in 118 s, about 2 s per file", "about 2 s"),
    "en-other-dimension": ("bk-3 copied 240 files of share hr-docs in 118 s, about 0.5 GB per file", "0.5 GB"),
    "zh-wrong": ("arch-7 向 oss-bj 上传 8 个分卷，共 12 GB，平均每个约 3 GB", "3 GB"),
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("text", "written", "per"), [
    ("about 0.5 s per file", "0.5", "time"),
    ("1.5 GB each", "1.5", "size"),
    ("平均每个约 1.5 GB", "1.5", "size"),
], ids=["en-per", "en-each", "zh-each"])
def test_a_figure_per_item_is_read_by_its_form(text: str, written: str, per: str) -> None:
    [fig] = derived.figures(text)
    assert (fig.written, fig.per) == (written, per)


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_figure_per_item_the_line_gives_is_a_finding(text: str, verifier: str) -> None:
    assert provenance.Items([_log(text)]).untraced(text) is None
    a = session_on(_log(text), text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


CASES = RuleCases(_log, LIES, {})

test_a_figure_per_item_the_line_does_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()


@pytest.mark.parametrize(("lie", "taken"), [
    ("That is about 2 s per file.", False),
    ("bk-3 copied 240 files of share hr-docs in 118 s.", True)], ids=["wrong", "honest"])
def test_a_composer_sentence_with_a_wrong_figure_per_item_is_refused(lie: str, taken: bool) -> None:
    a = session_on(EN, HONEST["en-per"], lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)
