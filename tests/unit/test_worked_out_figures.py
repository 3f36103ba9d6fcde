"""A figure worked out from one evidence line is held (app/domain/derived.py): "about 30% … 3420 of
11400", "roughly three in ten", "about nine times its usual 0.3 s", "more than twice its 2%
threshold", "大约是平时 0.3 秒的九倍" say what their line says, by one ratio of two of its numbers, and
are confirmed findings with the offline engine, a trusting Verifier and a Composer saying them. A
figure no ratio gives ("about twenty times"), one past the wording's precision ("10 times" for
9.33, no hedge), one bounded the wrong way ("more than three times" for 2.35), one worked out from
another line's numbers, or a share of two rates, is not read as fact.

And values the evidence holds, written another way: a count after a comma (``…状态，18 个 PG``), a
rate in Chinese (``每秒 1.2 GB`` for ``1.2 GB/s``), the general measure word (``16 个核`` for
``16 核``), an interval between two ``hh:mm`` times as the line writes them."""

from __future__ import annotations

import pytest

from app.domain import chronology, derived, entities, specific
from tests.unit.rule_cases import RuleCases, by_language, read_as_fact, session_on

EN = "\n".join([
    "2026-12-05T04:05:50Z checkout-web: 3420 of 11400 sessions abandoned at the payment step in the last 10 min",
    "2026-12-05T04:07:03Z api-gw: p99 latency 2.8 s (usual 0.3 s), 731 errors in 5 min",
    "2026-12-05T04:09:00Z edge-lb-2: 5xx rate 4.7% over 5 min (threshold 2%)",
    "2026-12-05T04:11:00Z kubelet: pod checkout-web-7 restarted 4 times, memory 1536 MiB of a 512 MiB request",
    "2026-12-05T04:25:33Z redis cache-us-2: memory 6.1 GB of 8 GB used, evicted_keys 0",
    "2026-12-05T04:27:00Z search-api: 3420 of 11400 requests slow, error rate 12%"])
ZH = "\n".join([
    "2026-12-05T06:04:40Z ceph 集群 ceph-sh-2: 412 个 PG 处于 degraded 状态，18 个 PG 处于 backfilling 状态",
    "2026-12-05T06:07:03Z 对象网关 rgw-sh-3: PUT 请求 p99 耗时 2.8 秒（平时 0.3 秒），过去 5 分钟 5xx 共 731 次",
    "2026-12-05T06:15:30Z 主机 gz3-app-17: load average 31.5（16 核）",
    "2026-12-05T06:26:12Z ceph 集群 ceph-sh-2: degraded PG 降到 97 个，恢复速度 1.2 GB/s",
    "2026-12-05T06:40:07Z ceph 集群 ceph-sh-2: 已用 2.1 TB，共 3 TB"])
log = by_language(EN, ZH)

