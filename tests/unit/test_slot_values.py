"""Slots of closed classes (app/domain/slots.py): a line that gives another severity ("critical" for
"warning", 严重 for 警告), the other direction of a version change ("upgraded" for "rolled back",
升级 for 回滚) or of a quantity ("fell" for "rose", 上升 for 下降) than its evidence line is not
traced to it, and is not read as fact with the offline engine, a trusting Verifier or a lying
Composer. Each with its honest twins: the same value in other words (reverted, downgraded, 回退,
climbed, 降至), and a line giving a value where its item gives none is not judged here. The state
of a ticket, an incident or an alert likewise ("closed" for "escalated", 已关闭 for 已升级到二线,
"resolved" for "firing"), with its twins: fired for firing, 尚未关闭 for 仍未关闭 (a state said "not
closed" is open), and 升级 of a version, which is no state; and the outcome of a job ("failed" for
"completed", 执行成功 for 执行超时), with its twins (finished for completed; 成功率 is no outcome)."""

from __future__ import annotations

import pytest

from app.domain import alignment, provenance, slots
from tests.unit.rule_cases import RuleCases, session_on

EN = "\n".join([
    "2026-12-03T04:10:00Z alertmanager: alert DiskFillingUp firing for ledger-db in eu-west-1, disk 91%, severity warning",
    "2026-12-03T04:15:00Z helm: release payments-api rolled back from 5.2.0 to 5.1.4 by ci-bot",
    "2026-12-03T04:20:00Z grafana: queue depth of topic refunds rose to 8400 messages",
    "2026-12-03T04:22:00Z nginx web-7: 2210 requests served in 60 s",
    "2026-12-03T06:00:00Z pagerduty: incident INC-5521 for payments-api escalated to the database on-call by j.ito",
    "2026-12-03T06:02:00Z alertmanager: alert QueueBacklogHigh firing for topic invoices, 5100 messages",
    "2026-12-03T06:05:00Z jira: ticket OPS-3310 for ledger-db disk cleanup resolved by a.khan",
    "2026-12-03T06:10:00Z cron backup-ledger: snapshot snap-0412 of ledger-db completed, 212 GB in 31 min"])
ZH = "\n".join([
    "2026-12-03T05:00:00Z 告警平台: 主机 db-node-7 磁盘使用率 92%，级别 警告",
    "2026-12-03T05:05:00Z 发布系统: order-svc 从 3.2.0 回滚到 3.1.9",
    "2026-12-03T05:10:00Z 监控: order-svc 接口 /v1/order 成功率下降到 95.2%",
    "2026-12-04T01:22:30Z 值班系统: 故障单 INC-7745 已升级到二线，负责人 chen.yu",
    "2026-12-04T01:25:00Z 告警平台: 告警 磁盘水位过高 在 es-log-gz 上触发，磁盘 86%",
    "2026-12-04T01:30:00Z 工单系统: 工单 OPS-812 仍未关闭，处理人 zhao.min",
    "2026-12-04T01:12:08Z 调度中心: 定时任务 route-plan 第 3 次执行超时，实际耗时 742 秒"])

