"""A change told between two readings (app/domain/readings.py): "cache-a memory rose from 61% at
09:00 to 66% at 10:00", "队列 audit.events 堆积从 5120 条 09:00 涨到 8840 条 09:30" restate two lines,
one reading each; read as those readings, each is judged as written, its way (rose, 降到) must be the
way the values went and the first reading must come first. The lie of the same shape stays refused:
the other way, the readings in the other order of their times, a value of another host. With the
rule off, the honest lines are refused (no one line holds both values)."""

from __future__ import annotations

import pytest

from app.domain import provenance, readings
from tests.unit.rule_cases import by_language, read_as_fact, session_on

EN = "\n".join([
    "2026-10-08T09:00:00Z prometheus: cache-a memory 61%, cache-b memory 72%",
    "2026-10-08T10:00:00Z prometheus: cache-a memory 66%, cache-b memory 70%",
])
ZH = "\n".join([
    "2026-10-08T09:00:00Z rabbitmq mq-east-2: 队列 audit.events 消息堆积 5120 条",
    "2026-10-08T09:30:00Z rabbitmq mq-east-2: 队列 audit.events 消息堆积 8840 条",
])

HONEST = {
    "en-rose": "cache-a memory rose from 61% at 09:00 to 66% at 10:00",
    "en-fell": "cache-b memory fell from 72% at 09:00 to 70% at 10:00",
    "zh-rose": "队列 audit.events 堆积从 5120 条 09:00 涨到 8840 条 09:30",
}
LIES = {
    "en-other-way": "cache-a memory fell from 61% at 09:00 to 66% at 10:00",
    "en-other-order": "cache-b memory rose from 70% at 10:00 to 72% at 09:00",
    "en-other-host": "cache-a memory rose from 61% at 09:00 to 70% at 10:00",
    "zh-other-way": "队列 audit.events 堆积从 5120 条 09:00 降到 8840 条 09:30",
}


_log = by_language(EN, ZH)


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_change_between_two_readings_is_traced(text: str) -> None:
    assert readings.change(text) is not None
    assert provenance.Items(_log(text).splitlines()).untraced(text) is None
    a = session_on(_log(text), text)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("text", LIES.values(), ids=LIES.keys())
def test_a_change_its_readings_do_not_give_is_refused(text: str) -> None:
    assert provenance.Items(_log(text).splitlines()).untraced(text) is not None
    assert not read_as_fact(text, session_on(_log(text), text).final_answer)


def test_a_version_change_is_no_change_between_readings() -> None:
    assert readings.change("ledger-svc was rolled back from v4.18.0 to v4.17.3") is None
