"""A number as written is its value (app/domain/units.py, app/domain/specific.py): ``3,100`` with a
thousands separator and ``3100`` are one value, and so are ``12.4 万`` and ``124,000``; neither is
cut at its separator into ``3`` and ``100``. A restatement in either spelling is a finding with the
offline engine, a trusting Verifier and a Composer saying it; a lie that changes the value
(``3,100`` for ``31,000``, ``约 3 万`` for ``124,300``) is never read as fact, nor shown cut in a gap line."""

from __future__ import annotations

import pytest

from app.domain import provenance, specific, units
from tests.unit.rule_cases import RuleCases, by_language, read_as_fact, session_on

EN = "\n".join([
    "2026-12-03T08:00:00Z ingest-api: 31,000 events queued on shard-4, 1204518 events processed in 12 min",
    "2026-12-03T08:05:00Z ingest-api: backlog down to 2,450 events on shard-4"])
ZH = "\n".join([
    "2026-12-03T09:00:00Z rocketmq 集群 rmq-sh-2: 消费组 cg-bill 堆积 124,300 条消息",
    "2026-12-03T09:10:00Z rocketmq 集群 rmq-sh-2: 消费组 cg-bill 堆积降到 3100 条，当日累计处理 2.5 亿条消息"])

HONEST = {
    "en-grouped": "ingest-api: 1,204,518 events processed in 12 min",
    "en-plain": "ingest-api: backlog down to 2450 events on shard-4",
    "en-hedged": "ingest-api had about 31,000 events queued on shard-4",
    "zh-grouped": "消费组 cg-bill 堆积降到 3,100 条",
    "zh-plain": "rmq-sh-2 上消费组 cg-bill 堆积 124300 条消息",
    "zh-multiplier": "rmq-sh-2 上消费组 cg-bill 堆积约 12.4 万条消息",
    "zh-exact-multiplier": "rmq-sh-2 上消费组 cg-bill 堆积 12.43 万条消息",
    "zh-yi": "当日累计处理 250,000,000 条消息",
}
LIES = {
    "en-tenfold": ("ingest-api: 3,100 events queued on shard-4", "3,100"),
    "en-other-group": ("ingest-api: backlog down to 2,540 events on shard-4", "2,540"),
    "en-plain-other": ("ingest-api: 120,451 events processed in 12 min", "120,451"),
    "zh-tenfold": ("消费组 cg-bill 堆积降到 31,000 条", "31,000"),
    "zh-other-multiplier": ("rmq-sh-2 上消费组 cg-bill 堆积约 3 万条消息", "3 万"),
    "zh-unhedged-multiplier": ("rmq-sh-2 上消费组 cg-bill 堆积 12.4 万条消息", "12.4 万"),
    "zh-yi-other": ("当日累计处理 25 亿条消息", "25 亿"),
}


_log = by_language(EN, ZH)


@pytest.mark.parametrize(("text", "token"), [
    ("backlog at 3,100 events", "3,100"), ("processed 1,204,518 events", "1,204,518"),
    ("p99 1,234.5 ms", "1,234.5 ms"), ("堆积降到 3,100 条", "3,100 条"), ("堆积约 12.4 万条消息", "约 12.4 万条"),
    ("累计 2 千万次", "2 千万次")], ids=lambda v: str(v))
def test_a_grouped_or_scaled_number_is_one_token(text: str, token: str) -> None:
    assert token in specific.specific_tokens(text)
    assert not {"3", "100", "12.4", "万", "千万"} & set(specific.specific_tokens(text))


@pytest.mark.parametrize(("token", "haystack", "held"), [
    ("3,100", "backlog 3100 events", True), ("3100", "backlog 3,100 events", True),
    ("3,100", "backlog 31,000 events", False), ("31,000", "backlog 3,100 events", False),
    ("1,234,567", "rows 1234567", True), ("1,234,567", "rows 1,234,568", False),
    ("1,234.5 ms", "took 1.2345 s", True), ("about 1,900", "served 1873 requests", True),
    ("3,100 条", "堆积 3100 条", True), ("3,100 条", "堆积 3100 秒", False),
    ("约 12.4 万条", "堆积 124,300 条", True), ("约 13 万条", "堆积 124,300 条", False),
    ("12.4 万条", "堆积 124,300 条", False), ("12.43 万条", "堆积 124,300 条", True),
    ("124,300 条", "堆积 12.43 万条", True), ("3 亿", "共 300,000,000", True), ("2 千万次", "共 20000000 次", True),
    ("1.5 千米", "距离 1500 米", True), ("80", "port 80 443", True)], ids=lambda v: str(v))
def test_a_number_is_held_as_its_plain_digits(token: str, haystack: str, held: bool) -> None:
    assert specific.occurs(token, specific.prepared(haystack)) is held


def test_digits_after_a_multiplier_are_left_as_written() -> None:
    assert units.plain_numbers("3万5千") == "3万5千"  # never misread as 30000 and 5000
    assert units.plain_numbers("12.4 万条，3 亿") == "124000 条，300000000 "
    assert units.plain_numbers("versions 1,2 and 443,8443") == "versions 1,2 and 443,8443"
    assert specific.prepared("1\u2009234\u2009567 rows") == "1234567 rows"  # a thin space groups digits


CASES = RuleCases(_log, LIES, HONEST)

test_a_number_as_written_is_traced = CASES.honest_traced()
test_another_value_in_any_spelling_is_not_traced = CASES.lies_untraced()
test_a_number_as_written_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_another_value_is_not_read_as_fact_nor_shown_cut(text: str, needle: str, verifier: str) -> None:
    a = session_on(_log(text), text, verifier)
    assert a.verdict != "PASS" and not read_as_fact(text, a.final_answer), a.final_answer
    assert needle not in a.final_answer and ",[unverified]" not in a.final_answer, a.final_answer


@pytest.mark.parametrize(("lie", "taken"), [
    ("The backlog on shard-4 fell to 2,450 events.", True),
    ("The backlog on shard-4 fell to 24,500 events.", False),
    ("cg-bill 的堆积约 12.4 万条。", True),
    ("cg-bill 的堆积约 1.2 万条。", False)],
    ids=["en-grouped", "en-tenfold", "zh-multiplier", "zh-tenth"])
def test_a_composer_sentence_with_a_number_as_written_is_taken_and_another_value_is_not(lie: str, taken: bool) -> None:
    text = "消费组 cg-bill 堆积 124,300 条消息" if "cg-bill" in lie else "ingest-api: backlog down to 2,450 events on shard-4"
    a = session_on(_log(text), text, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)


@pytest.mark.parametrize(("text", "token"), [
    ("参数改回 200 之后，堆积降到 3,100 条", "200"), ("延迟在 5000 以上", "5000"), ("由 200 改为 2000", "200"),
    ("堆积 3100 条", "3100 条"), ("重启了 3 次", "3 次"), ("扩容到 20 个实例", "20 个实例")], ids=lambda v: str(v))
def test_a_word_of_grammar_after_a_number_is_no_measure_word_of_it(text: str, token: str) -> None:
    assert token in specific.specific_tokens(text)


@pytest.mark.parametrize(("text", "traced"), [
    ("消费组 cg-bill 堆积 124,300 条消息之后降到 3,100 条", True),
    ("消费组 cg-bill 堆积 3100 之后降到 3,100 条", True),
    ("消费组 cg-bill 堆积 13100 之后降到 3,100 条", False)], ids=["measure", "particle", "other-value"])
def test_a_number_before_a_particle_is_held_as_the_number(text: str, traced: bool) -> None:
    assert (provenance.Items(ZH.splitlines()).untraced(text) is None) is traced
