"""A value written after its key and "=" is that key's (app/domain/assigned.py): "selfHeal=false" of
"prune=true, selfHeal=true", "task_reject_on_worker_lost=True" of "…=False" keep every token of
their item (a common word, or another key's value) and give the setting another value. Such a line
is not traced, and its gap line hides the value, keeping the key; the value its item gives, and a
pair the line restates as written, stay traced. A value the material names only as one not to set
("do not set autocommit=on", "不要把 enable_idempotence 改为 false") is no value it gives the key."""

from __future__ import annotations

import pytest

from app.domain import specific
from tests.unit.rule_cases import GAP, RuleCases, by_language, session_on

EN = "\n".join([
    "2026-05-11T08:00:00Z deploy: ingest-worker v2.4.0 rolled out with autocommit=off, batch_mode=strict, retries=5",
    "2026-05-11T08:03:00Z config: cache-gw keepalive=true, compression=false",
    "runbook: during an incident do not set autocommit=on"])
ZH = "\n".join([
    "2026-05-11 08:00:00 发布记录：ingest-worker v2.4.0 上线，enable_idempotence=true，acks=all，linger.ms=5",
    "2026-05-11 08:03:00 配置检查：cache-gw 的 keepalive=true，compression=false",
    "运维手册：事故期间不要把 enable_idempotence 改为 false"])

LIES = {  # claim, what must not be read as fact (anywhere in the answer)
    "en-word-flipped": ("ingest-worker v2.4.0 rolled out with autocommit=on", "autocommit=on"),
    "en-mode-swapped": ("ingest-worker v2.4.0 rolled out with batch_mode=lenient and retries=5", "batch_mode=lenient"),
    "en-other-key's-value": ("cache-gw has keepalive=false", "keepalive=false"),
    "zh-boolean-flipped": ("ingest-worker v2.4.0 上线时设置了 enable_idempotence=false", "enable_idempotence=false"),
    "zh-word-swapped": ("ingest-worker v2.4.0 上线，acks=1", "acks=1"),
    "zh-other-key's-value": ("配置检查显示 cache-gw 的 compression=true", "compression=true"),
}
HONEST = {
    "en-as-given": "ingest-worker v2.4.0 rolled out with autocommit=off and batch_mode=strict",
    "en-both": "cache-gw has keepalive=true, compression=false",
    "en-number": "ingest-worker v2.4.0 rolled out with retries=5",
    "zh-as-given": "ingest-worker v2.4.0 上线时设置了 enable_idempotence=true，acks=all",
    "zh-both": "配置检查显示 cache-gw 的 keepalive=true，compression=false",
    "zh-case": "ingest-worker v2.4.0 上线，enable_idempotence=True",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_key_set_to_another_value_is_not_traced = CASES.lies_untraced()
test_a_key_set_to_another_value_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_key_set_to_its_value_is_traced = CASES.honest_traced()
test_a_key_set_to_its_value_is_a_confirmed_finding = CASES.honest_confirmed()


@pytest.mark.parametrize("verifier", ["offline", "all-direct"])
@pytest.mark.parametrize(("text", "needle"), LIES.values(), ids=LIES.keys())
def test_a_gap_line_hides_the_value_and_keeps_the_key(text: str, needle: str, verifier: str) -> None:
    answer = session_on(by_language(EN, ZH)(text), text, verifier).final_answer
    key = needle.split("=")[0]
    gaps = [ln for ln in answer.splitlines() if ln.startswith(GAP)]
    assert specific.prepared(needle) not in specific.prepared(answer), answer
    assert any(f"{key}=[unverified]" in ln for ln in gaps), answer
