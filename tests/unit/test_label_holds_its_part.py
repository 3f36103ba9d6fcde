"""A name set as a label holds every value of the part it leads, whatever names of other forms the
part gives (app/domain/binding.py ``_LABEL``, ``_one_name``): "cache-01: used_memory 11.8 GB, …;
cache-02 used_memory 3.1 GB" ties 11.8 GB to cache-01 though the part also names used_memory, and
"ch-02：待合并 parts 数 287，INSERT 延迟 p99 9.1 秒" ties 9.1 秒 to ch-02, Chinese writing no space
after its colon. A line giving the value to the other host of the line is not traced. With the
rule off, the part's other names (used_memory, p99) left the value tied to no host, and in Chinese
the label was not read at all."""

from __future__ import annotations

from app.domain import provenance
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-09-14T07:20:00Z cache-01: used_memory 11.8 GB, evicted_keys 4200; cache-02 used_memory 3.1 GB",
    "2026-09-14T07:25:00Z pgbouncer pool-a: waiting clients 340, avg wait 2.4 s; pool-b waiting clients 12"])
ZH = "\n".join([
    "2026-09-14 07:20:00 redis cache-01：内存占用 11.8 GB，淘汰键数 4200；cache-02 内存占用 3.1 GB",
    "2026-09-14 07:25:00 连接池 pool-a：等待客户端 340 个，平均等待 2.4 秒；pool-b 等待客户端 12 个"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-memory-to-the-other-host": ("At 07:20 cache-02 used_memory was 11.8 GB", "cache-02 used_memory was 11.8"),
    "zh-memory-to-the-other-host": ("07:20 cache-02 的内存占用为 11.8 GB", "cache-02 的内存占用为 11.8"),
    "zh-wait-to-the-other-pool": ("pool-b 在 07:25 平均等待 2.4 秒", "平均等待 2.4 秒"),
}, {
    "en-memory": "At 07:20 cache-01 used_memory was 11.8 GB",
    "en-both-pools": "At 07:25 pool-a had 340 waiting clients, pool-b 12",
    "zh-memory": "07:20 cache-01 的内存占用为 11.8 GB",
    "zh-waiting": "07:25 pool-a 的等待客户端为 340 个",
})
test_a_labelled_value_given_to_another_host_is_not_traced = CASES.lies_untraced()
test_the_lie_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_honest_line_is_traced = CASES.honest_traced()
test_the_honest_line_is_a_confirmed_finding = CASES.honest_confirmed()


def test_a_name_before_a_clause_opening_with_its_value_is_its_subject() -> None:
    """"…，cache-02 只有 3.1 GB" is cut at 只有; the name left alone is the subject of the value's
    clause, not a member of a list restored into the clause before (which would give it 11.8 GB)."""
    text = "07:20 cache-01 的内存占用为 11.8 GB，cache-02 只有 3.1 GB"
    assert provenance.Items(ZH.splitlines()).untraced(text) is None
