"""A claim joining two evidence lines is traced clause by clause, each clause to its own line, and
the verdict reads it the same way: a time (``03:25 UTC``) is one value, never cut into clauses at its
colon; the words of a value its line holds in another spelling (``UTC`` for ``Z``) are the line's; a
possessive (``kestrel-02's``) names what the line names; a value is never a word standing in a
name's place; a clause naming nothing of its own is about the names before it, so its line must
hold them; and the Gatekeeper reads a clause in the places of the line it restates, not of the
line the first clause restates. Honest joins are PASS and shown; a join that moves a value to
another line's clause, changes one or names what no line holds is not read as fact. English and
Chinese, a trusting Verifier, the replayed trusting model and a lying Composer."""

from __future__ import annotations

import json

import pytest

from app.domain import alignment, provenance, specific
from app.domain.gatekeeper import inspect
from app.domain.trace import MAX_LINE_CHARS, summarise_trace
from tests.unit.factories import run_session
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with
from tests.unit.test_alignment_rules import EN, ZH
from tests.unit.test_verdict_agreement import JOINED_HONESTLY, one_claim
from tests.unit.verdict_agreement import disagreements, read_as_finding

INCIDENT = "\n".join([
    "2026-12-01T03:05:02Z argocd: application cart-api synced to v2.1.0 (canary 10%)",
    "2026-12-01T03:14:07Z pagerduty: incident INC-7001 opened for cart-api, severity SEV-2, assigned to team cart-oncall",
    "2026-12-01T03:20:31Z argocd: application cart-api rolled back from v2.1.0 to v2.0.3 by deploy-pipeline",
    "2026-12-01T03:25:00Z statuspage: incident INC-7001 status changed to monitoring"])
ZH_INCIDENT = "\n".join([
    "2026-12-02T08:27:12Z 发布系统: cart-api 从 2.0.3 升级到 2.1.0，灰度 20%",
    "2026-12-02T08:31:05Z 告警平台: 工单 OPS-7001 已创建，级别 P2，服务 cart-api",
    "2026-12-02T08:36:50Z 发布系统: cart-api 从 2.1.0 回滚到 2.0.3，操作人 li.wei",
    "2026-12-02T08:40:11Z 告警平台: 工单 OPS-7001 状态改为已恢复"])
LOG = {"en": f"{EN}\n{INCIDENT}", "zh": f"{ZH}\n{ZH_INCIDENT}"}

HONEST = {
    "two-lines-with-times": "orders-db refused new clients at 10:02 UTC, and orders-svc was upgraded to 2.4.1 at 10:05 UTC",
    "second-clause-time-after-name-slot": "cart-api went to v2.1.0 as a 10% canary at 03:05 UTC and was rolled back "
                                          "to v2.0.3 at 03:20 UTC",
    "zone-word-of-a-value": "Incident INC-7001 for cart-api was opened at 03:14 UTC and moved to monitoring at 03:25 UTC",
    "possessive": "kestrel-02's health checks failed 3 times, and haproxy marked it DOWN at 10:11 UTC",
    "zh-two-lines-with-times": "redis-session-01 在 06:10 UTC 内存使用 98%，haproxy 后端 kestrel-02 在 06:12 UTC 已下线",
    "zh-time-of-each-line": "工单 OPS-7001 在 08:31 UTC 创建，08:40 UTC 状态改为已恢复",
    **{f"joined-{k}": v for k, v in JOINED_HONESTLY.items()},
}
LIES = {
    "time-changed": ("orders-db refused new clients at 10:02 UTC, and orders-svc was upgraded to 2.4.1 at 10:07 UTC",
                     "10:07"),
    "time-of-the-other-line": ("Incident INC-7001 for cart-api was opened at 03:14 UTC and moved to monitoring at "
                               "03:20 UTC", "03:20"),
    "possessive-of-an-invented-host": ("falcon-02's health checks failed 3 times, and haproxy marked it DOWN at 10:11 "
                                       "UTC", "falcon-02"),
    "zh-time-changed": ("redis-session-01 在 06:10 UTC 内存使用 98%，haproxy 后端 kestrel-02 在 06:15 UTC 已下线",
                        "06:15"),
    "zh-time-of-the-other-line": ("工单 OPS-7001 在 08:31 UTC 创建，08:36 UTC 状态改为已恢复", "08:36"),
    "second-clause-of-another-subject": ("payments-api-7f9c exited with exit code 137 at 10:08 UTC and was upgraded to "
                                         "2.4.1 at 10:05 UTC", "upgraded to 2.4.1"),
    "zh-second-clause-of-another-subject": ("redis-session-01 在 06:10 UTC 内存使用 98%，健康检查失败 3 次，已下线",
                                            "健康检查失败"),
}


def _lang(text: str) -> str:
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"


def joined(text: str, verifier: str = "all-direct", lie: str = ""):  # noqa: ANN201
    """One session: ``text`` claimed citing the log of its language and the incident lines."""
    return one_claim(text, verifier, lie=lie, log=LOG[_lang(text)])