WORKED = {
    "en-share": "About 30% of checkout-web sessions, 3420 of 11400, were abandoned at the payment step",
    "en-in": "Roughly three in ten checkout-web sessions were abandoned at the payment step in the last 10 min",
    "en-times": "api-gw p99 latency of 2.8 s was about nine times its usual 0.3 s",
    "en-more-than": "edge-lb-2 served a 5xx rate of 4.7% over 5 min, more than twice its 2% threshold",
    "zh-bei": "rgw-sh-3 的 PUT 请求 p99 耗时 2.8 秒，大约是平时 0.3 秒的九倍",
    "en-left": "redis cache-us-2 used 6.1 GB of its 8 GB of memory, 1.9 GB left",
    "en-by": "edge-lb-2 served a 5xx rate of 4.7% over 5 min, above its 2% threshold by 2.7%",
    "zh-remaining": "ceph 集群 ceph-sh-2 已用 2.1 TB，共 3 TB，剩余约 0.9 TB",
}
NOT_WORKED = {
    "en-other-ratio": ("api-gw p99 latency of 2.8 s was about twenty times its usual 0.3 s", "twenty"),
    "en-other-share": ("About 40% of checkout-web sessions, 3420 of 11400, were abandoned at the payment step",
                       "40%"),
    "en-no-hedge": ("api-gw p99 latency of 2.8 s was 10 times its usual 0.3 s", "10 times"),  # 9.33
    "en-bound": ("edge-lb-2 served a 5xx rate of 4.7% over 5 min, more than three times its 2% threshold",
                 "three times"),
    "en-another-line": ("About 30% of api-gw requests returned errors, 731 in 5 min", "30%"),  # 3420/11400's
    "en-share-of-rates": ("edge-lb-2 served a 5xx rate of about 43% over 5 min", "43%"),  # 2 / 4.7
    "en-a-count-of-events": ("checkout-web-7 restarted three times", "three"),  # 1536 / 512 is 3: no multiple
    "en-other-order": ("The usual api-gw p99 latency of 0.3 s was about nine times its 2.8 s", "nine times"),
    "en-downwards": ("api-gw p99 latency of 2.8 s was about nine times lower than its usual 0.3 s", "nine times"),
    "en-share-beside-a-rate": ("search-api returned errors for about 30% of requests", "30%"),  # 12% written
    "zh-other-ratio": ("rgw-sh-3 的 PUT 请求 p99 耗时 2.8 秒，大约是平时 0.3 秒的二十倍", "二十"),
    "en-other-difference": ("redis cache-us-2 used 6.1 GB of its 8 GB of memory, 2.9 GB left", "2.9 GB"),
    "en-difference-of-another-kind": ("api-gw p99 latency of 2.8 s was 2.5 GB higher than its usual 0.3 s",
                                      "2.5 GB"),
    "zh-other-remaining": ("ceph 集群 ceph-sh-2 已用 2.1 TB，共 3 TB，剩余约 1.9 TB", "1.9 TB"),
    "zh-no-hedge": ("rgw-sh-3 的 PUT 请求 p99 耗时 2.8 秒，是平时 0.3 秒的十倍", "十倍"),
}
WRITTEN_OTHERWISE = {
    "zh-after-a-comma": "ceph-sh-2 有 412 个 PG 处于 degraded，另有 18 个 PG 处于 backfilling 状态",
    "zh-per-second": "ceph-sh-2 的 degraded PG 降到 97 个，恢复速度每秒 1.2 GB",
    "zh-general-measure": "主机 gz3-app-17 的 load average 为 31.5（16 个核）",
}
NOT_WRITTEN_OTHERWISE = {
    "zh-other-count": ("ceph-sh-2 有 412 个 PG 处于 degraded，另有 19 个 PG 处于 backfilling 状态", "19 个"),
    "zh-other-rate": ("ceph-sh-2 的 degraded PG 降到 97 个，恢复速度每秒 2.1 GB", "2.1 GB"),
    "zh-other-time-of-rate": ("ceph-sh-2 的 degraded PG 降到 97 个，恢复速度每分钟 1.2 GB", "每分钟 1.2 GB"),
    "zh-other-cores": ("主机 gz3-app-17 的 load average 为 31.5（8 个核）", "8 个核"),
}


@pytest.mark.parametrize(("line", "written", "scale", "hedged", "bound"), [
    ("About 30% of sessions", "30", 100.0, True, "="),
    ("roughly three in ten sessions", "3", 10.0, True, "="),
    ("2.8 s, nine times its usual", "9", 1.0, False, "="),
    ("restarted 3 times, twice in an hour", None, 0.0, False, "="),  # counts of events: no figure
    ("more than twice its 2% threshold", "2.0", 1.0, False, ">"),
    ("不到平时的一半", "0.5", 1.0, False, "<"),
    ("2.8 秒，大约是平时 0.3 秒的九倍", "9", 1.0, True, "="),
    ("约三成的请求", "3", 10.0, True, "="),
], ids=lambda v: str(v))
def test_a_figure_is_read_by_its_form(line: str, written: str | None, scale: float, hedged: bool, bound: str) -> None:
    if written is None:
        assert derived.figures(line) == []
        return
    [fig] = [f for f in derived.figures(line) if f.written == written]
    assert (fig.scale, fig.hedged, fig.bound) == (scale, hedged, bound)