OTHER = {
    "en-severity": ("alertmanager: alert DiskFillingUp firing for ledger-db in eu-west-1, disk 91%, severity critical",
                    "critical"),
    "en-severity-prose": ("DiskFillingUp fired for ledger-db in eu-west-1 as a critical alert", "critical"),
    "en-severity-lower": ("The DiskFillingUp alert for ledger-db in eu-west-1 was only informational", "informational"),
    "en-upgraded": ("ci-bot upgraded payments-api to 5.1.4", "upgraded"),
    "en-upgrade-quoted": ("helm: release payments-api upgraded from 5.2.0 to 5.1.4 by ci-bot", "upgraded"),
    "en-fell": ("The queue depth of topic refunds fell to 8400 messages", "fell"),
    "en-decreased": ("grafana: queue depth of topic refunds decreased to 8400 messages", "decreased"),
    "zh-severity": ("主机 db-node-7 磁盘使用率 92%，级别 严重", "严重"),
    "zh-severity-prose": ("db-node-7 磁盘使用率 92% 触发了紧急告警", "紧急"),
    "zh-upgraded": ("发布系统: order-svc 从 3.2.0 升级到 3.1.9", "升级"),
    "zh-rose": ("order-svc 接口 /v1/order 成功率上升到 95.2%", "上升"),
    "zh-increased": ("监控: order-svc 接口 /v1/order 成功率增加到 95.2%", "增加"),
    "en-closed-for-escalated": ("pagerduty: incident INC-5521 for payments-api closed by j.ito", "closed"),
    "en-resolved-for-escalated": ("Incident INC-5521 for payments-api was resolved by j.ito", "resolved"),
    "en-resolved-for-firing": ("alertmanager: alert QueueBacklogHigh resolved for topic invoices, 5100 messages",
                               "resolved for"),
    "en-reopened-for-resolved": ("jira: ticket OPS-3310 for ledger-db disk cleanup reopened by a.khan", "reopened"),
    "zh-closed-for-escalated": ("值班系统: 故障单 INC-7745 已关闭，负责人 chen.yu", "已关闭"),
    "zh-resolved-for-firing": ("告警 磁盘水位过高 在 es-log-gz 上已恢复，磁盘 86%", "已恢复"),
    "zh-closed-for-open": ("工单系统: 工单 OPS-812 已关闭，处理人 zhao.min", "已关闭"),
    "en-failed-for-completed": ("cron backup-ledger: snapshot snap-0412 of ledger-db failed, 212 GB in 31 min",
                                "failed"),
    "zh-succeeded-for-timeout": ("调度中心: 定时任务 route-plan 第 3 次执行成功，实际耗时 742 秒", "执行成功"),
    "zh-done-for-timeout": ("定时任务 route-plan 第 3 次执行完成，耗时 742 秒", "执行完成"),
}
SAME = {
    "en-severity": "ledger-db's DiskFillingUp alert in eu-west-1 fired with severity warning",
    "en-rolled-back": "ci-bot rolled payments-api back from 5.2.0 to 5.1.4",
    "en-reverted": "helm: release payments-api reverted from 5.2.0 to 5.1.4 by ci-bot",
    "en-downgraded": "helm: release payments-api downgraded from 5.2.0 to 5.1.4 by ci-bot",
    "en-increased": "The queue depth of topic refunds increased to 8400 messages",
    "en-climbed": "grafana: queue depth of topic refunds climbed to 8400 messages",
    "zh-severity": "主机 db-node-7 磁盘使用率 92%，级别为警告",
    "zh-rolled-back": "发布系统: order-svc 从 3.2.0 回退到 3.1.9",
    "zh-fell": "监控: order-svc 接口 /v1/order 成功率降至 95.2%",
    "en-escalated": "INC-5521 for payments-api was escalated to the database on-call by j.ito",
    "en-fired": "alertmanager: alert QueueBacklogHigh fired for topic invoices, 5100 messages",
    "en-resolved": "a.khan resolved ticket OPS-3310 for ledger-db disk cleanup",
    "zh-escalated": "值班系统把故障单 INC-7745 升级到了二线，负责人是 chen.yu",
    "zh-firing": "告警 磁盘水位过高 在 es-log-gz 上被触发，磁盘 86%",
    "zh-not-closed": "工单 OPS-812 尚未关闭，处理人 zhao.min",
    "en-finished": "The backup-ledger snapshot snap-0412 of ledger-db finished: 212 GB in 31 min",
    "zh-timed-out": "定时任务 route-plan 第 3 次执行超时，耗时 742 秒",
}


def _log(text: str) -> str:
    return ZH if any("\u4e00" <= ch <= "\u9fff" for ch in text) else EN


