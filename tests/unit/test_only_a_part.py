"""An exclusive word on a part of a whole (app/domain/exclusive.py): "only 38 of the 60 requested
executors", "60 个 executor 中只有 38 个" say no more than the count does, and are judged without the
word. Elsewhere "only", 只有 restrict what the line names and no line says so: "Only dn-07 went
UNHEALTHY" where dn-11 did too is not traced, nor read as fact; nor is a part the line does not give
("only 28 of the 60")."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-18T01:41:07Z yarn-rm: NodeManager dn-07 RUNNING -> UNHEALTHY (4/4 local-dirs are bad)",
    "2026-11-18T01:43:52Z yarn-rm: NodeManager dn-11 RUNNING -> UNHEALTHY (4/4 local-dirs are bad)",
    "2026-11-18T02:10:44Z spark-driver app-0412: stage 14 attempt 2 submitted; 38 executors active of 60 requested"])
ZH = "\n".join([
    "2026-11-18 01:41:07 yarn-rm：NodeManager dn-07 由 RUNNING 变为 UNHEALTHY",
    "2026-11-18 01:43:52 yarn-rm：NodeManager dn-11 由 RUNNING 变为 UNHEALTHY",
    "2026-11-18 02:10:44 spark-driver app-0412：stage 14 第 2 次提交，请求的 60 个 executor 中活跃 38 个"])
LIES = {
    "en-only-one-name": ("Only dn-07 went UNHEALTHY", "Only dn-07"),
    "en-only-another-part": ("At 02:10:44 app-0412 had only 28 of the 60 requested executors active", "28 of the 60"),
    "zh-only-one-name": ("只有 dn-07 变为 UNHEALTHY", "只有 dn-07"),
    "zh-only-another-part": ("02:10:44 app-0412 请求的 60 个 executor 中只有 28 个活跃", "只有 28 个"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, {
    "en-only-of": "At 02:10:44 app-0412 had only 38 of the 60 requested executors active",
    "zh-only-after-the-whole": "02:10:44 app-0412 请求的 60 个 executor 中只有 38 个活跃",
})

test_only_beyond_a_count_is_not_traced = CASES.lies_untraced()
test_only_beyond_a_count_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_only_on_a_part_of_a_whole_is_traced = CASES.honest_traced()
test_only_on_a_part_of_a_whole_is_confirmed = CASES.honest_confirmed()