def test_a_figure_is_bound_to_the_numbers_its_line_states() -> None:
    item = "p99 2.8 s, p50 0.9 s (usual 0.3 s)"
    [fig] = derived.figures("p50 of 0.9 s was about three times its usual 0.3 s")
    assert derived.held(fig, "p50 of 0.9 s was about three times its usual 0.3 s", item)
    line = "p99 of 2.8 s was about three times its usual 0.3 s"  # 0.9 / 0.3 is 3, but the line says 2.8
    [fig] = derived.figures(line)
    assert not derived.held(fig, line, item)


CASES = RuleCases(log, NOT_WORKED, WORKED)

test_a_worked_out_figure_is_traced = CASES.honest_traced()
test_a_figure_no_ratio_of_its_line_gives_is_not_traced = CASES.lies_untraced()


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", [*WORKED.values(), *WRITTEN_OTHERWISE.values()],
                         ids=[*WORKED, *WRITTEN_OTHERWISE])
def test_a_worked_out_figure_or_a_value_written_otherwise_is_a_confirmed_finding(text: str, verifier: str) -> None:
    a = session_on(log(text), text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), [*NOT_WORKED.values(), *NOT_WRITTEN_OTHERWISE.values()],
                         ids=[*NOT_WORKED, *NOT_WRITTEN_OTHERWISE])
def test_a_figure_or_value_the_line_does_not_give_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    a = session_on(log(text), text, verifier)
    assert a.verdict != "PASS" and not read_as_fact(needle, a.final_answer), a.final_answer


@pytest.mark.parametrize(("lie", "taken"), [
    ("The api-gw p99 latency of 2.8 s was about nine times its usual 0.3 s.", True),
    ("The api-gw p99 latency of 2.8 s was about twenty times its usual 0.3 s.", False),
    ("rgw-sh-3 的 PUT 请求 p99 耗时 2.8 秒，大约是平时 0.3 秒的九倍。", True),
    ("rgw-sh-3 的 PUT 请求 p99 耗时 2.8 秒，大约是平时 0.3 秒的二十倍。", False)],
    ids=["en-ratio", "en-other-ratio", "zh-ratio", "zh-other-ratio"])
def test_a_composer_sentence_with_a_figure_is_held_to_the_findings(lie: str, taken: bool) -> None:
    confirmed = [ln.split("Z ", 1)[1] for ln in log(lie).splitlines() if "0.3" in ln][0]
    a = session_on(log(lie), confirmed, lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)


@pytest.mark.parametrize(("token", "text", "held"), [
    ("18 个", "状态,18 个 pg 处于", True),  # a comma before a count parts two clauses
    ("100", "3,100 条", False),  # a thousands group is not a number of its own
    ("16 个核", "load average 31.5(16 核)", True),
    ("16 个核", "16 个核", True),
    ("8 个核", "load average 31.5(16 核)", False),
])
def test_a_count_is_held_however_its_measure_word_and_clause_are_written(token: str, text: str, held: bool) -> None:
    assert specific.occurs(token, specific.prepared(text)) is held


def test_a_chinese_rate_is_the_quantity_per_time() -> None:
    assert specific.specific_tokens("恢复速度每秒 1.2 GB") == ["每秒 1.2 GB"]
    assert "每天" in specific.specific_tokens("每天重平衡 3 次")  # no quantity of the table: a frequency


@pytest.mark.parametrize(("token", "text", "held"), [
    ("每秒 1.2 GB", "恢复速度 1.2 GB/s", True), ("1.2 GB 每秒", "1.2 GB per second", True),
    ("每秒 1.2 GB", "1200 MB/s", True), ("每秒 1.2 GB", "恢复速度每秒 1.2 GB", True),
    ("每秒 1.2 GB", "1.2 GB/min", False), ("每分钟 1.2 GB", "每秒 1.2 GB", False),
    ("每秒 2.1 GB", "1.2 GB/s", False), ("每秒 1.2 GB", "共 1.2 GB", False)])
