"""Names that are common words, told by their place (app/domain/alignment.py), and the forms found
beside them: negations in other words, days and months, consequences joined by "so" / "从而", a
number's Chinese measure word. Each rule against a trusting Verifier (the Verifier says every claim
is direct evidence), with its honest twin kept."""

from __future__ import annotations

import pytest

from app.domain.provenance import Items, mask
from app.domain.specific import specific_tokens
from tests.unit.factories import run_session
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with, trusting_facts
from tests.unit.test_provenance_rules import _compose
from tests.unit.test_safety_net import report, verdict_of

EN = "\n".join([
    "2026-11-29T10:02:11Z checkout-gw nginx[2210]: upstream orders-svc returned HTTP 503 after 3 retries (ERR-5301)",
    "2026-11-29T10:02:40Z orders-db postgres: FATAL: sorry, too many clients already (max_connections 200)",
    "2026-11-29T10:05:00Z deploy-bot: orders-svc upgraded to 2.4.1, rollout took 7.2 min",
    "2026-11-29T10:06:13Z billing-consumer: received 1200 messages from topic invoices",
    "2026-11-29T10:08:00Z kube: pod payments-api-7f9c exited with exit code 137 (OOMKilled)",
    "2026-11-29T10:09:00Z dns: orders-db.internal resolves to 10.4.2.17 and fd00::17",
    "2026-11-29T10:10:00Z backup-job: no errors, backup of orders-db finished",
    "2026-11-29T10:11:00Z haproxy: backend kestrel-02 marked DOWN after 3 failed health checks",
    "2026-11-29T10:12:00Z ingest-node-03 ingest-worker[4410]: write failed: No space left on device (ENOSPC)"])
ZH = "\n".join([
    "2026-11-30T06:05:40Z monitor 告警 KAFKA-LAG-HIGH: 消费组 billing-consumer 主题 invoices 延迟 68210 条",
    "2026-11-30T06:02:12Z billing-worker-2 消费者: CommitFailedException: 消费组 billing-consumer 正在重平衡，提交失败",
    "2026-11-30T06:10:00Z redis-session-01 内存使用 98%，拒绝写入 OOM command not allowed",
    "2026-11-30T06:12:00Z haproxy: 后端 kestrel-02 健康检查失败 3 次，已下线"])


def judged(text: str, verifier: str = "trusting"):  # noqa: ANN201
    """The verdict on one claim citing the evidence of its language: the Verifier trusting it, or
    (``offline``) the offline engine's."""
    log = ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN
    script = (lambda i: report(trusting_facts(i))) if verifier == "trusting" else None
    _, v = verdict_of([claim("c1", text, ("i1",))], [inv("i1", log)], script, question="What went wrong?")
    return v


# a name swapped for a word, or for another name --------------------------------------------------


@pytest.mark.parametrize(("text", "word"), [
    ("orders-db postgres: FATAL: too many clients already on falcon", "falcon"),
    ("checkout-gw nginx: upstream inventory returned HTTP 503 after 3 retries", "inventory"),
    ("falcon postgres: FATAL: sorry, too many clients already", "falcon"),
    ("kube: pod falcon exited with exit code 137 (OOMKilled)", "falcon"),
    ("haproxy: backend falcon marked DOWN after 3 failed health checks", "falcon"),
    ("checkout-gw nginx: upstream orders-db returned HTTP 503 after 3 retries", "orders-db"),
    ("消费组 orders 主题 invoices 延迟 68210 条", "orders"),
    ("haproxy: 后端 猎鹰 健康检查失败 3 次，已下线", "猎鹰")],
    ids=["tail", "interior", "head", "pod", "backend", "moved-name", "zh-latin-word", "zh-word"])
def test_a_word_where_the_restated_line_has_a_name_is_contradicted(text: str, word: str) -> None:
    v = judged(text)
    assert (v.verdict, v.facts_checked[0].verification) == ("REJECT", "contradicted"), v.gatekeeper_findings
    assert word in {f.entity for f in v.gatekeeper_findings if f.kind == "contradicted_value"}