@pytest.mark.parametrize(("line", "item", "other"), [
    ("severity critical", "severity warning", "severity"),
    ("级别 严重", "级别 警告", "severity"),
    ("upgraded to 5.1.4", "rolled back to 5.1.4", "version change"),
    ("rolled it back to 5.1.4", "upgraded to 5.1.4", "version change"),
    ("回滚到 3.1.9", "升级到 3.1.9", "version change"),
    ("rose to 8400", "dropped to 8400", "quantity change"),
    ("成功率下降到 95%", "成功率上升到 95%", "quantity change"),
    ("severity warning", "severity warning", None),
    ("reverted to 5.1.4", "rolled back to 5.1.4", None),
    ("is rising", "rose to 8400", None),
    ("rose to 91%", "disk 91%", None),  # the item gives no direction: not judged here
    ("severity critical", "severity warning, escalated to critical", None),  # the item gives both
    ("the warning light", "a critical path", "severity"),
    ("ticket OPS-1 closed", "ticket OPS-1 escalated to tier 2", "ticket state"),
    ("alert X resolved", "alert X firing", "ticket state"),
    ("alert X has not been resolved", "alert X resolved", "ticket state"),  # not resolved: open
    ("故障单 INC-1 现已关闭", "故障单 INC-1 已升级到二线", "ticket state"),
    ("工单 OPS-1 已关闭", "工单 OPS-1 未关闭", "ticket state"),
    ("alert X is still firing", "alert X fired", None),
    ("工单 OPS-1 还没有关闭", "工单 OPS-1 未关闭", None),  # 没有关闭 is no 关闭
    ("the connection closed", "search-api 3.1 opened 40 connections", None),  # the item names no ticket
    ("工单 CHG-9 已关闭", "工单 CHG-9: order-svc 从 3.1.9 升级到 3.2.0", None),  # 升级 of a version is no state
    ("incident INC-1 resolved", "incident INC-1 escalated, then resolved", None),  # the item gives both
    ("the backup job completed", "backup job failed with exit 1", "job state"),
    ("构建 12 成功率 95%", "构建 12 失败", None),  # 成功率 is a rate, no outcome
    ("3 succeeded checks", "haproxy: 3 failed checks", "outcome"),  # no job: any event's outcome still is one
    ("3 checks went fine", "haproxy: 3 failed checks", None),  # no word of the class: not judged here
], ids=["en-severity", "zh-severity", "en-up-for-back", "en-back-for-up", "zh-back-for-up", "en-up-for-down",
        "zh-down-for-up", "same", "synonym", "inflection", "item-silent", "item-both", "class-not-phrase",
        "en-state", "en-alert-state", "en-state-negated", "zh-state", "zh-state-negated-item", "state-inflection",
        "zh-state-negated-line", "state-no-ticket", "state-version-upgrade", "state-item-both",
        "job-state", "zh-job-rate", "outcome-no-job", "outcome-unsaid"])
def test_a_value_of_a_closed_class_is_the_items_or_none(line: str, item: str, other: str | None) -> None:
    assert slots.other_value(line, item) == other


@pytest.mark.parametrize(("text", "needle"), OTHER.values(), ids=OTHER.keys())
def test_another_value_of_the_slot_is_not_traced(text: str, needle: str) -> None:
    items = provenance.Items(_log(text).splitlines())
    assert items.untraced(text) is not None, needle


OTHER_CASES = RuleCases(_log, OTHER, SAME)

test_the_same_value_in_other_words_is_traced = OTHER_CASES.honest_traced()
test_a_claim_giving_another_value_is_not_read_as_fact = OTHER_CASES.lies_not_read_as_fact()
test_the_honest_twin_is_a_confirmed_finding = OTHER_CASES.honest_confirmed()
test_a_composer_sentence_giving_another_value_is_refused = OTHER_CASES.composer_sentences({
    "en-severity": (SAME["en-severity"], "The DiskFillingUp alert on ledger-db in eu-west-1 was critical.", False),
    "en-direction": (SAME["en-rolled-back"], "ci-bot upgraded payments-api to 5.1.4.", False),
    "zh-direction": (SAME["zh-fell"], "order-svc 接口 /v1/order 成功率上升到 95.2%。", False),
    "en-honest": (SAME["en-rolled-back"], "ci-bot reverted payments-api to 5.1.4.", True),
    "zh-honest": (SAME["zh-fell"], "order-svc 接口 /v1/order 成功率下降到 95.2%。", True),
    "zh-state": (SAME["zh-escalated"], "故障单 INC-7745 现已关闭。", False),
    "en-state": (SAME["en-escalated"], "Incident INC-5521 is now closed.", False),
    "en-alert-state": (SAME["en-fired"], "The QueueBacklogHigh alert for topic invoices has since resolved.", False),
    "zh-state-honest": (SAME["zh-escalated"], "故障单 INC-7745 已升级到二线。", True),
    "en-state-honest": (SAME["en-escalated"], "Incident INC-5521 was escalated.", True),
})


