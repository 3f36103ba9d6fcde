"""Words of time, frequency and extent (app/domain/extent.py) and Chinese clauses cut at their
conjunctions (app/domain/zh.py's tags, app/domain/provenance.py): a true line with "since last night",
每天, 已持续几天, "every backend" or a cause added beside a true one (…和 X 而…) is not read as
fact. Each rule against the offline engine, a trusting Verifier and a lying Composer, English and
Chinese, with its honest twin kept (the item says the word, or the line adds nothing)."""

from __future__ import annotations

import pytest

from app.domain import extent, provenance, specific, zh
from tests.unit.rule_cases import read_as_fact, session_on
from tests.unit.test_alignment_rules import EN, ZH

SCHEDULE = "2026-11-29T10:20:00Z cron: backup-job of orders-db runs every hour, last run finished with no errors\n" \
    "2026-11-29T10:21:00Z kube: only node-3 reports DiskPressure"
ZH_SCHEDULE = "2026-11-30T06:20:00Z cron: backup-job 每天运行一次，最近一次成功\n" \
    "2026-11-30T06:21:00Z kube: 仅 node-3 报告 DiskPressure"


def session(text: str, verifier: str = "all-direct", lie: str = ""):  # noqa: ANN201
    """One session on the log of the claim's language, with a schedule line."""
    log = f"{ZH}\n{ZH_SCHEDULE}" if any("\u4e00" <= ch <= "\u9fff" for ch in text + lie) else f"{EN}\n{SCHEDULE}"
    return session_on(log, text, verifier, lie)


ADDED = {
    "since-last-night": ("haproxy: backend kestrel-02 has been DOWN since last night after 3 failed health checks",
                         "last night"),
    "for-a-week": ("orders-db postgres: FATAL: sorry, too many clients already (max_connections 200) for a week",
                   "for a week"),
    "hourly": ("kube: pod payments-api-7f9c exited with exit code 137 (OOMKilled) hourly", "hourly"),
    "repeatedly": ("kube: pod payments-api-7f9c repeatedly exited with exit code 137 (OOMKilled)", "repeatedly"),
    "every-backend": ("haproxy: every backend marked DOWN after 3 failed health checks", "every backend"),
    "zh-recently": ("redis-session-01 近期内存使用 98%，拒绝写入", "近期"),
    "zh-every-day": ("消费组 billing-consumer 每天正在重平衡，提交失败", "每天"),
    "zh-for-days": ("告警 KAFKA-LAG-HIGH: 消费组 billing-consumer 主题 invoices 延迟 68210 条，已持续几天", "几天"),
    "zh-again-and-again": ("redis-session-01 内存使用 98%，反复拒绝写入 OOM command not allowed", "反复"),
    "zh-all": ("haproxy: 所有后端 kestrel-02 健康检查失败 3 次，已下线", "所有"),
    "en-only": ("haproxy: only backend kestrel-02 marked DOWN after 3 failed health checks", "only"),
    "en-solely": ("orders-db postgres: FATAL: too many clients, solely on max_connections 200", "solely"),
    "zh-only": ("haproxy: 仅后端 kestrel-02 健康检查失败 3 次，已下线", "仅"),
    "zh-sole": ("redis-session-01 是唯一内存使用 98% 的节点，拒绝写入", "唯一"),
}
HONEST = {
    "en-restated": "haproxy marked backend kestrel-02 DOWN after 3 failed health checks",
    "en-said-by-the-item": "cron: backup-job of orders-db runs every hour",
    "zh-restated": "redis-session-01 内存使用 98%，拒绝写入",
    "zh-said-by-the-item": "cron: backup-job 每天运行一次",
    "zh-only-said-by-the-item": "仅 node-3 报告 DiskPressure",
}


@pytest.mark.parametrize(("word", "is_class"), [
    ("yesterday", True), ("hourly", True), ("days", True), ("nightly", True), ("every", True), ("always", True),
    ("backend", False), ("again", False), ("each", False), ("whole", False), ("day", True), ("second", False),
    ("seconds", True), ("昨晚", True), ("一下", False), ("一起", False), ("年", False), ("一周", True), ("多次", True), ("每", True), ("所有", True),
    ("磁盘", False), ("周一", False), ("only", True), ("solely", True), ("just", False), ("仅", True), ("唯一", True),
    ("只", False)])
