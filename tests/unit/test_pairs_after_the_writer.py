"""Two names given each the word its item gives the other are read in the item's message, after its
writer (app/domain/paired.py): "sssd batch-04: cached credentials for j.osei older than …" says
nothing of batch-04 by "cached", the first word of the message the host batch-04 wrote, so "j.osei's
cached credentials on batch-04 were older than …" exchanges nothing. Two names of the message given
each the other's word stay refused."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T09:16:05Z sssd batch-04: cached credentials for j.osei older than offline_credentials_expiration "
      "(1 day); login denied\n"
      "2026-12-05T09:20:00Z sssd-monitor batch-05: domain corp.example.com now online, domain lab.example.com offline")
ZH = ("2026-12-05T09:16:05Z sssd batch-04: 缓存 j.osei 登录凭据已超过 offline_credentials_expiration（1 天），登录被拒绝\n"
      "2026-12-05T09:20:00Z sssd-monitor batch-05: 域 corp.example.com 在线，域 lab.example.com 离线")

LIES = {  # claim, what must not be read as fact
    "en-exchanged": ("At 09:20:00 domain corp.example.com was offline and lab.example.com online",
                     "corp.example.com was offline"),
    "zh-exchanged": ("09:20:00 域 corp.example.com 离线，域 lab.example.com 在线", "corp.example.com 离线"),
}
HONEST = {
    "en-owned": "At 09:16:05 j.osei's cached credentials on batch-04 were older than the 1 day limit",
    "en-kept": "At 09:20:00 domain corp.example.com was online and lab.example.com offline",
    "zh-owned": "09:16:05 j.osei 缓存的 batch-04 登录凭据已超过 1 天",
    "zh-kept": "09:20:00 域 corp.example.com 在线，域 lab.example.com 离线",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_two_names_given_each_the_others_word_are_not_traced = CASES.lies_untraced()
test_two_names_given_each_the_others_word_are_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_word_after_a_writers_host_is_not_said_of_it = CASES.honest_traced()
test_a_word_after_a_writers_host_is_not_said_of_it_in_the_answer = CASES.honest_confirmed()
