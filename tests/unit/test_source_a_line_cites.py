"""The source a line cites is its item's (app/domain/cited.py): "jenkins 日志显示 Dockerfile 漏掉了
ca-certificates 包" of the on-call chat's "刘洋 … 判断原因是 Dockerfile 漏掉了 ca-certificates 包" puts a
person's judgement in a build server's mouth (fresh27: "argocd 日志显示 kustomization.yaml 漏掉了
configmap.yaml"). A source is the item's where its header names it, or where the part of the item
holding the line cites it ("tcpdump on gw-2 shows", "在 argocd 历史中发现"); "according to X, Y" and
"据 X，Y" cite X for the whole line. With the rule off the lies are traced; a line citing its item's
own source, or none, stays traced."""

from __future__ import annotations

import pytest

from app.domain import cited, provenance
from tests.unit.rule_cases import RuleCases, by_language, forget

EN = ("2026-12-04T09:27:45Z slack #oncall: p.ng thinks the Dockerfile dropped the ca-certificates package\n"
      "2026-12-04T09:30:00Z jenkins: build #412 failed, exit code 2\n"
      "2026-12-04T09:31:00Z ops-log: p.ng: tcpdump on gw-2 shows 0 SYN-ACK from 10.1.2.3")
ZH = ("2026-12-04 09:27:45 值班群：刘洋 在 argocd 历史中发现 09:12:41 的 prune 删除了 billing-config；"
      "判断原因是 Dockerfile 漏掉了 ca-certificates 包\n"
      "2026-12-04 09:30:00 jenkins：构建 #412 失败，exit code 2")

LIES = {  # claim, what must not be read as fact
    "en-log-shows": ("the jenkins log shows the Dockerfile dropped the ca-certificates package", "jenkins log shows"),
    "en-according-to": ("according to jenkins, the Dockerfile dropped the ca-certificates package", "according to jenkins"),
    "en-other-source": ("the jenkins log shows 0 SYN-ACK from 10.1.2.3 on gw-2", "jenkins log shows"),
    "zh-log-shows": ("jenkins 日志显示 Dockerfile 漏掉了 ca-certificates 包", "jenkins 日志显示"),
    "zh-found-part": ("argocd 日志显示 Dockerfile 漏掉了 ca-certificates 包", "argocd 日志显示"),
    "zh-according-to": ("据 jenkins，Dockerfile 漏掉了 ca-certificates 包", "据 jenkins"),
    "zh-according-to-found": ("据 argocd，Dockerfile 漏掉了 ca-certificates 包", "据 argocd"),
}
HELD_ELSEWHERE = ("zh-log-shows", "zh-according-to")
"""Lies no item holds the words of anyway (the Chinese chat names no jenkins)."""
HONEST = {
    "en-judgement": "p.ng thinks the Dockerfile dropped the ca-certificates package",
    "en-header": "jenkins reported build #412 failed with exit code 2",
    "en-cited": "tcpdump on gw-2 showed 0 SYN-ACK from 10.1.2.3",
    "en-cited-output": "the tcpdump output on gw-2 showed 0 SYN-ACK from 10.1.2.3",
    "en-according-to": "according to jenkins, build #412 failed with exit code 2",
    "zh-judgement": "刘洋 判断 Dockerfile 漏掉了 ca-certificates 包",
    "zh-found": "argocd 显示 09:12:41 的 prune 删除了 billing-config",
    "zh-header": "jenkins 显示构建 #412 失败，exit code 2",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_source_its_item_is_not_is_not_traced = CASES.lies_untraced()
test_a_source_its_item_is_not_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_the_items_own_source_is_traced = CASES.honest_traced()
test_the_items_own_source_is_confirmed = CASES.honest_confirmed()


@pytest.mark.parametrize(("text", "sources"), [
    ("the argocd log shows X", ["argocd"]),
    ("the tcpdump output on lb-a showed 0 packets", ["tcpdump"]),
    ("Ethernet1/49 showed no input errors", []),  # a thing showing its own state
    ("argocd 日志显示 X", ["argocd"]),
    ("刘洋 在 argocd 历史中发现 X", ["argocd"]),
    ("the dashboard showed 5xx", ["the"]),  # a common word: names no one source, judged by none
    ("according to jenkins, the build failed", ["jenkins"]),
    ("According to tls-cert-expired.md § Cause, a likely cause is: X", []),  # the runbook item's own section
    ("api-7 served 2210 requests per second", []),  # a rate's "per", no source
    ("errors per api-7 pod", []),
], ids=["en-log", "en-on-host", "en-own-state", "zh-log", "zh-found", "en-common", "en-according",
        "en-runbook-section", "en-per-second", "en-per-host"])
def test_the_sources_a_text_cites(text: str, sources: list[str]) -> None:
    assert cited.cited(text) == sources


def test_the_lies_need_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cited, "unowned", lambda source, line, item, others=(): False)
    forget()
    try:
        assert all(provenance.Items(by_language(EN, ZH)(t).splitlines()).untraced(t) is None
                   for k, (t, _) in LIES.items() if k not in HELD_ELSEWHERE)
    finally:
        forget()