def test_words_of_time_frequency_and_extent_are_a_class(word: str, is_class: bool) -> None:
    got = extent.chinese(word) if "\u4e00" <= word[0] <= "\u9fff" else extent.english(word)
    assert got is is_class


@pytest.mark.parametrize(("text", "needle"), ADDED.values(), ids=ADDED.keys())
def test_a_word_of_the_class_is_specific_and_held_only_where_the_item_says_it(text: str, needle: str) -> None:
    word = needle.split()[-1] if needle.isascii() else needle
    assert any(word in t.lower() for t in specific.specific_tokens(text)), specific.specific_tokens(text)
    items = provenance.Items([*EN.splitlines(), *ZH.splitlines()])
    assert items.untraced(text) is not None


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), ADDED.values(), ids=ADDED.keys())
def test_a_claim_adding_when_how_often_or_how_far_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session(text, verifier)
    assert a.verdict != "PASS" or not read_as_fact(needle, a.final_answer), a.final_answer
    assert not read_as_fact(needle, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_the_honest_twin_is_a_confirmed_finding(text: str, verifier: str) -> None:
    a = session(text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("text", ["kube: only node-3 reports DiskPressure", "仅 node-3 报告 DiskPressure"])
def test_an_exclusive_word_the_item_says_is_traced(text: str) -> None:
    """(The offline engine labels any claim saying "only" overstated, ``app.roles.offline.ABSOLUTE``:
    a hypothesis, not a finding, whatever the trace; so this twin is judged by the trace alone.)"""
    assert provenance.Items([*SCHEDULE.splitlines(), *ZH_SCHEDULE.splitlines()]).untraced(text) is None


KESTREL = "haproxy: backend kestrel-02 marked DOWN after 3 failed health checks"
REBALANCE = "消费组 billing-consumer 正在重平衡，提交失败"


@pytest.mark.parametrize(("confirmed", "lie", "needle", "taken"), [
    (KESTREL, "Every backend behind haproxy is DOWN.", "Every backend", False),
    (KESTREL, "kestrel-02 has been DOWN since yesterday.", "since yesterday", False),
    (REBALANCE, "所有消费组 billing-consumer 正在重平衡，提交失败。", "所有", False),
    (REBALANCE, "消费组 billing-consumer 多次重平衡。", "多次", False),
    (KESTREL, "haproxy marked backend kestrel-02 DOWN after 3 failed health checks.", "", True),
    ("cron: backup-job of orders-db runs every hour", "backup-job runs every hour.", "", True),
    ("cron: backup-job 每天运行一次", "backup-job 每天运行一次。", "", True)],
    ids=["en-every", "en-since-yesterday", "zh-all", "zh-many-times", "en-honest", "en-honest-said-by-the-item",
         "zh-honest-said-by-the-item"])
def test_a_composer_sentence_that_generalises_or_dates_is_refused(confirmed: str, lie: str, needle: str,
                                                                  taken: bool) -> None:
    a = session(confirmed, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)
    if needle:
        assert needle not in a.final_answer


# a cause added beside a true one, in Chinese -------------------------------------------------------

ZH_ADDED_CAUSE = {
    "yin-er": ("redis-session-01 因内存使用 98% 和内核错误而拒绝写入", "内核错误"),
    "yu-gongtong-daozhi": ("消费组 billing-consumer 正在重平衡与时钟漂移共同导致提交失败", "时钟漂移"),
    "he-daozhi": ("消费组 billing-consumer 正在重平衡和磁盘故障导致提交失败", "磁盘故障"),
}


def test_chinese_clauses_are_cut_at_the_conjunctions() -> None:
    assert provenance.split("redis-session-01 因内存使用 98% 和交换分区耗尽而拒绝写入") == [
        "redis-session-01 ", "内存使用 98% ", "交换分区耗尽", "拒绝写入"]
    assert provenance.split("消费组 billing-consumer 正在重平衡与时钟漂移共同导致提交失败") == [
        "消费组 billing-consumer 正在重平衡", "时钟漂移共同", "提交失败"]
    assert zh.tag("和") == zh.CONJUNCTION and zh.tag("昨晚") == zh.TIME and zh.tag("磁盘") == ""


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), ZH_ADDED_CAUSE.values(), ids=ZH_ADDED_CAUSE.keys())
def test_a_chinese_cause_added_beside_a_true_one_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session(text, verifier)
    assert not read_as_fact(needle, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
def test_a_chinese_cause_between_two_true_facts_of_its_line_is_kept(verifier: str) -> None:
    text = "消费组 billing-consumer 正在重平衡，因此提交失败"
    a = session(text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


def test_a_composer_sentence_adding_a_chinese_cause_is_refused() -> None:
    a = session("消费组 billing-consumer 正在重平衡，提交失败", lie="消费组 billing-consumer 因正在重平衡和时钟漂移而提交失败。")
    assert a.verdict == "PASS" and a.composer_status != "valid" and "时钟漂移" not in a.final_answer, a.final_answer


# the writer of a log line is a name by its place --------------------------------------------------

SWITCH = "2026-11-30T06:14:00Z 云监控: redis-session-01 主节点从可用区 cn-north-1a 切换到 cn-north-1b"
FAILOVER = "2026-11-29T10:13:00Z cloud monitor: orders-db replica in eu-west-1b failed over to eu-west-1c"
WRITERS = {
    "zh-invented-team": ("值班工程师手动将 redis-session-01 主节点从可用区 cn-north-1a 切换到 cn-north-1b", "值班工程师"),
    "en-invented-operator": ("An operator manually moved orders-db replica in eu-west-1b over to eu-west-1c", "operator"),
}
WRITERS_KEPT = {
    "zh-same-writer": "云监控记录到 redis-session-01 主节点从可用区 cn-north-1a 切换到 cn-north-1b",
    "zh-no-writer": "redis-session-01 主节点从可用区 cn-north-1a 切换到 cn-north-1b",
    "en-same-writer": "cloud monitor: orders-db replica in eu-west-1b failed over to eu-west-1c",
    "en-described": "The monitor saw orders-db replica in eu-west-1b fail over to eu-west-1c",
}


def writer_session(text: str, verifier: str):  # noqa: ANN201
    return session_on(SWITCH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else FAILOVER, text, verifier)


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), WRITERS.values(), ids=WRITERS.keys())
def test_a_word_put_where_the_line_names_its_writer_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    assert provenance.Items([SWITCH, FAILOVER]).untraced(text) is not None
    a = writer_session(text, verifier)
    assert not read_as_fact(needle, a.final_answer), a.final_answer