@pytest.mark.parametrize("verifier", ["all-direct", "model-replayed", "offline"])
@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_an_honest_claim_joining_two_lines_is_pass_and_shown(text: str, verifier: str) -> None:
    state, answer = joined(text, verifier)
    assert answer.verdict == "PASS", (answer.final_answer, state.verifier_evaluation.gatekeeper_findings)
    assert read_as_finding(text, answer.final_answer), answer.final_answer
    assert disagreements(state, answer) == []


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_each_clause_of_an_honest_join_is_traced_to_its_own_line(text: str) -> None:
    lines = LOG[_lang(text)].splitlines()
    assert provenance.Items(lines, causes=()).untraced(text) is None
    assert inspect([claim("c1", text, ("i1",))], [inv("i1", LOG[_lang(text)])],
                   summarise_trace([inv("i1", LOG[_lang(text)])], focus_text=text)) == []


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_composer_restating_an_honest_join_is_kept(text: str) -> None:
    state, answer = joined(text, lie=text)
    assert answer.verdict == "PASS" and answer.composer_status == "valid", answer.final_answer
    assert disagreements(state, answer) == []


@pytest.mark.parametrize("verifier", ["all-direct", "model-replayed", "offline"])
@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_join_with_a_value_no_line_gives_it_is_not_read_as_fact(text: str, needle: str, verifier: str) -> None:
    state, answer = joined(text, verifier)
    assert answer.verdict != "PASS"
    assert not any(specific.prepared(needle) in specific.prepared(ln) for ln in answer.final_answer.splitlines()
                   if not ln.startswith(("- Not confirmed", "- 证据未能证实")))
    assert disagreements(state, answer) == []


@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_composer_sentence_with_such_a_join_is_refused(text: str, needle: str) -> None:
    _, answer = joined(HONEST["possessive"] if _lang(text) == "en" else HONEST["zh-two-lines-with-times"], lie=text)
    assert answer.composer_status != "valid"
    assert specific.prepared(needle) not in specific.prepared(answer.final_answer)


@pytest.mark.parametrize(("line", "clauses"), [
    ("reached 4.7% at 03:07 UTC, before the alert fired at 03:12 UTC", 2),
    ("1,342 requests returned 503 in 60 s", 1),
    ("ENOSPC: the disk is full", 2),
    ("慢查询 1873 条,最长 12.6 秒", 2)])
def test_a_time_or_a_number_is_not_cut_at_its_colon_or_comma(line: str, clauses: int) -> None:
    assert len(provenance.split(line)) == clauses, provenance.split(line)


def test_a_value_spelled_otherwise_is_not_a_word_in_a_names_place() -> None:
    source = "2026-12-01T03:20:31Z argocd: application cart-api rolled back from v2.1.0 to v2.0.3 by deploy-pipeline"
    assert alignment.swaps("cart-api was rolled back to v2.0.3 at 03:20 UTC", source) == []
    assert alignment.swaps("cart-api was rolled back to v2.0.3 by falcon", source) != []


RUNBOOK = {
    "en": "cart-api runbook. 1. If the p99 latency alert fires within 30 min of a deploy, pause the canary in argocd "
          "and roll back to the previous release. 2. If a container is OOMKilled, capture a heap dump, then raise its "
          "memory limit before restarting it. 3. If a node reports DiskPressure, drain it and prune its image cache. "
          "4. Renew any certificate that expires in less than 14 days with cert-manager.",
    "zh": "cart-api 故障处理：1. 发布后 30 分钟内成功率低于 99.5%：先暂停灰度，再回滚到上一个稳定版本，并在工单中记录回滚原因和"
          "影响范围，通知值班负责人确认。2. 容器 OOMKilled：先保存堆转储，再调大 cart-worker 的内存限制，观察十五分钟内是否再次"
          "重启，如果仍然重启则联系开发团队排查内存泄漏。3. 慢查询超过 1000 条：检查表 t_order_item 的索引，确认执行计划，必要时"
          "联系数据库管理员协助优化，并记录慢查询样本。4. 节点磁盘压力：先清理镜像缓存，再迁移负载，确认节点恢复后解除封锁。"
          "5. 证书 14 天内过期：用 cert-manager 续期，续期后检查证书链是否完整。",
}
QUESTION = {"en": "What does the cart-api runbook say about expiring certificates?", "zh": "cart-api 证书快过期了怎么办？"}
LATE_STEP = {"en": "The runbook renews any certificate that expires in less than 14 days with cert-manager",
             "zh": "证书 14 天内过期：用 cert-manager 续期"}


@pytest.mark.parametrize("verifier", ["all-direct", "offline"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_step_late_in_a_long_runbook_section_is_evidence(lang: str, verifier: str) -> None:
    """A section longer than an excerpt is cut into its sentences, each with the section's label,
    so the step a claim uses is in the excerpts wherever it stands."""
    hit = {"source": "runbook.md § Remediation", "text": RUNBOOK[lang], "relevance": "high", "layer": "runbook_section"}
    book = inv("i2", json.dumps({"hits": [hit]}, ensure_ascii=False), tool="kb_search")
    text = LATE_STEP[lang]
    assert len(RUNBOOK[lang]) > MAX_LINE_CHARS
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", LOG[lang]), book],
                                                       output(claim("c1", text, ("i1", "i2"))))}))
    _, state, [answer] = run_session(QUESTION[lang], roles=roles)
    assert answer.verdict == "PASS", answer.final_answer
    assert read_as_finding(text, answer.final_answer)
    assert disagreements(state, answer) == []
    assert all(len(x) <= MAX_LINE_CHARS and x.startswith("[runbook.md § Remediation] ")
               for it in state.verifier_evaluation.tool_trace_summary if it.tool_name == "kb_search"
               for x in it.excerpts)
