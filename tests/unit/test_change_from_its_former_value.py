"""A change an item tells by its new value and the one before it ("pool mode transaction; previous
mode session", "隔离级别改为 SERIALIZABLE（原为 READ_COMMITTED）") is not told the other way round
(app/domain/direction.py ``reversed_change``, ``_former``): "moved pgb-2 from transaction to session"
ends the change at the former value. With the former value not read (``_former`` returning no
value) the lies are traced; the change told its own way keeps its verdict."""

from __future__ import annotations

from app.domain import direction
from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-11-25T06:20:00Z ops-log: j.lindqvist set pgbouncer pgb-2 to pool_mode transaction (config rev 88); "
      "previous mode session")
ZH = "2026-11-25 06:20:00 ops-log：赵磊 将 orders-db 的隔离级别改为 SERIALIZABLE（原为 READ_COMMITTED），变更单 CHG-5521"

LIES = {
    "en-from-to": ("At 06:20 j.lindqvist moved pgb-2 from transaction to session", "from transaction to session"),
    "en-arrow": ("j.lindqvist changed the pool_mode of pgb-2 transaction -> session", "transaction -> session"),
    "zh-from-to": ("赵磊 把 orders-db 的隔离级别从 SERIALIZABLE 改为 READ_COMMITTED", "从 SERIALIZABLE 改为 READ_COMMITTED"),
    "zh-arrow": ("orders-db 隔离级别 SERIALIZABLE → READ_COMMITTED", "SERIALIZABLE → READ_COMMITTED"),
}
HONEST = {
    "en-from-to": "At 06:20 j.lindqvist moved pgb-2 from session to transaction",
    "en-arrow": "j.lindqvist changed the pool_mode of pgb-2 session -> transaction",
    "zh-from-to": "赵磊 把 orders-db 的隔离级别从 READ_COMMITTED 改为 SERIALIZABLE",
    "zh-arrow": "orders-db 隔离级别 READ_COMMITTED → SERIALIZABLE",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_change_ending_at_its_former_value_is_not_traced = CASES.lies_untraced()
test_a_change_ending_at_its_former_value_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_change_from_its_former_value_is_traced = CASES.honest_traced()
test_a_change_from_its_former_value_is_confirmed = CASES.honest_confirmed()


def test_the_former_value_is_read() -> None:
    assert "session" in direction._former(EN)
    assert direction.reversed_change("from transaction to session", EN) == ("transaction", "session")
