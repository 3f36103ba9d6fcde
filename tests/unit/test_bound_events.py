"""Each clause is one event (app/domain/binding.py, slots.py): a claim made of words and values the
evidence holds, put on another event, is not read as fact with the offline engine or a trusting
Verifier, and a Composer sentence doing it is refused; honest twins joining the same lines
correctly (each clause with its own time, an order word, two series) are confirmed findings.

- a time that dates a line dates its clauses: a value of 07:05 said at 07:20 is another event's;
- two readings of one series (one writer, two times) merged with no time to tell them apart;
- a denied attempt ("did not attempt to renew") against a line reporting the event, failing;
- a state or an outcome the item does not give ("has been resolved" of a triggered alert,
  "failed" of a check that succeeded), or a named thing's state taken from another thing's line."""

from __future__ import annotations

import pytest

from app.domain import binding, provenance, slots
from tests.unit.rule_cases import RuleCases, read_as_fact, session_on

EN = "\n".join([
    "2026-12-04T09:00:05Z cert-manager: Certificate api-tls in namespace edge renewal failed, HTTP-01 challenge timed out",
    "2026-12-04T09:10:00Z ingress-nginx edge-1: serving certificate api-tls expired",
    "2026-12-04T09:12:30Z uptime-probe probe-fra: HTTPS check of api.example.org failed 6 of 6 attempts",
    "2026-12-04T09:14:02Z opsgenie: alert OG-4410 opened for service api, assigned to r.kim",
    "2026-12-04T09:20:00Z opsgenie: alert OG-4415 for service api assigned to j.diaz",
    "2026-12-04T09:31:40Z cert-manager: Certificate api-tls renewed",
    "2026-12-04T09:33:10Z uptime-probe probe-fra: HTTPS check of api.example.org succeeded 6 of 6 attempts, "
    "p95 latency 240 ms",
    "2026-12-04T09:35:00Z uptime-probe probe-sin: HTTPS check of api.example.org succeeded 6 of 6 attempts, "
    "p95 latency 410 ms",
    "2026-12-04T09:40:00Z opsgenie: alert OG-4398 resolved for service web"])
ZH = "\n".join([
    "2026-12-04T07:02:11Z ceph 集群 ceph-bj-1: osd.12（主机 bj-stor-03）状态 down，原因 磁盘 /dev/sdc 读取错误",
    "2026-12-04T07:05:20Z 对象网关 rgw-bj-2: PUT 请求 p99 耗时 3.1 秒，过去 5 分钟 5xx 共 412 次",
    "2026-12-04T07:09:00Z 证书管理: 证书 s3-tls 续期失败",
    "2026-12-04T07:20:45Z ceph 集群 ceph-bj-1: degraded PG 降到 64 个",
    "2026-12-04T07:28:30Z 对象网关 rgw-bj-2: PUT 请求 p99 耗时 0.5 秒，过去 5 分钟 5xx 共 9 次",
    "2026-12-04T07:30:00Z 告警平台: 告警 ALM-2231 已触发，负责人 zhou.li",
    "2026-12-04T07:35:00Z 告警平台: 告警 ALM-2240 负责人 wu.fan",
    "2026-12-04T07:45:00Z 告警平台: 告警 ALM-2219 已关闭"])

