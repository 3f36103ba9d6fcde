"""A clause of "as of" dates the clauses after it (app/domain/binding.py, ``misdated``): "截至 02:00
批次，错发包裹已有 3412 个" gives the 03:10 line's total as the count at 02:00, when the 02:00 batch
found 1906. Chinese spells it 截至, 截止, "到 … 为止"; English "as of", "by". A line giving the count
its own time keeps its verdict."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-14T02:00:40Z recon-x: 02:00 batch found 1906 misrouted parcels",
    "2026-10-14T03:10:00Z recon-x: incident total 3412 misrouted parcels",
])
ZH = "\n".join([
    "2026-10-14 02:00:40 对账任务 recon-x：02:00 批次发现错发包裹 1906 个",
    "2026-10-14 03:10:00 对账任务 recon-x：本次事故错发包裹共 3412 个",
])

LIES = {
    "en-as-of": ("As of the 02:00 batch, recon-x counted 3412 misrouted parcels", "3412 misrouted parcels"),
    "en-by": ("By 02:00, recon-x had found 3412 misrouted parcels", "3412 misrouted parcels"),
    "zh-jiezhi-batch": ("截至 02:00 批次，错发包裹已有 3412 个", "已有 3412 个"),
    "zh-jiezhi-other-char": ("截止 02:00，recon-x 发现错发包裹共 3412 个", "3412 个"),
    "zh-dao-weizhi": ("到 02:00 为止，错发包裹共 3412 个", "3412 个"),
}
HONEST = {
    "en-as-of-its-own-time": "As of the 02:00 batch, recon-x had found 1906 misrouted parcels",
    "en-total-at-its-time": "As of 03:10, the incident total was 3412 misrouted parcels",
    "zh-batch-count": "截至 02:00 批次，错发包裹已有 1906 个",
    "zh-total-at-its-time": "截至 03:10，本次事故错发包裹共 3412 个",
    "zh-dao-weizhi-own-time": "到 02:00 为止，批次发现错发包裹 1906 个",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_count_as_of_another_time_is_not_traced = CASES.lies_untraced()
test_a_count_as_of_another_time_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_as_of_its_time_is_traced = CASES.honest_traced()
test_a_count_as_of_its_time_is_confirmed = CASES.honest_confirmed()
