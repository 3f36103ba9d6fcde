"""A count its line writes without a measure word, said with one (app/domain/specific.py,
``_written``): a lone number in brackets after its label ("tolerable-failed-checkpoints（3）") is the
count the label names, so "超过 tolerable-failed-checkpoints 的 3 次" restates it; "412 个容器" is the
"容器总数 412" of its line (the count of that noun); and 都 after a word led by 每 says no more than
that word ("每次都从 checkpoint 1835 恢复" of "每次从 checkpoint 1835 恢复": app/domain/extent.py). The
nearest lies stay refused: another number in the label's place, the count put on another noun, a
unit for the measure word ("3 秒"), 都 where the line has no 每 word. English writes no measure
word: its restatements are controls, judged as before. With the rules off, the honest Chinese
claims are refused ("3 次", "412 个容器" and 都 are read as values and a word of extent no line holds)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-06T10:21:05Z flink jobmanager jm-2: failures exceeded tolerable-failed-checkpoints (3), job "
    "cart-enrich RESTARTING",
    "2026-10-06T10:33:00Z flink jobmanager jm-2: cart-enrich restarted 4 times, each time from checkpoint 2207"])
ZH = "\n".join([
    "2026-10-06 10:21:05 flink jobmanager jm-2：失败次数超过 tolerable-failed-checkpoints（3），作业 cart-enrich "
    "转为 RESTARTING",
    "2026-10-06 10:33:00 flink jobmanager jm-2：cart-enrich 重启 4 次，每次从 checkpoint 2207 恢复",
    "2026-10-06 10:40:00 containerd node-sz-04：容器总数 518，其中 402 个为 exited 状态"])

HONEST = {
    "zh-bracketed-count": "cart-enrich 失败次数超过 tolerable-failed-checkpoints 的 3 次，转为 RESTARTING",
    "zh-count-of-its-noun": "node-sz-04 上有 518 个容器，其中 402 个为 exited 状态",
    "zh-every-time": "cart-enrich 重启 4 次，每次都从 checkpoint 2207 恢复",
    "en-bracketed-count": "Failures exceeded tolerable-failed-checkpoints (3) and job cart-enrich went RESTARTING",
    "en-every-time": "cart-enrich restarted 4 times, each time from checkpoint 2207",
}
LIES = {
    "zh-another-count": ("cart-enrich 失败次数超过 tolerable-failed-checkpoints 的 4 次，转为 RESTARTING", "4 次"),
    "zh-a-unit": ("cart-enrich 失败次数超过 tolerable-failed-checkpoints 的 3 秒，转为 RESTARTING", "3 秒"),
    "zh-another-noun": ("node-sz-04 上有 518 个 Pod，其中 402 个为 exited 状态", "518 个 Pod"),
    "zh-all-without-every": ("cart-enrich 重启 4 次，都从 checkpoint 2207 恢复，作业 cart-enrich 都转为 RESTARTING",
                             "都转为"),
    "en-another-count": ("Failures exceeded tolerable-failed-checkpoints (4) and job cart-enrich went RESTARTING",
                         "(4)"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_with_its_measure_word_is_traced = CASES.honest_traced()
test_another_count_noun_or_unit_is_not_traced = CASES.lies_untraced()
test_a_count_with_its_measure_word_is_a_finding = CASES.honest_confirmed()
test_another_count_noun_or_unit_is_not_read_as_fact = CASES.lies_not_read_as_fact()