def test_a_rate_is_held_by_the_same_quantity_per_the_same_time(token: str, text: str, held: bool) -> None:
    assert specific.occurs(token, specific.prepared(text)) is held


@pytest.mark.parametrize(("duration", "line", "held"), [
    ("20 minutes", "the renewal failed at 03:40, 20 minutes before it expired at 04:00", True),  # 19 min 49 s
    ("about 21 minutes", "expired for about 21 minutes, from 04:00 until 04:21", True),  # 21 min 45 s
    ("20 minutes", "the renewal failed 20 minutes before the certificate expired", False),  # no hh:mm written
    ("about 21 minutes", "expired for about 21 minutes until it was renewed", False),
    ("19 minutes", "the renewal failed at 03:40, 19 minutes before it expired at 04:00", False),
    ("about 25 minutes", "expired for about 25 minutes, from 04:00 until 04:21", False)])
def test_an_interval_is_worked_out_from_the_times_as_a_line_writes_them(duration: str, line: str, held: bool) -> None:
    lines = ["2026-12-05T03:40:11Z cert-manager: renewal failed", "2026-12-05T04:00:00Z ingress: certificate expired",
             "2026-12-05T04:21:45Z cert-manager: certificate renewed"]
    assert chronology.worked_out(duration, lines, line) is held


TIMES = "\n".join([
    "2026-12-05T04:00:00Z ingress-nginx: serving certificate checkout-tls expired",
    "2026-12-05T04:21:45Z cert-manager: Certificate checkout-tls renewed",
    "2026-12-05T06:02:15Z ceph-sh-2: osd.37 状态 down",
    "2026-12-05T06:26:12Z ceph-sh-2: osd.37 状态 up",
    "2026-12-05T06:40:07Z ceph-sh-2: 使用率 71%"])
BETWEEN = {
    "en-from-until": "checkout-tls was expired for about 21 minutes, from 04:00 until cert-manager renewed it at 04:21",
    "zh-hedge-before-passed": "ceph-sh-2 的 osd.37 在 06:02 状态 down，大约过了 24 分钟，06:26 osd.37 状态 up",
}
NOT_BETWEEN = {
    "en-other-interval": ("checkout-tls was expired for about 30 minutes, from 04:00 until cert-manager renewed it "
                          "at 04:21", "30 minutes"),
    "en-other-actor": ("checkout-tls was expired for about 21 minutes, from 04:00 until kube-lego renewed it at 04:21",
                       "kube-lego"),
    "zh-other-interval": ("ceph-sh-2 的 osd.37 在 06:02 状态 down，大约过了 40 分钟，06:26 osd.37 状态 up", "40 分钟"),
    "en-until-a-bare-time": ("checkout-tls was expired until 06:40", "until 06:40"),  # 06:40 is another line's
    "zh-to-a-bare-time": ("ceph-sh-2 的 osd.37 从 06:02 down 到 06:40", "到 06:40"),
}


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", BETWEEN.values(), ids=BETWEEN.keys())
def test_an_interval_between_two_times_the_line_writes_is_a_confirmed_finding(text: str, verifier: str) -> None:
    a = session_on(TIMES, text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize(("text", "needle"), NOT_BETWEEN.values(), ids=NOT_BETWEEN.keys())
def test_an_interval_the_times_do_not_give_between_two_lines_is_not_read_as_fact(text: str, needle: str,
                                                                                 verifier: str) -> None:
    a = session_on(TIMES, text, verifier)
    assert a.verdict != "PASS" and not read_as_fact(needle, a.final_answer), a.final_answer


def test_the_minutes_of_a_time_before_a_name_are_no_quantity() -> None:
    """``04:19 s.patel`` is a time and a name, not ``19 s``: a value the evidence holds is not struck
    out as a quantity it lacks; a number of seconds is still one."""
    assert [e for e in entities.extract("At 04:19 s.patel attached policy cm-dns01-route53")
            if e.kind == "quantity"] == []
    assert [(e.value, e.unit) for e in entities.extract("s.patel waited 19 s before 04:19")
            if e.kind == "quantity"] == [("19", "s")]
