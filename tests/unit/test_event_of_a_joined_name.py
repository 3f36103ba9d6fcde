"""A name told with the event another item gives a name its own item joins to it
(``app.domain.bridged``): one line joins a job to its DAG, another tells the DAG's SLA miss; "run_X
did not miss its SLA" or "run_X missed its SLA on <the previous run's date>" holds its name and
most of its words in the first line, which tells no miss, and says of the miss what the second
does not. Read there with the DAG in place of the job, an honest line is held ("run_X missed its
SLA"). A member of a list beside its siblings is another thing, not the same thing's other name:
"换掉 node-a2" read as a sibling is no lie. With the rule off, the lies are traced to the joining line."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-07T01:00:00Z airflow: DAG billing_close submitted job run_88231 to queue batch, SLA deadline 04:00; "
    "previous run (2026-10-06) took 2h 10m",
    "2026-10-07T04:00:00Z airflow: SLA miss for DAG billing_close (task settle still running); paged on-call p.ito"])
ZH = "\n".join([
    "2026-10-08 01:00:00 调度器：任务流 fin_close 提交作业 job_5521 到队列 batch，SLA 截止 04:00；"
    "上次运行（2026-10-07）耗时 2 小时",
    "2026-10-08 04:00:00 调度器：任务流 fin_close SLA 超时未完成，通知值班 王磊",
    "2026-10-08 05:40:00 调度日志：孙浩 提交作业 run-77，使用 node-a1、node-a2、node-a3",
    "2026-10-08 07:20:00 运维日志：孙浩 换用 node-a1、node-a3、node-a4，重启作业 run-77"])

LIES = {
    "en-denied": ("run_88231 did not miss its SLA", "did not miss"),
    "en-never": ("Job run_88231 never missed its SLA", "never missed"),
    "en-other-date": ("run_88231 missed its SLA on 2026-10-06", "on 2026-10-06"),
    "zh-other-date": ("job_5521 在 2026-10-07 SLA 超时", "2026-10-07 SLA 超时"),
}
HONEST = {
    "en-missed": "run_88231 missed its SLA",
    "en-dag": "billing_close missed its SLA",
    "en-submitted": "run_88231 was submitted to queue batch",
    "zh-at-its-time": "job_5521 在 04:00 SLA 超时",
    "zh-dag": "fin_close SLA 超时未完成",
    "zh-member-of-a-list": "孙浩 换掉 node-a2，改用 node-a4",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_event_of_a_joined_name_told_otherwise_is_not_traced = CASES.lies_untraced()
test_an_event_of_a_joined_name_told_otherwise_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_event_of_a_joined_name_as_told_is_traced = CASES.honest_traced()
test_an_event_of_a_joined_name_as_told_is_a_finding = CASES.honest_confirmed()