@pytest.mark.parametrize("text", WRITERS_KEPT.values(), ids=WRITERS_KEPT.keys())
def test_the_writer_kept_left_out_or_described_is_traced(text: str) -> None:
    assert provenance.Items([SWITCH, FAILOVER]).untraced(text) is None
    a = writer_session(text, "all-direct")
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


def test_a_composer_sentence_naming_another_writer_is_refused() -> None:
    a = session_on(SWITCH, SWITCH.split(" ", 1)[1], lie=WRITERS["zh-invented-team"][0])
    assert a.verdict == "PASS" and a.composer_status != "valid" and "值班工程师" not in a.final_answer, a.final_answer


# a hedge is wording, not a clause of its own ---------------------------------------------------------

HEDGED = {
    "zh-kanlai": "billing-worker-2 提交失败，看来是因为消费组 billing-consumer 正在重平衡",
    "zh-haoxiang": "billing-worker-2 提交失败，好像是因为消费组 billing-consumer 正在重平衡",
}
COMMIT = "2026-11-30T06:02:12Z billing-worker-2 消费者: CommitFailedException: 消费组 billing-consumer 正在重平衡，提交失败"


@pytest.mark.parametrize("text", HEDGED.values(), ids=HEDGED.keys())
def test_a_hedged_chinese_cause_restating_its_line_is_traced(text: str) -> None:
    assert provenance.Items([COMMIT], causes=()).untraced(text) is None


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", HEDGED.values(), ids=HEDGED.keys())
def test_a_hedged_chinese_cause_restating_its_line_is_a_confirmed_finding(text: str, verifier: str) -> None:
    a = session(text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


def test_a_hedge_does_not_cover_a_cause_the_line_adds() -> None:
    text = "billing-worker-2 提交失败，看来是因为时钟漂移"
    assert provenance.Items([COMMIT], causes=()).untraced(text) is not None
    assert not read_as_fact("时钟漂移", session(text, "all-direct").final_answer)
