"""Values compared as values, not spellings (app/domain/units.py): a number and its unit in any
spelling of its dimension, a number word, a time with its zone; a common word swapped for a
common word in a restated line's slot (app/domain/alignment.py); a cause and its effect swapped
between two facts of one line (app/domain/causality.py). Each rule against the offline engine, a
trusting Verifier and a lying Composer, English and Chinese, with its honest twin kept."""

from __future__ import annotations

import pytest

from app.domain import specific, units
from tests.unit.factories import run_session
from tests.unit.scripted import LIARS, LyingComposer, ScriptedExecutor, claim, inv, output, roles_with, trusting_facts
from tests.unit.test_alignment_rules import EN, ZH, judged
from tests.unit.test_safety_net import report, verdict_of

ROLLOUT = "deploy-bot: orders-svc upgraded to 2.4.1, rollout took 7.2 min"
LAG = "告警 KAFKA-LAG-HIGH: 消费组 billing-consumer 主题 invoices 延迟 68210 条"


def session(text: str, verifier: str = "all-direct", lie: str = ""):  # noqa: ANN201
    """One session through the pure pipeline: the claim, the Verifier, and a Composer that adds ``lie``."""
    log = ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", log)], output(claim("c1", text, ("i1",))))}))
    if lie:
        roles.composer = LyingComposer(lie)  # type: ignore[assignment]
    _, _, [answer] = run_session("What went wrong?", roles=roles)
    return answer


# a number and its unit, in any spelling of its dimension -----------------------------------------


@pytest.mark.parametrize(("token", "haystack", "held"), [
    ("7.2 minutes", "rollout took 7.2 min", True), ("432 s", "rollout took 7.2 min", True),
    ("432 seconds", "rollout took 7.2 min", True), ("7.2 seconds", "rollout took 7.2 min", False),
    ("7.2 hours", "rollout took 7.2 min", False), ("1.67 min", "took 100 s", True), ("1.6 min", "took 100 s", False),
    ("68210 毫秒", "延迟 68210 秒", False), ("68.21 秒", "延迟 68210 毫秒", True), ("91 GB", "usage 91 GiB", False),
    ("2 GiB", "heap 2048 MiB", True)],
    ids=["long-spelling", "converted", "converted-long", "another-unit", "hours", "rounded-conversion",
         "misrounded", "zh-another-unit", "zh-converted", "gb-is-not-gib", "gib-converted"])
def test_a_quantity_is_held_in_any_spelling_of_its_unit(token: str, haystack: str, held: bool) -> None:
    assert token in specific.specific_tokens(f"it took {token} then")
    assert specific.occurs(token, specific.prepared(haystack)) is held


@pytest.mark.parametrize("verifier", ["trusting", "offline"])
@pytest.mark.parametrize(("text", "kept"), [
    (f"{ROLLOUT[:-8]} 7.2 minutes", True), (f"{ROLLOUT[:-8]} 432 seconds", True),
    (f"{ROLLOUT[:-8]} 7.2 seconds", False), (f"{ROLLOUT[:-8]} 7.2 hours", False),
    ("告警 KAFKA-LAG-HIGH: 消费组 billing-consumer 主题 invoices 延迟 68210 毫秒", False)],
    ids=["spelled-out", "converted", "unit-as-a-common-word", "hours", "zh-unit"])
def test_a_claim_with_a_quantity_in_another_unit_is_contradicted_and_its_spelling_is_not(
        text: str, kept: bool, verifier: str) -> None:
    v = judged(text, verifier)
    assert (v.verdict == "PASS") is kept, v.gatekeeper_findings
    if not kept:
        assert v.facts_checked[0].verification == "contradicted", v.facts_checked


@pytest.mark.parametrize(("lie", "taken"), [
    ("The orders-svc rollout to 2.4.1 took 7.2 seconds.", False),
    ("The orders-svc rollout to 2.4.1 took 7.2 minutes.", True)],
    ids=["unit-as-a-common-word", "spelled-out"])
