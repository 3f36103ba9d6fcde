"""A failure denied where its item shows it without a word of failure (app/domain/failure_signs.py,
read by app/domain/denied_failure.py): "vault-init on web-5d8f-x2k did not fail" of "web-5d8f-x2k
Init:CrashLoopBackOff (vault-init exit code 1)". The item shows the failure by a state whose name
tells it, a nonzero exit code, an error level or a restart count above zero; a denial of a failure,
a crash or a restart of its name is not traced to it, in English and Chinese. A denial the item
holds (exit code 0, restarts 0) and a failure told are traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-04-02T09:10:00Z kubelet node-3: web-5d8f-x2k Init:CrashLoopBackOff (vault-init exit code 1)\n"
      "2026-04-02T09:11:00Z cron cron-2: job db-dump exited with exit code 2 after 41 s\n"
      "2026-04-02T09:11:30Z cron cron-3: job db-dump exited with exit code 0 after 38 s\n"
      "2026-04-02T09:12:03Z billing-worker bw-4 FATAL payment gateway 10.2.0.7:443 connection reset\n"
      "2026-04-02T09:13:00Z kubelet node-5: pod api-7c9-q4 Running, ready 1/1, restarts: 4\n"
      "2026-04-02T09:13:00Z kubelet node-6: pod api-7c9-q5 Running, ready 1/1, restarts: 0")
ZH = ("2026-04-02 09:10:00 kubelet node-3：web-5d8f-x2k 状态 Init:CrashLoopBackOff（vault-init 退出码 1）\n"
      "2026-04-02 09:11:00 cron cron-2：任务 db-dump 退出，退出码 2，耗时 41 秒\n"
      "2026-04-02 09:11:30 cron cron-3：任务 db-dump 退出，退出码 0，耗时 38 秒\n"
      "2026-04-02 09:13:00 kubelet node-5：pod api-7c9-q4 运行中，已重启 4 次\n"
      "2026-04-02 09:13:00 kubelet node-6：pod api-7c9-q5 运行中，重启 0 次")

LIES = {  # claim, what must not be read as fact
    "en-state": ("vault-init on web-5d8f-x2k did not fail", "did not fail"),
    "en-state-crash": ("web-5d8f-x2k never crashed on node-3", "never crashed"),
    "en-exit-code": ("The job db-dump on cron-2 did not fail", "did not fail"),
    "en-level": ("billing-worker bw-4 did not fail at 09:12:03", "did not fail"),
    "en-restart-count": ("Pod api-7c9-q4 on node-5 was never restarted", "never restarted"),
    "en-restart-as-failure": ("Pod api-7c9-q4 on node-5 did not crash", "did not crash"),
    "zh-state": ("web-5d8f-x2k 的 vault-init 没有失败", "没有失败"),
    "zh-exit-code": ("cron-2 上的任务 db-dump 没有失败", "没有失败"),
    "zh-restart-count": ("node-5 上的 pod api-7c9-q4 没有重启", "没有重启"),
    "zh-crash": ("node-5 上的 pod api-7c9-q4 没有崩溃", "没有崩溃"),
}
HONEST = {
    "en-code-zero": "The job db-dump on cron-3 did not fail",
    "en-restarts-zero": "Pod api-7c9-q5 on node-6 had 0 restarts",
    "en-told": "The job db-dump on cron-2 exited with exit code 2",
    "en-state-told": "web-5d8f-x2k was in Init:CrashLoopBackOff on node-3",
    "zh-code-zero": "cron-3 上的任务 db-dump 退出码 0，没有失败",
    "zh-restarts-zero": "node-6 上的 pod api-7c9-q5 没有重启",
    "zh-told": "node-5 上的 pod api-7c9-q4 已重启 4 次",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_denied_failure_its_item_shows_is_not_traced = CASES.lies_untraced()
test_a_denied_failure_its_item_shows_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_denial_the_item_holds_or_a_failure_told_is_traced = CASES.honest_traced()
test_a_denial_the_item_holds_or_a_failure_told_is_a_confirmed_finding = CASES.honest_confirmed()
