"""A count of none is a negation written as a number (app/domain/alignment.py, ``flipped``): "no
under-replicated partitions" restates "under-replicated partitions 0", "没有未分配分片" restates
"未分配分片 0 个", and neither is a flip of its line. The count is bound to the words of its own
segment of the line: "no retried batches" where the zero counts failed batches and 12 batches were
retried, or "no lagging partitions" where 5 lag, says the opposite of the evidence. With the rule
off, the honest claims are refused as contradicted and the two English lies are read as fact (a
"no" beside a zero of another segment was taken for a phrase replaced, not a flip)."""

from __future__ import annotations

import pytest

from app.domain import alignment, provenance
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "\n".join([
    "2026-09-14T03:10:00Z ingest-7: failed batches 0, retried batches 12, throughput 3400 rows/s",
    "2026-09-14T03:12:00Z kafka broker kx-west-3: offline partitions 0, lagging partitions 5"])
ZH = "\n".join([
    "2026-09-15T11:02:00Z 集群 es-logs: 节点 es-7 未分配分片 0 个，磁盘 61%",
    "2026-09-15T11:05:00Z 调度中心: 任务 sync-wh 失败 3 次，跳过 0 次"])

HONEST = {
    "en-no-failed": "ingest-7 had no failed batches",
    "en-no-offline": "Broker kx-west-3 had no offline partitions",
    "zh-no-unassigned": "节点 es-7 没有未分配分片",
}
LIES = {
    "en-other-segment": "ingest-7 had no retried batches",
    "en-nonzero": "Broker kx-west-3 had no lagging partitions",
    "zh-nonzero": "任务 sync-wh 没有失败",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_no_thing_is_its_count_of_none(text: str) -> None:
    assert not any(alignment.flipped(text, line) for line in _log(text).splitlines() if " 0" in line
                   and any(w.text in line.casefold() for w in alignment.words(text) if alignment.name(w)))
    assert provenance.Items(_log(text).splitlines()).untraced(text) is None


CASES = RuleCases(_log, {}, HONEST)

test_an_honest_count_of_none_is_a_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", LIES.values(), ids=LIES.keys())
def test_no_thing_where_some_were_counted_is_not_read_as_fact(text: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert not read_as_fact(text, a.final_answer), a.final_answer


test_a_composer_sentence_denying_what_was_counted_is_refused = CASES.composer_sentences({
    "zh-nonzero": (HONEST["zh-no-unassigned"], "任务 sync-wh 没有失败。", False),
    "en-other-segment": (HONEST["en-no-failed"], "ingest-7 had no retried batches.", False),
    "en-honest": (HONEST["en-no-offline"], "kx-west-3 had no offline partitions.", True),
})
