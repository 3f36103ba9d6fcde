"""Figures worked out after a change, and the change itself, in the words an SRE writes them
(app/domain/readings.py, derived.py, steps.py): a setting moved by a word of raising or lowering
("刘敏 把 upload_limit 从 400 MB/s 调低到 80 MB/s", 由 as 从) is read as the value it came from, a
reading of its own before the move, and the value it went to, with the move's time and agent; a
share of what it was ("只剩原来的五分之一", "约为原来的 20%") is the later value over the earlier; a
difference is in digits or in English words ("two more than"). Each is held by its arithmetic only:
another value, the other way, another agent or another fraction is not."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-07-01T09:00:00Z ci-pool config: upload_limit 400 MB/s, build cache 480 MB/s\n"
      "2026-07-01T10:00:00Z prometheus: failed builds in the last hour: ci-a1 19, ci-a2 17, ci-b1 0\n"
      "2026-07-01T10:05:00Z ops-log: m.ortiz set upload_limit of ci-pool to 80 MB/s\n"
      "2026-07-01T10:20:00Z ci-pool: build cache 96 MB/s")
ZH = ("2026-07-01 09:00:00 ci-pool 配置：upload_limit 为 400 MB/s，构建缓存写入速度 480 MB/s\n"
      "2026-07-01 10:00:00 prometheus：最近 1 小时构建失败次数：ci-a1 19 次，ci-a2 17 次，ci-b1 0 次\n"
      "2026-07-01 10:05:00 运维日志：刘敏 把 ci-pool 的 upload_limit 临时调到 80 MB/s\n"
      "2026-07-01 10:20:00 ci-pool：构建缓存写入速度 96 MB/s\n"
      "2026-07-01 10:30:00 运维日志：刘敏 发布 ci-pool 配置 v58（build_timeout 由 10min 改为 3min）")

LIES = {  # claim, what must not be read as fact
    "en-difference-in-words-wrong": ("ci-a1 failed 19 builds in the last hour, three more than ci-a2's 17",
                                     "three more"),
    "zh-raised-not-lowered": ("10:05 刘敏 把 ci-pool 的 upload_limit 从 400 MB/s 调高到 80 MB/s", "调高到 80"),
    "zh-another-agent": ("10:05 王强 把 ci-pool 的 upload_limit 从 400 MB/s 调低到 80 MB/s", "王强"),
    "zh-another-first-value": ("刘敏 把 ci-pool 的 upload_limit 从 480 MB/s 调低到 80 MB/s", "从 480 MB/s"),
    "zh-another-time": ("09:00 刘敏 把 ci-pool 的 upload_limit 从 400 MB/s 调低到 80 MB/s", "09:00 刘敏"),
    "zh-another-fraction": ("10:05 刘敏 把 ci-pool 的 upload_limit 从 400 MB/s 调低到 80 MB/s，只剩原来的四分之一",
                            "四分之一"),
    "zh-half": ("10:05 刘敏 把 ci-pool 的 upload_limit 从 400 MB/s 调低到 80 MB/s，只剩原来的一半", "一半"),
    "zh-a-change-its-item-tells-the-other-way": ("配置 v58 把 build_timeout 从 3min 调大到 10min", "调大到 10min"),
    "zh-rose-not-fell": ("ci-pool 构建缓存写入速度由 480 MB/s 升到 96 MB/s", "升到 96"),
    "zh-another-share": ("ci-pool 构建缓存写入速度由 480 MB/s 降到 96 MB/s，约为原来的 40%", "40%"),
    "zh-multiple-the-wrong-way": ("ci-pool 构建缓存写入速度由 480 MB/s 降到 96 MB/s，约为原来的五倍", "五倍"),
    "zh-difference-in-words-wrong": ("最近 1 小时 ci-a1 构建失败 19 次，比 ci-a2 的 17 次多了三次", "多了三次"),
}
HONEST = {
    "en-difference-in-words": "ci-a1 failed 19 builds in the last hour, two more than ci-a2's 17",
    "zh-setting-lowered-from-its-value": "10:05 刘敏 把 ci-pool 的 upload_limit 从 400 MB/s 调低到 80 MB/s",
    "zh-a-fifth-of-what-it-was": "10:05 刘敏 把 ci-pool 的 upload_limit 从 400 MB/s 调低到 80 MB/s，只剩原来的五分之一",
    "zh-you-for-cong": "ci-pool 构建缓存写入速度由 480 MB/s 降到 96 MB/s",
    "zh-share-of-the-original": "ci-pool 构建缓存写入速度由 480 MB/s 降到 96 MB/s，约为原来的 20%",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_figure_or_change_its_numbers_do_not_give_is_not_traced = CASES.lies_untraced()
test_a_figure_or_change_its_numbers_do_not_give_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_figure_after_a_change_in_words_is_traced = CASES.honest_traced()
test_a_figure_after_a_change_in_words_is_a_confirmed_finding = CASES.honest_confirmed()