def test_a_composer_sentence_with_a_quantity_in_another_unit_is_refused(lie: str, taken: bool) -> None:
    a = session(ROLLOUT, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, a.final_answer
    assert ("7.2 seconds" in a.final_answer) is False


# a number word, a time with its zone --------------------------------------------------------------


@pytest.mark.parametrize(("word", "value"), [("three", 3), ("ninety-seven", 97), ("三", 3), ("六万八千", 68000),
                                              ("十二", 12), ("两百", 200), ("cat", None)])
def test_a_number_word_is_its_number(word: str, value: int | None) -> None:
    assert units.number_value(word) == value


@pytest.mark.parametrize("verifier", ["trusting", "offline"])
@pytest.mark.parametrize(("text", "kept"), [
    ("haproxy: backend kestrel-02 marked DOWN after three failed health checks", True),
    ("haproxy: backend kestrel-02 marked DOWN after four failed health checks", False),
    ("haproxy: 后端 kestrel-02 健康检查失败 三 次，已下线", True),
    ("At 10:02 UTC orders-db postgres: FATAL: sorry, too many clients already (max_connections 200)", True),
    ("At 10:02 GMT orders-db postgres: FATAL: sorry, too many clients already (max_connections 200)", True),
    ("At 10:20 UTC orders-db postgres: FATAL: sorry, too many clients already (max_connections 200)", False)],
    ids=["number-word", "number-word-off-by-one", "zh-numeral", "zoned-time", "gmt", "zoned-time-wrong"])
def test_a_number_word_and_a_zoned_time_are_held_as_values(text: str, kept: bool, verifier: str) -> None:
    v = judged(text, verifier)
    assert (v.verdict == "PASS") is kept, v.gatekeeper_findings


def test_a_zoned_time_is_held_only_in_its_zone() -> None:
    assert specific.occurs("10:02 UTC", specific.prepared("2026-11-29T10:02:40Z orders-db"))
    assert not specific.occurs("10:02 UTC", specific.prepared("2026-11-29T10:02:40+02:00 orders-db"))
    assert specific.occurs("10:02 UTC", specific.prepared("2026-11-29T10:02:40+00:00 orders-db"))


# a common word for a common word, in a slot bound to a shared neighbour ----------------------------

BILLING = "billing-consumer: received 1200 messages from topic invoices"


@pytest.mark.parametrize("verifier", ["trusting", "offline"])
@pytest.mark.parametrize(("text", "word"), [
    ("billing-consumer: received 1200 messages from topic payments", "payments"),
    ("billing-consumer: received 1200 errors from topic invoices", "errors")],
    ids=["named-by-a-shared-noun", "counted-by-a-shared-number"])
def test_a_common_word_where_the_restated_line_has_another_value_is_contradicted(
        text: str, word: str, verifier: str) -> None:
    v = judged(text, verifier)
    assert (v.verdict, v.facts_checked[0].verification) == ("REJECT", "contradicted"), v.gatekeeper_findings
    assert word in {f.entity for f in v.gatekeeper_findings if f.kind == "contradicted_value"}


@pytest.mark.parametrize("verifier", ["trusting", "offline"])
@pytest.mark.parametrize("text", [
    "billing-consumer received 1200 messages from the invoices topic",
    "billing-consumer: received 1200 invoice messages",
    "backup-job: no errors, backup of orders-db completed",
    "deploy-bot: orders-svc upgraded to 2.4.1, rollout took 7.2 minutes",
    "消费组 billing-consumer 主题 invoices 积压 68210 条"],
    ids=["reordered", "counted-noun-kept", "verb-after-a-name", "unit-spelled-out", "zh-paraphrase"])
def test_a_paraphrase_in_another_slot_keeps_its_verdict(text: str, verifier: str) -> None:
    v = judged(text, verifier)
    assert v.verdict == "PASS" and v.facts_checked[0].verification == "direct_evidence", v.gatekeeper_findings


@pytest.mark.parametrize(("lie", "taken"), [
    ("billing-consumer received 1200 errors from topic invoices.", False),
    ("billing-consumer received 1200 messages from topic payments.", False),
    ("billing-consumer received 1200 messages from topic invoices.", True)],
    ids=["counted-noun", "named-noun", "honest"])
def test_a_composer_sentence_with_a_common_word_swapped_is_refused(lie: str, taken: bool) -> None:
    a = session(BILLING, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, a.final_answer
    assert "errors" not in a.final_answer and "payments" not in a.final_answer


def test_a_gap_line_hides_the_common_word_swapped() -> None:
    from app.domain.provenance import mask

    assert mask("billing-consumer: received 1200 messages from topic payments", EN) == \
        "billing-consumer: received 1200 messages from topic [unverified]"


# a cause and its effect swapped between two facts of one line ---------------------------------------

KUBE = "kube: pod payments-api-7f9c exited with exit code 137 (OOMKilled)"


@pytest.mark.parametrize("verifier", ["trusting", "offline"])
@pytest.mark.parametrize(("text", "kept"), [
    ("pod payments-api-7f9c was OOMKilled because it exited with exit code 137", False),
    ("pod payments-api-7f9c exited with exit code 137 because it was OOMKilled", True),
    ("提交失败导致消费组 billing-consumer 正在重平衡", False),
    ("由于提交失败，消费组 billing-consumer 正在重平衡", False),
    ("消费组 billing-consumer 正在重平衡，导致提交失败", True),
    ("haproxy: backend kestrel-02 marked DOWN, which is why there were 3 failed health checks", False),
    ("3 failed health checks led to haproxy marking backend kestrel-02 DOWN", True)],
    ids=["bracket-reversed", "bracket-kept", "zh-order-reversed", "zh-leading-marker-reversed", "zh-order-kept",
         "after-reversed", "after-kept"])
def test_a_claim_giving_the_cause_the_other_way_round_from_its_line_is_contradicted(
        text: str, kept: bool, verifier: str) -> None:
    v = judged(text, verifier)
    flagged = "causal direction" in {f.entity for f in v.gatekeeper_findings}
    assert flagged is not kept, v.gatekeeper_findings
    if not kept:
        assert (v.verdict, v.facts_checked[0].verification) == ("REJECT", "contradicted")


@pytest.mark.parametrize(("lie", "taken"), [
    ("pod payments-api-7f9c was OOMKilled because it exited with exit code 137.", False),
    ("pod payments-api-7f9c exited with exit code 137 because it was OOMKilled.", True)],
    ids=["reversed", "kept"])
def test_a_composer_sentence_giving_the_cause_the_other_way_round_is_refused(lie: str, taken: bool) -> None:
    a = session(KUBE, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, a.final_answer
    assert "OOMKilled because" not in a.final_answer


def test_a_zh_composer_sentence_giving_the_cause_the_other_way_round_is_refused() -> None:
    line = "billing-worker-2 消费者: CommitFailedException: 消费组 billing-consumer 正在重平衡，提交失败"
    a = session(line, lie="提交失败导致消费组 billing-consumer 正在重平衡。")
    assert a.verdict == "PASS" and a.composer_status != "valid" and "提交失败导致" not in a.final_answer


@pytest.mark.parametrize(("line", "source", "turned"), [
    ("retention stopped because the disk was full", "disk full because retention stopped", True),
    ("the disk was full because retention stopped", "disk full because retention stopped", False),
    ("the disk was full because retention stopped", "retention stopped, disk full", False),
    ("the disk was full, so retention stopped", "retention stopped, disk full", True),
    ("exit code 137 because OOMKilled", "exit code 137 (OOMKilled)", False),
    ("OOMKilled, caused by exit code 137", "exit code 137 (OOMKilled)", True),
    ("the cause is OOMKilled: exit code 137", "exit code 137 (OOMKilled)", False),
    ("marked DOWN, so 3 checks failed", "marked DOWN after 3 checks failed", True),
    ("拒绝写入导致内存不足", "内存不足导致拒绝写入", True),
    ("内存不足导致拒绝写入", "内存不足，拒绝写入", False)],
    ids=["marker", "marker-kept", "order-kept", "order", "bracket-kept", "caused-by", "cause-noun-joins-nothing",
         "after", "zh-marker", "zh-order-kept"])
def test_the_source_line_says_which_fact_is_the_cause_by_what_stands_between(line: str, source: str,
                                                                             turned: bool) -> None:
    from app.domain.causality import reversed_cause

    assert reversed_cause(line, source) is turned


# a cause joining facts of two lines that no line joins ----------------------------------------------

ACROSS = [("orders-db ran out of clients because orders-svc returned HTTP 503", "because orders-svc"),
          ("haproxy: 后端 kestrel-02 健康检查失败 3 次，因为 redis-session-01 内存使用 98%", "因为 redis-session-01")]


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "link"), ACROSS, ids=["en", "zh"])
def test_an_observation_joining_two_lines_by_a_cause_no_line_gives_is_not_a_finding(
        text: str, link: str, verifier: str) -> None:
    a = session(text, verifier)
    shown = [ln for ln in a.final_answer.splitlines() if link in ln]
    assert all(ln.startswith(("- Not confirmed", "- 证据未能证实")) for ln in shown), a.final_answer


def test_an_observation_restating_one_line_is_still_a_finding() -> None:
    a = session("orders-db postgres: FATAL: sorry, too many clients already (max_connections 200)")
    assert a.verdict == "PASS" and "- orders-db postgres: FATAL" in a.final_answer, a.final_answer


@pytest.mark.parametrize(("certain", "taken"), [(False, False), (True, True)], ids=["no-cause-confirmed", "confirmed"])
def test_a_composer_sentence_linking_two_findings_by_a_cause_needs_a_confirmed_cause(certain: bool, taken: bool) -> None:
    from tests.unit.test_provenance_rules import _compose

    claims = ["orders-db postgres: FATAL: sorry, too many clients already",
              "checkout-gw nginx: upstream orders-svc returned HTTP 503 after 3 retries"]
    d = _compose(f"{claims[1]} because {claims[0]}.", allowed_claims=claims, root_cause_allowed=certain,
                 certain_causes=claims[:1] if certain else [])
    assert (d.composer_output.status == "valid") is taken, d.composer_output


# a gap line restating no line: a word in the place of a name -----------------------------------------


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
def test_a_gap_line_hides_a_common_word_in_the_place_of_a_name(verifier: str) -> None:
    a = session("the broker falcon ran out of disk before orders-db", verifier)
    assert "falcon" not in a.final_answer and "[unverified]" in a.final_answer, a.final_answer


@pytest.mark.parametrize(("text", "masked"), [
    ("the broker falcon ran out of disk", "the broker [unverified] ran out of disk"),
    ("a host kestrel rebooted", "a host [unverified] [unverified]"),
    ("the disk filled up on orders-db", "the disk filled up on orders-db"),
    ("the orders-db disk is full", "the orders-db disk is full"),
    ("the retention job was disabled", "the retention job was disabled"),
    ("the cache layer grew", "the cache layer grew")],
    ids=["apposed", "apposed-rare", "verb-after-the-noun", "held", "compound", "compound-head"])
def test_only_the_word_in_the_place_of_a_name_is_hidden(text: str, masked: str) -> None:
    from app.domain.provenance import mask

    assert mask(text, "2026-11-29T10:07:00Z node-exporter orders-db: disk /var/lib/pgsql usage 91%, full") == masked


# the offline engine cites the runbook section a claim cites: a next step may be traced to it -------


@pytest.mark.parametrize(("lang", "action", "shown"), [
    ("en", "Add PgBouncer in front of orders-db", True), ("en", "Raise max_pool_size on orders-db", False),
    ("zh", "调大 max.poll.interval.ms", True), ("zh", "调大 session.timeout.ms", False)],
    ids=["runbook", "invented-key", "zh-runbook", "zh-invented-key"])
def test_the_offline_engine_shows_a_runbook_step_the_claim_cites_and_nothing_else(
        lang: str, action: str, shown: bool) -> None:
    import json

    from events.models import RecommendedAction

    book = {"en": "Raise max_connections on orders-db or add PgBouncer in front of it",
            "zh": "扩容 billing-worker 并调大 max.poll.interval.ms"}[lang]
    line = {"en": "orders-db postgres: FATAL: sorry, too many clients already (max_connections 200)", "zh": LAG}[lang]
    hit = inv("i2", json.dumps({"hits": [{"source": "runbook.md § Fix", "text": book, "relevance": "high",
                                          "layer": "runbook_section"}]}), tool="kb_search")
    out = output(claim("c1", line, ("i1", "i2"))).model_copy(update={
        "recommended_actions": [RecommendedAction(action_text=action, reason="runbook")]})
    roles = roles_with("offline", ScriptedExecutor({1: ([inv("i1", ZH if lang == "zh" else EN), hit], out)}))
    _, _, [answer] = run_session("What went wrong?", roles=roles)
    assert answer.verdict == "PASS" and (action in answer.final_answer) is shown, answer.final_answer


# spellings that are no new value: an apostrophe, a dotted abbreviation, a function word after a number


def test_an_apostrophe_is_no_quote_mark() -> None:
    from app.domain import entities

    quotes = [e.value for e in entities.extract("Mugabe's leadership in what was called an 'uncertain era' by Bob's aide")
              if e.kind == "quote"]
    assert quotes == ["uncertain era"]
    v = judged("kube: pod payments-api-7f9c's container exited with exit code 137 (OOMKilled) on the node's kernel")
    assert "quote" not in " ".join(f.detail for f in v.gatekeeper_findings), v.gatekeeper_findings


@pytest.mark.parametrize(("token", "haystack", "held"), [
    ("US", "all U.S. rights", True), ("US", "rights in the U.S", True), ("UK", "all U.S. rights", False),
    ("180 metres", "length: 180 meters", True), ("590 ft", "180 meters", False), ("22 lb", "weighs 10 kg", True)],
    ids=["dotted", "dotted-at-the-end", "other-letters", "length", "length-misconverted", "mass-converted"])
def test_an_abbreviation_or_a_unit_spelled_another_way_is_the_same_value(token: str, haystack: str, held: bool) -> None:
    assert specific.occurs(token, specific.prepared(haystack)) is held


def test_a_function_word_after_a_number_is_not_its_unit() -> None:
    assert specific.specific_tokens("founded in 2014 as a 143 UK chain, 3 ns later") == ["2014", "143", "UK", "3 ns"]


def test_a_count_is_held_by_the_text_writing_it_as_a_word() -> None:
    hay = specific.prepared("haproxy: backend kestrel-02 marked DOWN after three failed health checks")
    assert specific.occurs("3", hay) and not specific.occurs("4", hay)


# every lying Verifier: none of these lies is read as a finding -------------------------------------

LIES = [("billing-consumer: received 1200 errors from topic invoices", "1200 errors"),
        ("billing-consumer: received 1200 messages from topic payments", "topic payments"),
        (f"{ROLLOUT[:-8]} 7.2 seconds", "7.2 seconds"),
        ("pod payments-api-7f9c was OOMKilled because it exited with exit code 137", "OOMKilled because"),
        ("提交失败导致消费组 billing-consumer 正在重平衡", "提交失败导致"),
        ("orders-db ran out of clients because orders-svc returned HTTP 503", "because orders-svc")]


@pytest.mark.parametrize("liar", sorted(LIARS))
@pytest.mark.parametrize(("text", "needle"), LIES, ids=["counted-noun", "named-noun", "unit-word", "cause-reversed",
                                                        "zh-cause-reversed", "cause-across-lines"])
def test_no_lying_verifier_gets_a_swapped_value_or_cause_read_as_a_finding(text: str, needle: str, liar: str) -> None:
    a = session(text, liar)
    shown = [ln for ln in a.final_answer.splitlines() if needle in ln]
    assert all(ln.startswith(("- Not confirmed", "- 证据未能证实")) for ln in shown), (a.verdict, a.final_answer)


@pytest.mark.parametrize("verifier", ["trusting", "offline"])
@pytest.mark.parametrize(("text", "kept"), [
    ("billing-consumer 从主题 invoices 收到 1200 条错误", False),
    ("billing-consumer 从主题 invoices 收到 1200 条消息", True),
    ("billing-consumer 从主题 invoices 拉取 1200 条消息", True)],
    ids=["zh-counted-noun", "zh-kept", "zh-verb-paraphrase"])
def test_a_zh_counted_noun_after_its_measure_word_is_a_value(text: str, kept: bool, verifier: str) -> None:
    log = f"{ZH}\n2026-11-30T06:20:00Z billing-consumer 从主题 invoices 收到 1200 条消息"
    script = (lambda i: report(trusting_facts(i))) if verifier == "trusting" else None
    _, v = verdict_of([claim("c1", text, ("i1",))], [inv("i1", log)], script, question="billing-consumer 收到了什么？")
    assert ("错误" in {f.entity for f in v.gatekeeper_findings}) is not kept, v.gatekeeper_findings
    assert (v.verdict == "PASS") is kept, v.gatekeeper_findings
    if not kept:
        assert (v.verdict, v.facts_checked[0].verification) == ("REJECT", "contradicted")
