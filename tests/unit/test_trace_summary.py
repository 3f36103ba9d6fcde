"""Spec 000: tool_trace_summary built from tool facts, bounded, auditable."""

from __future__ import annotations

import json

from app.domain.trace import MAX_EXCERPTS, MAX_LINE_CHARS, MAX_SUMMARY_CHARS, summarise_trace
from events.models import ToolInvocation


def inv(i: str, tool: str = "log_search", query: str = "disk full", output: str = "line", success: bool = True,
        round_: int = 1, error: str | None = None) -> ToolInvocation:
    return ToolInvocation(invocation_id=i, tool_name=tool, arguments={"query": query}, output=output,
                          success=success, error=error, round=round_)


def test_summary_items_carry_tool_success_input_output_and_evidence_level() -> None:
    [item] = summarise_trace([inv("a", output="ingest-node-03 disk 97%")])
    assert item.tool_name == "log_search" and item.success
    assert "disk full" in item.input_summary and item.output_summary
    assert item.evidence_level == "direct"


def test_summary_items_have_stable_trace_refs_and_source_invocation_ids() -> None:
    invs = [inv("a", output="x1"), inv("b", tool="kb_search", query="other", output="y")]
    first, second = summarise_trace(invs), summarise_trace(invs)
    assert [i.trace_ref for i in first] == [i.trace_ref for i in second] == ["T1-1", "T1-2"]
    assert [i.source_invocation_ids for i in first] == [["a"], ["b"]]


def test_only_evidence_bearing_tools_are_included() -> None:
    items = summarise_trace([inv("a"), inv("c", tool="clock", output="2026-11-30T09:00:00Z")])
    assert [i.tool_name for i in items] == ["log_search"]


def test_the_helper_list_is_configuration_on_top_of_the_tools_own_policy() -> None:
    items = summarise_trace([inv("a"), inv("b", tool="kb_search"), inv("c", tool="clock")],
                            helper_tools=frozenset({"log_search"}))
    assert [i.tool_name for i in items] == ["kb_search"], "the list adds helpers; the clock stays out by its name"


def test_failed_evidence_calls_are_preserved_as_evidence_gaps() -> None:
    [failed] = summarise_trace([inv("a", success=False, output="", error="timeout")])
    assert not failed.success and failed.evidence_level == "none" and "timeout" in failed.output_summary
    [empty] = summarise_trace([inv("b", tool="kb_search", output=json.dumps({"hits": []}))])
    assert not empty.success and empty.evidence_level == "none" and empty.no_hit_calls == 1


def test_repeated_calls_are_compacted_keeping_the_first_effective_hit_and_counts() -> None:
    invs = [inv("a", success=False, output="", error="boom"), inv("b", output=json.dumps({"matches": []})),
            inv("c", output="first hit"), inv("d", output="second hit")]
    [item] = summarise_trace(invs)
    assert item.source_invocation_ids == ["a", "b", "c", "d"]
    assert (item.repeated_calls, item.failed_calls, item.no_hit_calls) == (4, 1, 1)
    assert item.excerpts == ["first hit"]


def test_calls_in_different_rounds_are_not_compacted() -> None:
    assert len(summarise_trace([inv("a"), inv("b", round_=2)])) == 2


def test_raw_outputs_are_not_passed_through_in_full_but_the_quoted_line_survives() -> None:
    noise = "\n".join(f"2026-11-30T09:{i % 60:02d}:00Z web-1 GET /health 200 {i}ms" for i in range(60_000))
    needle = "2026-11-30T10:00:00Z pg-orders-01 FATAL: sorry, too many clients already (SQLSTATE 53300)"
    raw = noise + "\n" + needle
    assert len(raw) > 3_000_000
    [item] = summarise_trace([inv("a", output=raw)], focus_text="pg-orders-01 failed with SQLSTATE 53300")
    size = sum(len(x) for x in item.excerpts) + len(item.output_summary)
    assert size <= MAX_EXCERPTS * MAX_LINE_CHARS + MAX_SUMMARY_CHARS
    assert needle in item.excerpts
    assert item.raw_output_chars == len(raw)


def test_kb_output_keeps_sources_layers_and_relevance() -> None:
    out = json.dumps({"hits": [{"source": "disk.md § Cause", "text": "logrotate failed", "relevance": "high",
                                "layer": "runbook_section"}]})
    [item] = summarise_trace([inv("a", tool="kb_search", output=out)])
    assert item.source_documents == ["disk.md § Cause"]
    assert item.retrieval_layers == ["runbook_section"] and item.relevance_levels == ["high"]
    assert item.query_samples


def test_the_quoted_line_survives_noise_that_shares_its_host() -> None:
    """Every noise line names api-7: the line with the claim's number ("2400 ms", spaced) wins."""
    line = "2026-11-30T10:00:00Z api-7 latency p99 2400 ms on /orders"
    raw = "2026-11-30T09:59:59Z api-7 GET /health 200 1 ms\n" * 20_000 + line
    [item] = summarise_trace([inv("a", output=raw)], focus_text=line)
    assert line in item.excerpts
