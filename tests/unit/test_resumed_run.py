"""恢复 of what runs is its run resumed (app/domain/states.py, the run state): "恢复了 etl-nightly
的调度" of a line that paused it turns "paused" round, as "resumed" does in English. 恢复 of anything
else (告警恢复, a value restored: 恢复为 16g) or before another verb of its clause is a recovery or a
restore, and keeps its verdict."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-07-03T02:10:00Z g.feng paused the schedule of etl-nightly and restored the memory limit of "
      "spark-worker to 16g\n"
      "2026-07-03T02:12:00Z asg-etl: suspended the AZRebalance process\n"
      "2026-07-03T03:40:00Z alert EtlLagHigh resolved")
ZH = ("2026-07-03 02:10:00 冯刚 暂停了 etl-nightly 的调度，并把 spark-worker 的内存上限恢复为 16g\n"
      "2026-07-03 02:12:00 asg-etl：暂停 AZRebalance 进程\n"
      "2026-07-03 03:40:00 告警 EtlLagHigh 恢复")

LIES = {  # claim, what must not be read as fact
    "en-resumed": ("g.feng resumed the schedule of etl-nightly", "resumed the schedule"),
    "en-process": ("asg-etl resumed the AZRebalance process at 02:12", "resumed the AZRebalance process"),
    "zh-schedule": ("冯刚 在 02:10 恢复了 etl-nightly 的调度", "恢复了 etl-nightly 的调度"),
    "zh-process": ("asg-etl 在 02:12 恢复了 AZRebalance 进程", "恢复了 AZRebalance 进程"),
    "zh-process-after": ("02:12 asg-etl 的 AZRebalance 进程已恢复", "AZRebalance 进程已恢复"),
}
HONEST = {
    "en-suspended": "asg-etl suspended the AZRebalance process at 02:12",
    "zh-paused": "冯刚 暂停了 etl-nightly 的调度",
    "zh-process": "asg-etl 在 02:12 暂停了 AZRebalance 进程",
    "zh-restored-value": "冯刚 暂停了 etl-nightly 的调度，并把 spark-worker 的内存上限恢复为 16g",
    "zh-restored-then-paused": "02:10 etl-nightly 的调度被暂停，spark-worker 的内存上限恢复为 16g",
    "zh-alert": "告警 EtlLagHigh 在 03:40 恢复",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_run_resumed_where_its_item_paused_it_is_not_traced = CASES.lies_untraced()
test_a_run_resumed_where_its_item_paused_it_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_pause_a_restore_or_a_recovery_told_is_traced = CASES.honest_traced()
test_a_pause_a_restore_or_a_recovery_told_is_a_confirmed_finding = CASES.honest_confirmed()
