"""A failure said of a name whose part of its line tells a success (app/domain/outcome.py): "the
probe via lb-03 did not succeed" against "via lb-01 timed out after 10 s; via lb-03 200 OK". Such
a line is not traced; the failure kept with its own name, and the success with its, are."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T14:23:00Z blackbox-exporter: probe https://shop.example.net/healthz via lb-01 timed out after 10 s; "
    "via lb-03 200 OK in 84 ms",
    "2026-12-05T14:30:00Z argocd: sync of app checkout-ui failed (hook error); app cart-api synced successfully"])
ZH = "\n".join([
    "2026-12-05 09:12:00 巡检：db-a1 备份失败（磁盘已满）；db-a2 备份成功，用时 4 分钟",
    "2026-12-05 09:20:00 探针：经 gw-1 访问 /ping 超时；经 gw-2 访问 /ping 正常"])

LIES = {  # claim, what must not be read as fact
    "en-probe-failure-on-the-ok-host": ("The healthz probe via lb-03 did not succeed at 14:23", "did not succeed"),
    "en-sync-failure-on-the-synced-app": ("At 14:30 the argocd sync of cart-api failed", "cart-api failed"),
    "zh-backup-failure-on-the-ok-node": ("09:12 db-a2 备份失败", "db-a2 备份失败"),
    "zh-timeout-on-the-ok-gateway": ("09:20 经 gw-2 访问 /ping 超时", "gw-2 访问 /ping 超时"),
}
HONEST = {
    "en-probe-failure-kept": "The healthz probe via lb-01 timed out at 14:23",
    "en-probe-success-kept": "The healthz probe via lb-03 returned 200 OK at 14:23",
    "en-sync-failure-kept": "At 14:30 the argocd sync of checkout-ui failed",
    "zh-backup-failure-kept": "09:12 db-a1 备份失败",
    "zh-gateway-ok-kept": "09:20 经 gw-2 访问 /ping 正常",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_failure_put_on_a_name_that_succeeded_is_not_traced = CASES.lies_untraced()
test_a_failure_put_on_a_name_that_succeeded_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_outcome_kept_with_its_name_is_traced = CASES.honest_traced()
test_an_outcome_kept_with_its_name_is_a_confirmed_finding = CASES.honest_confirmed()
