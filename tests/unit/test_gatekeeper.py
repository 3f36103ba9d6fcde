"""The Gatekeeper: evidence failures that need no judgement, in English and Chinese."""

from __future__ import annotations

import pytest

from app.domain import entities
from app.domain.gatekeeper import inspect
from app.domain.trace import summarise_trace
from events.models import Claim, ToolInvocation

LOG = ("2026-11-29T09:40:12Z ingest-node-03 node-exporter: filesystem /var/log usage 97% (alert DISK-USAGE-HIGH)\n"
       "2026-11-29T09:52:30Z ingest-node-03 ingest-worker[4410]: No space left on device (ENOSPC) pid 4410\n"
       "2026-11-30T06:05:40Z monitor 告警 KAFKA-LAG-HIGH: 消费组 billing-consumer 主题 invoices 延迟 68210 条\n"
       "db connect to 10.2.3.4:5432 refused")


def check(text: str, refs: list[str] | None = None, critical: bool = True) -> list[str]:
    invs = [ToolInvocation(invocation_id="i1", tool_name="log_search", arguments={"query": "x"}, output=LOG),
            ToolInvocation(invocation_id="i2", tool_name="log_search", arguments={"query": "y"}, success=False,
                           error="timeout")]
    claim = Claim(claim_id="c1", text=text, is_critical=critical, evidence_refs=refs or [])
    return [f"{f.kind}:{f.entity}" for f in inspect([claim], invs, summarise_trace(invs))]


@pytest.mark.parametrize(
    ("claim", "finding"),
    [
        ("The failure is error ERR-7781 on ingest-node-03", "fabricated_entity:err-7781"),
        ("Disk filled up on ingest-node-09", "fabricated_entity:ingest-node-09"),
        ("The database at 10.2.3.9 refused connections", "fabricated_entity:10.2.3.9"),
        ("故障由主机web-19上的错误ERR-7781引起", "fabricated_entity:err-7781"),
        ("主机web-19磁盘已满", "fabricated_entity:web-19"),
        ("The worker process pid 9999 crashed", "fabricated_entity:9999"),
        ("The log says \"disk quota exceeded for user\"", "fabricated_entity:disk quota exceeded for user"),
        ("The failure is error ＥＲＲ－７７８１ on ingest-node-03", "fabricated_entity:err-7781"),
        ("The failure is error ERR\u200b-7781 on ingest-node-03", "fabricated_entity:err-7781"),
        ("Disk filled up on ingest\u2060-node-09", "fabricated_entity:ingest-node-09"),
    ],
    ids=["en-error-code", "en-host", "en-ip", "zh-error-code", "zh-host-no-spaces", "pid", "quoted-string",
         "full-width-code", "zero-width-space-in-code", "word-joiner-in-host"],
)
def test_a_key_entity_in_no_evidence_is_fabricated(claim: str, finding: str) -> None:
    assert finding in check(claim)


@pytest.mark.parametrize(
    ("claim", "entity"),
    [("filesystem /var/log usage is at 45% on ingest-node-03", "45%"),
     ("消费组 billing-consumer 延迟 1200 条", "1200条")],
    ids=["en-percentage", "zh-count"],
)
def test_a_number_the_evidence_contradicts_is_found(claim: str, entity: str) -> None:
    assert f"contradicted_value:{entity}" in check(claim)


@pytest.mark.parametrize(
    "claim",
    ["filesystem /var/log usage is 97% on ingest-node-03 (DISK-USAGE-HIGH)",
     "ingest-worker pid 4410 hit ENOSPC",
     "告警 KAFKA-LAG-HIGH：billing-consumer 延迟 68210 条",
     "connections to 10.2.3.4 port 5432 were refused",
     "ｆｉｌｅｓｙｓｔｅｍ /var/log usage is 97％ on ｉｎｇｅｓｔ－ｎｏｄｅ－０３"],
    ids=["en-quotes-evidence", "pid-and-code", "zh-quotes-evidence", "ip-and-port", "full-width-quotes-evidence"],
)
def test_entities_that_occur_in_the_evidence_pass(claim: str) -> None:
    assert check(claim) == []


def test_unknown_and_failed_references_are_findings() -> None:
    assert "unknown_trace_ref:T9-9" in check("disk is full on ingest-node-03", refs=["T9-9"])
    assert "failed_call_ref:i2" in check("disk is full on ingest-node-03", refs=["i2"])


def test_non_critical_claims_are_entity_checked_too() -> None:
    assert check("maybe ERR-1234 is related", critical=False) == ["fabricated_entity:err-1234"]


def test_entity_extraction_does_not_need_whitespace() -> None:
    kinds = {(e.kind, e.value) for e in entities.extract("主机db-prod-03在端口5432上报错ORA-00060，耗时3秒")}
    assert {("host", "db-prod-03"), ("error_code", "ORA-00060"), ("port", "5432"), ("quantity", "3")} <= kinds