# a word borrowed from another line, put in the place of the item's own ------------------------------

PODS = "\n".join([
    "2026-12-03T08:00:00Z kubelet node-a1: container fetcher in pod crawl-7b9c restarted 3 times, last state OOMKilled",
    "2026-12-03T08:01:00Z sidecar proxy in pod crawl-7b9c: 210 requests returned 502 in 30 s",
    "2026-12-03T08:02:00Z kernel node-a1: Out of memory: Killed process 4411 (python) total-vm:812345kB"])
ZH_PODS = "\n".join([
    "2026-12-03T09:00:00Z k8s 节点 node-b2: 订单容器内存不足被杀死 5 次",
    "2026-12-03T09:01:00Z 网关日志: 支付容器返回 502 共 88 次"])
BORROWED = {
    "en-container": ("kubelet node-a1: container proxy in pod crawl-7b9c restarted 3 times, last state OOMKilled",
                     "container proxy"),
    "en-process": ("kernel node-a1: Out of memory: Killed process 4411 (proxy)", "(proxy)"),
    "en-process-prose": ("On node-a1 the kernel killed process 4411 (proxy) for lack of memory", "(proxy)"),
    "zh-container": ("k8s 节点 node-b2: 支付容器内存不足被杀死 5 次", "支付容器内存"),
    "zh-container-head": ("支付容器内存不足被杀死 5 次", "支付容器内存"),
}
OWN = {
    "en-container": "kubelet node-a1: container fetcher in pod crawl-7b9c crashed 3 times, last state OOMKilled",
    "en-process": "kernel node-a1: Out of memory: Killed process 4411 (python)",
    "en-other-line": "sidecar proxy in pod crawl-7b9c: 210 requests got 502 in 30 s",
    "zh-container": "node-b2 上的订单容器内存不足被杀死 5 次",
}


def _pods(text: str) -> str:
    return ZH_PODS if any("\u4e00" <= ch <= "\u9fff" for ch in text) else PODS


def test_a_word_in_a_bound_place_is_paired_with_the_items() -> None:
    assert ("proxy", "fetcher") in alignment.placed(BORROWED["en-container"][0], PODS.splitlines()[0])
    assert slots.borrowed(BORROWED["en-process"][0], PODS.splitlines()[2], [PODS.splitlines()[1]]) == "proxy"
    assert slots.borrowed(BORROWED["en-process"][0], PODS.splitlines()[2], []) is None  # held by no other item
    assert slots.borrowed("If the disk is full", "monitor: the disk is full", ["runbook: if it is full"]) is None  # a function word


BORROWED_CASES = RuleCases(_pods, BORROWED, OWN)

test_a_word_borrowed_from_another_line_is_not_traced = BORROWED_CASES.lies_untraced()
test_a_word_of_no_other_line_in_the_place_is_traced = BORROWED_CASES.honest_traced()
test_a_claim_borrowing_a_word_is_not_read_as_fact = BORROWED_CASES.lies_not_read_as_fact()
test_a_claim_in_its_own_words_is_a_confirmed_finding = BORROWED_CASES.honest_confirmed()


@pytest.mark.parametrize(("lie", "taken"), [
    ("The kernel on node-a1 killed process 4411 (proxy).", False),
    ("The kernel on node-a1 killed process 4411 (python).", True)], ids=["borrowed", "own"])
def test_a_composer_sentence_borrowing_a_word_is_refused(lie: str, taken: bool) -> None:
    a = session_on(PODS, OWN["en-process"], lie=lie)
    assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)
