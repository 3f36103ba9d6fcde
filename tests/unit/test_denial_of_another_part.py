"""A denial of another part (app/domain/denied_apart.py): a line telling an event of the names its
item tells it of is traced though the item denies the event of another name of their series
("ingress-a3 not reloaded"); told of the name denied, of it among others, or of no name of the
series, it is not. A list's first member before the clause it shares ("…, after ingress-a1 and
ingress-a2 were reloaded") is that clause's subject (``Items._elided``)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T15:04:30Z ops-log: p.ngata ran nginx -s reload on edge-a1 and edge-a2 with cfg-517; "
    "edge-a3 not reloaded, still on cfg-516",
    "2026-12-05T15:10:00Z app-11: TIME_WAIT sockets 28400, ephemeral ports in use 91%"])
ZH = "\n".join([
    "2026-12-06 09:00:00 运维日志：王磊 在 web-1、web-2 上重启了 nginx，web-3 未重启",
    "2026-12-06 09:05:00 web-2：活跃连接 4200"])

LIES = {  # claim, what must not be read as fact
    "en-the-denied-name": ("edge-a3 was reloaded with cfg-517 at 15:04:30", "edge-a3 was reloaded"),
    "en-the-denied-name-listed-first": ("edge-a3 and edge-a1 were reloaded with cfg-517", "edge-a3 and edge-a1"),
    "en-the-denied-name-in-a-list": ("app-11 had 28400 TIME_WAIT sockets at 15:10, after edge-a3 and edge-a2 "
                                     "were reloaded with cfg-517", "edge-a3 and edge-a2"),
    "en-no-name-of-the-series": ("the edge nodes were reloaded with cfg-517", "nodes were reloaded"),
    "zh-the-denied-name": ("王磊 在 web-3 上重启了 nginx", "web-3 上重启了"),
    "zh-the-denied-name-in-a-list": ("王磊 在 web-3、web-1 上重启了 nginx", "web-3、web-1"),
}
HONEST = {
    "en-the-names-told": "edge-a1 and edge-a2 were reloaded with cfg-517 at 15:04:30",
    "en-the-names-told-with-the-agent": "p.ngata reloaded edge-a1 and edge-a2 with cfg-517 at 15:04:30",
    "en-a-list-before-its-clause": "app-11 had 28400 TIME_WAIT sockets at 15:10, after edge-a1 and edge-a2 were "
                                   "reloaded with cfg-517",
    "zh-the-names-told": "王磊 在 web-1、web-2 上重启了 nginx",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_event_told_of_the_name_its_item_denies_it_of_is_not_traced = CASES.lies_untraced()
test_an_event_told_of_the_name_its_item_denies_it_of_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_event_told_of_the_names_its_item_tells_it_of_is_traced = CASES.honest_traced()
test_an_event_told_of_the_names_its_item_tells_it_of_is_a_confirmed_finding = CASES.honest_confirmed()