UNBOUND = {  # the claim, and what must not be read as fact
    "en-time-opens": ("At 09:31 cert-manager renewed api-tls, and probe-fra HTTPS check of api.example.org failed "
                      "6 of 6 attempts", "failed 6 of 6 attempts"),
    "zh-time-when": ("07:20 degraded PG 降到 64 个时，rgw-bj-2 过去 5 分钟 5xx 仍有 412 次", "5xx 仍有 412 次"),
    "en-series": ("probe-fra HTTPS check of api.example.org failed 6 of 6 attempts, p95 latency 240 ms",
                  "p95 latency 240 ms"),
    "zh-series": ("rgw-bj-2 的 PUT 请求 p99 耗时 0.5 秒，过去 5 分钟 5xx 共 412 次", "5xx 共 412 次"),
    "en-attempt": ("cert-manager did not attempt to renew api-tls before it expired", "did not attempt to renew"),
    "en-tried": ("cert-manager did not try to renew certificate api-tls", "did not try to renew"),
    "zh-attempt": ("证书管理没有尝试续期证书 s3-tls", "没有尝试续期"),
    "en-even-tried": ("cert-manager never even tried renewing certificate api-tls", "never even tried renewing"),
    "en-state": ("opsgenie alert OG-4410 for service api has been resolved", "has been resolved"),
    "en-state-elsewhere": ("opsgenie alert OG-4415 for service api, assigned to j.diaz, was resolved", "was resolved"),
    "zh-state-elsewhere": ("告警 ALM-2240 已关闭，负责人 wu.fan", "已关闭"),
    "en-outcome": ("probe-fra HTTPS check of api.example.org failed 6 of 6 attempts at a p95 latency of 240 ms",
                   "failed 6 of 6 attempts at a p95 latency"),
    "zh-outcome": ("证书 s3-tls 续期成功", "续期成功"),
}
BOUND = {
    "en-each-its-time": "probe-fra HTTPS check of api.example.org failed 6 of 6 attempts at 09:12, and succeeded "
                        "6 of 6 attempts at 09:33",
    "en-time-opens": "At 09:31 cert-manager renewed api-tls, and at 09:33 probe-fra HTTPS check of api.example.org "
                     "succeeded 6 of 6 attempts",
    "zh-each-its-time": "07:05 rgw-bj-2 过去 5 分钟 5xx 共 412 次，07:20 ceph-bj-1 的 degraded PG 降到 64 个",
    "en-one-reading": "At 09:33 probe-fra HTTPS check of api.example.org succeeded 6 of 6 attempts with a p95 latency "
                      "of 240 ms",
    "zh-one-reading": "rgw-bj-2 的 PUT 请求 p99 耗时 0.5 秒，过去 5 分钟 5xx 共 9 次",
    "en-two-series": "probe-fra HTTPS check of api.example.org had a p95 latency of 240 ms, and probe-sin 410 ms",
    "en-renewal-failed": "cert-manager renewal of api-tls failed, HTTP-01 challenge timed out",
    "zh-renewal-failed": "证书 s3-tls 续期失败",
    "en-state": "opsgenie opened alert OG-4410 for service api, assigned to r.kim",
    "en-no-state": "opsgenie alert OG-4415 for service api was assigned to j.diaz",
    "zh-no-state": "告警 ALM-2240 的负责人是 wu.fan",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


CASES = RuleCases(_log, UNBOUND, BOUND)

test_a_clause_put_on_another_event_is_not_traced = CASES.lies_untraced()
test_each_clause_on_its_own_event_is_traced = CASES.honest_traced()
test_a_claim_put_on_another_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_on_its_own_events_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_put_on_another_event_is_refused = CASES.composer_sentences({
    "en-series": (BOUND["en-one-reading"], "probe-fra HTTPS check of api.example.org failed 6 of 6 attempts, p95 latency 240 ms.",
     False),
    "en-series-honest": (BOUND["en-one-reading"], "probe-fra HTTPS check of api.example.org succeeded 6 of 6 attempts, p95 latency 240 ms.",
     True),
    "zh-series": (BOUND["zh-one-reading"], "rgw-bj-2 的 PUT 请求 p99 耗时 0.5 秒，过去 5 分钟 5xx 共 412 次。", False),
    "zh-series-honest": (BOUND["zh-one-reading"], "rgw-bj-2 的 PUT 请求 p99 耗时 0.5 秒，过去 5 分钟 5xx 共 9 次。", True),
    "en-state": (BOUND["en-state"], "Alert OG-4410 for service api has been resolved.", False),
    "en-attempt": (BOUND["en-renewal-failed"], "cert-manager did not attempt to renew api-tls.", False),
})


def _at(log: str, clock: str) -> str:
    return next(ln for ln in log.splitlines() if f"T{clock}" in ln)


@pytest.mark.parametrize(("a", "b", "one"), [
    (_at(EN, "09:12"), _at(EN, "09:33"), True),  # probe-fra at 09:12 and 09:33
    (_at(EN, "09:33"), _at(EN, "09:35"), False),  # probe-fra and probe-sin: two series
    (_at(EN, "09:00"), _at(EN, "09:10"), False),  # two writers
    (_at(ZH, "07:05"), _at(ZH, "07:28"), True),
    (_at(ZH, "07:02"), _at(ZH, "07:20"), False)])  # one writer, two reports
def test_two_readings_of_one_series_are_one_writer_at_two_times_on_one_subject(a: str, b: str, one: bool) -> None:
    assert binding.readings(a, b) is one


@pytest.mark.parametrize(("line", "source", "denied"), [
    ("cert-manager did not attempt to renew api-tls", "cert-manager: api-tls renewal failed", True),
    ("cert-manager never tried to renew api-tls", "cert-manager: api-tls renewed", True),
    ("证书管理没有尝试续期", "证书管理: 证书 s3-tls 续期失败", True),
    ("cert-manager never even tried renewing api-tls", "cert-manager: api-tls renewal failed", True),
    ("cert-manager did not say it would attempt a renewal", "cert-manager: api-tls renewal failed", False),
    ("cert-manager did not renew api-tls", "cert-manager: api-tls renewal failed", False),  # not done: true
    ("cert-manager did not attempt to renew api-tls", "ingress-nginx: api-tls expired", False)])
def test_a_denied_attempt_is_contradicted_by_the_event_done_or_failing(line: str, source: str, denied: bool) -> None:
    assert binding.denies_attempt(line, source) is denied


@pytest.mark.parametrize(("line", "item", "other"), [
    ("alert OG-4410 has been resolved", "alert OG-4410 opened", "ticket state"),
    ("alert OG-4410 has not been resolved", "alert OG-4410 opened", None),
    ("alert OG-4410 hasn't yet been resolved", "alert OG-4410 resolved", "ticket state"),
    ("the check failed 6 of 6", "check succeeded 6 of 6", "outcome"),
    ("orders-db failed over to eu-west-1b", "orders-db succeeded in failing over", None)])
def test_a_state_is_read_with_its_negator_whatever_stands_between(line: str, item: str, other: str | None) -> None:
    assert slots.other_value(line, item) == other


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("text", [UNBOUND["en-attempt"][0], UNBOUND["en-tried"][0], UNBOUND["zh-attempt"][0]],
                         ids=["en-attempt", "en-tried", "zh-attempt"])
def test_a_denied_attempt_is_contradicted_by_the_event_reported(text: str, verifier: str) -> None:
    """The Gatekeeper reads it against the line it restates: REJECT, and the answer says the evidence
    contradicts it (not merely that nothing confirms it)."""
    a = session_on(_log(text), text, verifier)
    assert a.verdict == "REJECT" and ("contradicts" in a.final_answer or "相矛盾" in a.final_answer), a.final_answer


@pytest.mark.parametrize(("line", "clauses", "stray"), [
    ("07:20 PG 降到 64 个时，5xx 仍有 412 次", ["07:20 PG 降到 64 个时", "5xx 仍有 412 次"], "5xx 仍有 412 次"),
    ("07:02 到 07:20 之间，osd.12 down，PG 降到 64 个", ["07:02 到 07:20 之间", "osd.12 down", "PG 降到 64 个"], None),
    ("07:20 PG 降到 64 个，之后 5xx 有 412 次", ["07:20 PG 降到 64 个", "5xx 有 412 次"], None)],
    ids=["when", "span", "order-word"])
def test_a_time_dates_the_clauses_after_it_unless_a_span_or_a_word_of_order(line: str, clauses: list[str],
                                                                             stray: str | None) -> None:
    """Items: the 07:02, 07:05 and 07:20 lines; ``held``, the items each clause is traced to."""
    items = [_at(ZH, "07:02"), _at(ZH, "07:05"), _at(ZH, "07:20")]
    held = {2: [(2,), (1,)], 3: [(), (0,), (2,)]}[len(clauses)]
    assert binding.misdated(line, clauses, held, items) == stray


POOL = "\n".join([
    "2026-12-04T10:00:00Z pgbouncer pgb-7: 0 of 40 server connections available, 96 clients waiting",
    "2026-12-04T10:05:00Z terraform: apply by m.reyes restored the port 5432 ingress rule on sg-0c1",
    "2026-12-04T10:06:00Z pgbouncer pgb-7: 40 of 40 server connections available, wait queue empty"])


@pytest.mark.parametrize(("text", "traced"), [
    ("After m.reyes restored the port 5432 ingress rule on sg-0c1, pgb-7 reported 40 of 40 server connections "
     "available", True),
    ("Before m.reyes restored the port 5432 ingress rule on sg-0c1, pgb-7 reported 40 of 40 server connections "
     "available", False),
    ("pgb-7 reported 40 of 40 server connections available and 96 clients waiting", False)],
    ids=["in-order", "other-order", "two-readings"])
def test_a_value_said_twice_is_two_values_of_one_line(text: str, traced: bool) -> None:
    """"40 of 40" is not "0 of 40": the clause is the 10:06 line's, whose time puts it after the
    restore (a side held by several lines is in order if one of them is)."""
    assert (provenance.Items(POOL.splitlines()).untraced(text) is None) is traced


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
def test_a_claim_ordered_by_the_line_its_values_are_is_a_confirmed_finding(verifier: str) -> None:
    text = ("After m.reyes restored the port 5432 ingress rule on sg-0c1, pgb-7 reported 40 of 40 server "
            "connections available")
    a = session_on(POOL, text, verifier)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


def test_a_number_given_twice_must_be_given_twice() -> None:
    assert not binding.repeats_held("40 of 40 available", "0 of 40 available")
    assert binding.repeats_held("40 of 40 available", "40 of 40 available")
    assert binding.repeats_held("12 of 12 attempts at 1.2 GB", "12 of 12, 1.2 GB")  # said once: held once
    assert binding.repeats_held("累计处理 250,000,000 条消息", "累计处理 2.5 亿条消息")  # one number, written whole