@pytest.mark.parametrize("text", [
    "checkout-gw nginx: the upstream orders service returned HTTP 503 after 3 retries",
    "kube: the payments pod exited with exit code 137 (OOMKilled)",
    "dns: the database name resolves to 10.4.2.17 and fd00::17",
    "ingest-node-03 hit write failed: No space left on device (ENOSPC)",
    "checkout-gw nginx: upstream orders-svc returned HTTP 503 after 3 retry attempts",
    "haproxy marked the backend kestrel-02 DOWN after 3 failed health checks",
    "billing-consumer received 1200 messages from the invoices topic",
    "消费组 billing-consumer 的主题 invoices 延迟 68210 条",
    "haproxy: 后端 kestrel-02 健康检查连续失败 3 次，已下线"],
    ids=["described", "part-of-the-name", "determiner", "verb-after-the-host", "plural-at-the-end", "reordered",
         "words-moved", "zh-particle", "zh-adverb"])
def test_a_paraphrase_in_common_words_keeps_its_verdict(text: str) -> None:
    v = judged(text)
    assert (v.verdict, v.gatekeeper_findings) == ("PASS", []), v.gatekeeper_findings


# negations in other words ------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "backup-job: backup of orders-db never finished",
    "billing-consumer no longer received messages from topic invoices",
    "deploy-bot: orders-svc failed to upgrade to 2.4.1",
    "haproxy: backend kestrel-02 was not marked DOWN after 3 failed health checks",
    "backup-job: errors, backup of orders-db failed",
    "redis-session-01 内存使用 98%，未拒绝写入",
    "消费组 billing-consumer 没有重平衡"],
    ids=["never", "no-longer", "failed-to", "not", "negation-dropped-and-antonym", "zh-wei", "zh-meiyou"])
def test_a_negation_added_or_dropped_is_contradicted(text: str) -> None:
    v = judged(text)
    assert "polarity" in {f.entity for f in v.gatekeeper_findings}, v.gatekeeper_findings
    assert v.verdict == "REJECT"


@pytest.mark.parametrize("text", [
    "backup-job: backup of orders-db finished with no errors",
    "ingest-node-03 ingest-worker failed to write: No space left on device (ENOSPC)",
    "redis-session-01 内存使用 98%，拒绝写入",
    "消费组 billing-consumer 正在重平衡"],
    ids=["negation-kept", "negation-moved", "zh-kept", "zh-without-the-failure"])
def test_a_negation_kept_or_moved_is_no_flip(text: str) -> None:
    v = judged(text)
    assert "polarity" not in {f.entity for f in v.gatekeeper_findings} and v.verdict == "PASS", v.gatekeeper_findings


# days and months, a number's measure word, a Latin word in Chinese ------------------------------


@pytest.mark.parametrize(("text", "kept"), [
    ("deploy-bot: orders-svc upgraded to 2.4.1 on Tuesday", False),
    ("deploy-bot: orders-svc upgraded to 2.4.1 on Sunday", True),
    ("deploy-bot: orders-svc upgraded to 2.4.1 in October", False),
    ("deploy-bot: orders-svc upgraded to 2.4.1 in November", True),
    ("周二 消费组 billing-consumer 主题 invoices 延迟 68210 条", False),
    ("周一 消费组 billing-consumer 主题 invoices 延迟 68210 条", True)],
    ids=["weekday", "weekday-held", "month", "month-held", "zh-weekday", "zh-weekday-held"])
def test_a_day_or_month_is_held_only_by_a_date_falling_on_it(text: str, kept: bool) -> None:
    v = judged(text)
    assert (v.verdict == "PASS") is kept, v.gatekeeper_findings
    if not kept:
        assert v.facts_checked[0].verification == "contradicted"


def test_a_number_and_its_measure_word_are_one_value() -> None:
    assert "68210 秒" in specific_tokens("延迟 68210 秒") and "68210条" in specific_tokens("延迟68210条")
    assert judged("消费组 billing-consumer 主题 invoices 延迟 68210 秒").verdict == "REJECT"
    assert judged("消费组 billing-consumer 主题 invoices 积压 68210 条").verdict == "PASS"


def test_a_latin_word_in_chinese_text_is_a_name() -> None:
    assert "falcon" in specific_tokens("消费组 billing-consumer 在主机 falcon 上重启了 3 次")
    assert "falcon" not in specific_tokens("the falcon host restarted")


# a consequence the material does not touch, the Composer's slot, the gap line --------------------


@pytest.mark.parametrize(("line", "traced"), [
    ("node-exporter orders-db: disk /var/lib/pgsql usage 91%, so the retention job must have stopped", False),
    ("告警 KAFKA-LAG-HIGH: 消费组 billing-consumer 主题 invoices 延迟 68210 条，从而网络抖动", False),
    ("node-exporter orders-db: disk /var/lib/pgsql usage 91%, so usage on orders-db is high", True),
    ("node-exporter orders-db: disk /var/lib/pgsql usage 91%: the disk is nearly full", True)],
    ids=["so", "zh-conger", "so-restating", "elaboration"])
