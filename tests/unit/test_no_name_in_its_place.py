"""A word stands in a name's place only where the source has a name there (app/domain/alignment.py,
``swaps``). A number with its unit written on (``500ms``, ``1.2GB``) is a value, as ``500 ms`` is:
a restatement that drops the start of a change ("请求超时改为 3s" of "由 500ms 调为 3s") puts its
verb where the value stood, no word for a name. A predicate after its subject and a copula ("edge-01
was down to sessions 120") says what the subject did, as a verb right after it does. The lies of
the same shapes stay refused: a change told the other way round or to another value, and a word
after a preposition where the source names who did it ("by falcon" for "by deploy-pipeline")."""

from __future__ import annotations

from app.domain import alignment
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-11-02T08:10:00Z ops-log: k.ito changed the request timeout of billing-api from 500ms to 3s "
    "(config r88 -> r89)",
    "2026-11-02T09:00:00Z haproxy edge-01: backend be_api sessions 120 of limit 2000; edge-02: sessions 95 "
    "of limit 2000",
    "2026-11-02T09:05:00Z argocd: application cart-api rolled back from v2.1.0 to v2.0.3 by deploy-pipeline",
])
ZH = "\n".join([
    "2026-11-02 08:10:00 运维日志：孙明 将 billing-api 的请求超时由 500ms 调为 3s（配置 r88 → r89），连接池未改",
    "2026-11-02 09:00:00 haproxy edge-01：后端 be_api 会话 120，上限 2000；edge-02：会话 95，上限 2000",
])

HONEST = {
    "zh-start-value-dropped": "08:10 billing-api 的配置由 r88 升到 r89，请求超时改为 3s",
    "zh-start-value-dropped-alone": "08:10 billing-api 的请求超时改为 3s",
    "en-start-value-dropped": "k.ito changed the request timeout of billing-api, now 3s",
    "en-predicate-after-copula": "At 09:00 edge-01 was down to sessions 120 and edge-02 to 95, both of limit 2000",
    "en-predicate-after-copula-alone": "At 09:00 edge-01 was down to sessions 120",
    "zh-predicate-after-its-name": "09:00 edge-01 降到会话 120，上限 2000",
}
LIES = {
    "zh-change-turned": ("08:10 billing-api 的请求超时由 3s 调为 500ms", "由 3s 调为 500ms"),
    "zh-another-value": ("08:10 billing-api 的配置由 r88 升到 r89，请求超时改为 5s", "改为 5s"),
    "en-another-value": ("k.ito changed the request timeout of billing-api, now 5s", "now 5s"),
    "en-word-after-a-preposition": ("cart-api was rolled back to v2.0.3 by falcon", "by falcon"),
    "en-another-sessions-value": ("At 09:00 edge-01 was down to sessions 95", "sessions 95"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_value_or_a_predicate_in_a_names_place_is_traced = CASES.honest_traced()
test_a_value_or_a_predicate_in_a_names_place_is_confirmed = CASES.honest_confirmed()
test_a_word_for_a_name_or_a_value_is_not_traced = CASES.lies_untraced()
test_a_word_for_a_name_or_a_value_is_not_read_as_fact = CASES.lies_not_read_as_fact()


def test_a_number_with_its_unit_written_on_is_no_name() -> None:
    assert not any(alignment.name(w) for w in alignment.words("500ms 1.2GB 3GiB"))
    assert all(alignment.name(w) for w in alignment.words("v57 r88 5xx be_api"))
