"""A value stays with the number its stretch gives it (app/domain/binding.py ``_kept_apart``): where
an item gives two probes of one host each its own result ("-s 1200 0% loss; -s 1500 100% loss"),
a line giving one probe the other's result is not traced, though the item's stretch names the host
beside the value ("a value given beside its name elsewhere in the item is not moved" must not
excuse it). Honest twins: the results with their own probes, in either order. (The Chinese lie is
traced today and refused in the session by the Gatekeeper's exchange of two values.)"""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-05T08:09:30Z probe web-fra-1 -> db-ams-2 over tun-7: ping -M do -s 1200 0% loss; -s 1500 100% loss",
    "2026-12-05T08:30:00Z probe web-fra-1 -> db-ams-2: ping -M do -s 1500 now gets 'frag needed'; -s 1200 0% loss"])
ZH = "\n".join([
    "2026-12-05T08:09:30Z 探测 web-fra-1 -> db-ams-2（tun-7）：ping -M do -s 1200 丢包 0%；-s 1500 丢包 100%"])
CASES = RuleCases(by_language(EN, ZH), {
    "en-swapped": ("At 08:09:30 ping -M do -s 1200 from web-fra-1 lost 100% and -s 1500 lost 0%", "lost 100%"),
    "en-later": ("At 08:30:00 the -s 1500 ping from web-fra-1 went through with 0% loss", "-s 1500 ping"),
    "zh-swapped": ("08:09:30 web-fra-1 的 ping -s 1200 丢包 100%，-s 1500 丢包 0%", "丢包 100%"),
}, {
    "en-own": "At 08:09:30 ping -M do -s 1200 from web-fra-1 lost 0% and -s 1500 lost 100%",
    "en-turned": "At 08:09:30 -s 1500 pings from web-fra-1 lost 100% while -s 1200 lost 0%",
    "zh-own": "08:09:30 web-fra-1 的 ping -s 1200 丢包 0%，-s 1500 丢包 100%",
})
test_a_value_given_another_probe_of_its_host_is_not_traced = RuleCases(
    CASES.log_of, {k: v for k, v in CASES.lies.items() if k.startswith("en")}, CASES.honest).lies_untraced()
test_a_value_given_another_probe_of_its_host_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_each_probe_with_its_own_value_is_traced = CASES.honest_traced()
