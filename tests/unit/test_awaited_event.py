"""An event a line tells as awaited has not happened yet (app/domain/awaited.py): "raft: not part of
the configuration, waiting for autopilot to add it as a voter" holds "At 10:08:30 cs-02 was not yet a
voter" (the line's denial is no denial of it: app/domain/denied_part.py), and does not hold "At
10:08:30 cs-02 was a voter", the awaited event told as done. A denial of the event where another
line tells it done is still refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T10:08:30Z consul cs-02: started on 1.17.2 and joined serf LAN; raft: not part of the "
      "configuration, waiting for autopilot to add it as a voter\n"
      "2026-12-05T10:18:05Z consul cs-01: autopilot added cs-02 as a voter; raft peers 2 -> 3")
ZH = ("2026-12-05 10:08:30 consul cs-02：已在 1.17.2 上启动并加入 serf LAN；raft：不在配置中，等待 autopilot 将其加为 voter\n"
      "2026-12-05 10:18:05 consul cs-01：autopilot 已将 cs-02 加为 voter；raft peers 2 -> 3")

LIES = {  # claim, what must not be read as fact
    "en-told-done": ("At 10:08:30 cs-02 was a voter", "At 10:08:30 cs-02 was a voter"),
    "en-added-early": ("autopilot added cs-02 as a voter at 10:08:30", "autopilot added cs-02 as a voter at 10:08:30"),
    "en-denied-where-done": ("At 10:18:05 autopilot had not added cs-02 as a voter", "had not added"),
    "zh-told-done": ("10:08:30 autopilot 已将 cs-02 加为 voter", "10:08:30 autopilot 已将 cs-02 加为 voter"),
}
HONEST = {
    "en-not-yet": "At 10:08:30 cs-02 was not yet a voter: autopilot had not added it back",
    "en-not-added": "At 10:08:30 autopilot had not added cs-02 as a voter",
    "en-done-later": "At 10:18:05 autopilot added cs-02 as a voter",
    "zh-not-yet": "10:08:30 autopilot 还没有将 cs-02 加为 voter",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
SHOWN = RuleCases(by_language(EN, ZH), LIES, {k: v for k, v in HONEST.items() if k.startswith("en-")})
"""The Chinese denial is traced, but the Gatekeeper still reads it as the opposite of its own line
("已在 … 启动并加入"): confirmed in English only."""

test_an_awaited_event_told_done_is_not_traced = CASES.lies_untraced()
test_an_awaited_event_told_done_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_awaited_event_denied_is_traced = CASES.honest_traced()
test_an_awaited_event_denied_is_a_confirmed_finding = SHOWN.honest_confirmed()