def test_a_consequence_joined_to_a_fact_must_touch_its_item(line: str, traced: bool) -> None:
    items = Items(["2026-11-29T10:07:00Z node-exporter orders-db: disk /var/lib/pgsql usage 91%", ZH.splitlines()[0]])
    assert (items.untraced(line) is None) is traced


@pytest.mark.parametrize(("sentence", "taken"), [
    ("falcon logs show ENOSPC from ingest-worker.", False),
    ("ingest-node-03 logs show ENOSPC from falcon.", False),
    ("The host ingest-node-03 logs show ENOSPC from its ingest-worker.", True)],
    ids=["head", "tail", "honest"])
def test_a_composer_sentence_putting_a_word_where_its_item_has_a_name_is_refused(sentence: str, taken: bool) -> None:
    allowed = ["ingest-node-03 logs show ENOSPC from ingest-worker"]
    d = _compose(f"{sentence} logrotate stopped rotating /var/log and caused the disk to fill.",
                 allowed_claims=[*allowed, "logrotate stopped rotating /var/log and caused the disk to fill"])
    assert (d.composer_output.status == "valid") is taken, d.composer_output
    if not taken:
        assert d.composer_output.refusal == "untraced" and "falcon" not in d.final_answer


def test_a_gap_line_hides_the_word_put_where_its_line_has_a_name() -> None:
    assert mask("checkout-gw nginx: upstream kestrel returned HTTP 503 after 3 retries", EN) == \
        "checkout-gw nginx: upstream [unverified] returned HTTP 503 after 3 retries"
    assert "falcon" not in mask("消费组 billing-consumer 在主机 falcon 上重启了 3 次", ZH)
    roles = roles_with("all-direct", ScriptedExecutor({1: ([inv("i1", EN)], output(
        claim("c1", "orders-db postgres: FATAL: too many clients already on falcon", ("i1",))))}))
    _, _, [answer] = run_session("What went wrong with orders-db?", roles=roles)
    assert answer.verdict == "REJECT" and "falcon" not in answer.final_answer, answer.final_answer


# what an action acts on ---------------------------------------------------------------------------

CLIENTS = "orders-db postgres: FATAL: sorry, too many clients already (max_connections 200)"
FAILOVER = "2026-11-29T10:13:00Z cloud-monitor: orders-db replica in eu-west-1b failed over to eu-west-1c"
BOOK = "Raise max_connections on orders-db or add PgBouncer in front of it"


@pytest.mark.parametrize(("action", "shown"), [
    ("Restart falcon: too many clients already", False),
    ("Fail over orders-db to the standby falcon", False),
    ("Raise max_pool_size on orders-db", False),
    ("Move orders-db to a bigger instance", False),
    ("Raise max_connections on orders-db", True),
    ("Add PgBouncer in front of orders-db", True),
    ("Fail over orders-db to eu-west-1c", True)],
    ids=["word-for-a-host", "described-standby", "invented-key", "invented-target", "runbook", "runbook-reworded",
         "evidence-target"])
def test_an_action_acts_only_on_what_its_grounds_hold(action: str, shown: bool) -> None:
    from app.domain.material import RoundDecision, filter_material
    from events.models import ClaimCheck, EvidenceRef, ExecutorOutput, FactCheck, RecommendedAction

    out = ExecutorOutput(claims=[claim("c1", CLIENTS, ("i1",))], recommended_actions=[RecommendedAction(action_text=action)])
    d = RoundDecision(output=out, claim_checks=[ClaimCheck(claim_id="c1", classification="direct_observation")],
                      facts=[FactCheck(fact=CLIENTS, claim_id="c1", is_critical=True, verification="direct_evidence",
                                       evidence_refs=[EvidenceRef(trace_ref="T1-1"), EvidenceRef(trace_ref="T1-2")])])
    m = filter_material("What went wrong with orders-db?", "PASS", [d], evidence=f"{EN}\n{FAILOVER}",
                        cited={"T1-1": [CLIENTS, FAILOVER], "T1-2": [BOOK]}, runbooks=frozenset({"T1-2"}))
    assert m.allowed_claims == [CLIENTS]
    assert [a.action_text for a in m.recommended_actions] == ([action] if shown else [])
