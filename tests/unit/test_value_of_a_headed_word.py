"""A number after a Chinese noun the cut parts at its one-character head (退出码 as 退出 + 码, 连接数
as 连接 + 数) is that whole word's (app/domain/anchored.py ``_compound``): "restore-job 失败，退出码
41" of "失败，退出码 2，耗时 41 秒" gives the exit code the run's seconds, as "the exit code was 41" does
in English. With the rule off (``_compound`` returning None) the Chinese lies are traced; a value
kept on its own word, or the other value said with its own word, keeps its verdict."""

from __future__ import annotations

from app.domain import anchored
from tests.unit.rule_cases import RuleCases, by_language

EN = "2026-11-21T03:10:00Z cron: restore-job on vault-db-3 failed, exit code 2, took 41 s; 17 connections open"
ZH = ("2026-11-21 03:10:00 cron：vault-db-3 上 restore-job 失败，退出码 2，耗时 41 秒；"
      "pgbouncer 连接数 17，等待队列 230")

LIES = {
    "en-exit-code-seconds": ("restore-job on vault-db-3 failed with exit code 41", "exit code 41"),
    "zh-exit-code-seconds": ("vault-db-3 上 restore-job 失败，退出码 41", "退出码 41"),  # off: traced
    "zh-exit-code-copula": ("restore-job 的退出码为 41", "退出码为 41"),  # off: traced
    "zh-connections-queue": ("pgbouncer 连接数 230", "连接数 230"),
}
HONEST = {
    "en-exit-code": "restore-job on vault-db-3 failed with exit code 2 after 41 s",
    "zh-exit-code": "vault-db-3 上 restore-job 失败，退出码 2",
    "zh-connections": "pgbouncer 连接数 17",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_value_put_on_a_headed_word_is_not_traced = CASES.lies_untraced()
test_a_value_put_on_a_headed_word_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_headed_word_with_its_value_is_traced = CASES.honest_traced()
test_a_headed_word_with_its_value_is_confirmed = CASES.honest_confirmed()


def test_the_whole_word_is_the_key() -> None:
    assert ("退出码", "count", 41.0) in anchored.values("restore-job 的退出码为 41")
    assert anchored.values("5 分钟内 2140 次") == ()  # 内 closes a window after a unit
