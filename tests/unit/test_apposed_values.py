"""A value said again in another unit (app/domain/apposition.py): "…in 4 ms, i.e. 0.004 s",
"超时时间是 2000 ms，也就是 2 秒" restate the value of the clause before, and the line is judged without
the restatement. The lie of the same shape stays refused: a value the clause before does not hold,
though another line holds it ("也就是 5 秒" of the retry interval), or that no line holds. With the
rule off, the honest lines are refused (the word of apposition is no subject term of any line)."""

from __future__ import annotations

import pytest

from app.domain import apposition, provenance
from tests.unit.rule_cases import by_language, read_as_fact, session_on

EN = "2026-10-09T11:00:00Z probe-2: dig to 10.9.0.53 answered NOERROR in 4 ms"
ZH = "\n".join([
    "2026-10-09T11:05:00Z order-svc: 调用 stock-svc 超时（timeout 2000 ms），过去 60 秒超时 88 次",
    "2026-10-09T11:06:00Z order-svc: 重试间隔 5 秒",
])
_log = by_language(EN, ZH)

HONEST = {
    "en-i.e.": "probe-2 got NOERROR from 10.9.0.53 in 4 ms, i.e. 0.004 s",
    "zh-也就是": "order-svc 调用 stock-svc 的超时时间是 2000 ms，也就是 2 秒",
}
LIES = {
    "en-another-value": "probe-2 got NOERROR from 10.9.0.53 in 4 ms, i.e. 0.04 s",
    "zh-another-line's-value": "order-svc 调用 stock-svc 的超时时间是 2000 ms，也就是 5 秒",
}


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_value_said_again_in_another_unit_is_traced(text: str) -> None:
    assert apposition.without(text) != text
    assert provenance.Items(_log(text).splitlines()).untraced(text) is None
    a = session_on(_log(text), text)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("text", LIES.values(), ids=LIES.keys())
def test_another_value_said_as_the_same_is_refused(text: str) -> None:
    assert provenance.Items(_log(text).splitlines()).untraced(text) is not None
    assert not read_as_fact(text, session_on(_log(text), text).final_answer)
