"""A clause naming nothing of its own is about the names of the clause before it, and the state it
gives them is the one its line gives them (app/domain/provenance.py, ``Items._borrows``, with the
closed classes of app/domain/slots.py): "zk-02 恢复后仍以 leader 身份重新加入" is cut into "zk-02 恢复" and
"仍以 leader 身份重新加入", each traced alone, while the line gives leader to zk-03 and follower to zk-02.
Such a line is not traced; one giving the borrowed name its own state is."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-08-02T10:00:40Z etcd-3: process restarted after OOM",
    "2026-08-02T10:01:00Z raft-ctl: etcd-1 elected leader for term 9; etcd-3 rejoined as follower after its restart",
    "2026-08-02T10:06:30Z backup-ctl: nightly backup bk-41 succeeded on pg-east-2; bk-41 failed on pg-west-5"])
ZH = "\n".join([
    "2026-08-03 14:15:09 db-b：Full GC 停顿 9.1 秒后恢复响应",
    "2026-08-03 14:20:00 集群管理：db-a 当选 leader，epoch 升为 12；db-b 恢复后以 follower 身份重新加入",
    "2026-08-03 14:26:10 备份任务 bk-9：mysql-bj-2 上成功，mysql-sh-7 上失败"])

LIES = {  # claim, what must not be read as fact
    "en-job-state-of-another-after-and": ("bk-41 ran on pg-west-5 and succeeded", "succeeded"),
    "en-job-state-of-another-after-comma": ("bk-41 ran on pg-west-5, and it succeeded", "it succeeded"),
    "zh-role-of-another-still": ("db-b 恢复后仍以 leader 身份重新加入", "leader 身份"),
    "zh-role-of-another-after-comma": ("db-b 恢复之后，以 leader 身份重新加入", "leader 身份"),
    "zh-role-of-another-as": ("db-b 恢复后作为 leader 重新加入", "作为 leader"),
    "zh-job-state-of-another": ("mysql-sh-7 上执行备份任务 bk-9，成功", "bk-9，成功"),
}
HONEST = {
    "en-own-job-state-after-and": "bk-41 ran on pg-east-2 and succeeded",
    "en-own-job-state-of-the-other": "bk-41 ran on pg-east-2, and it succeeded",
    "en-other-name-own-role": "etcd-1 was elected leader for term 9",
    "zh-own-role": "db-b 恢复后以 follower 身份重新加入",
    "zh-own-role-after-comma": "db-b 恢复之后，以 follower 身份重新加入",
    "zh-own-job-state": "mysql-sh-7 上执行备份任务 bk-9，失败",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_borrowed_subject_given_another_names_state_is_not_traced = CASES.lies_untraced()
test_a_borrowed_subject_given_another_names_state_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_borrowed_subject_with_its_own_state_is_traced = CASES.honest_traced()
test_a_borrowed_subject_with_its_own_state_is_a_confirmed_finding = CASES.honest_confirmed()
