"""A count of events with the list of their times is read once at each time
(app/domain/lists.py ``each_time``): "prom-0 was OOMKilled twice, at 10:41:17 and 10:49:52" is
"prom-0 was OOMKilled at 10:41:17" and "… at 10:49:52", each traced to the line telling that kill;
"prom-0 在 10:41:17 和 10:49:52 两次被 OOMKilled" likewise. The count, as many as the distinct times,
says nothing the readings do not. Each reading carries the event, so a time of another event (the
manual restart at 11:04:30) is refused with it, and a count of another size is judged as written."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = ("2026-12-05T10:41:17Z kubelet node-mon-02: pod prom-0 container prometheus OOMKilled, exit code 137, "
      "restartCount 1\n"
      "2026-12-05T10:49:52Z kubelet node-mon-02: prom-0 OOMKilled again while replaying the WAL, restartCount 2\n"
      "2026-12-05T11:04:30Z kubectl: s.li moved the WAL of prom-0 and restarted prom-0, restartCount 3")
ZH = ("2026-12-05 10:41:17 kubelet node-mon-02：pod prom-0 的容器 prometheus 被 OOMKilled，exit code 137，restartCount 1\n"
      "2026-12-05 10:49:52 kubelet node-mon-02：prom-0 回放 WAL 时再次 OOMKilled，restartCount 2\n"
      "2026-12-05 11:04:30 kubectl：孙立 将 prom-0 的 WAL 目录移走后重启 prom-0，restartCount 3")

LIES = {  # claim, what must not be read as fact
    "en-restart-as-kill": ("prom-0 was OOMKilled twice, at 10:41:17 and 11:04:30", "11:04:30"),
    "en-restart-as-kill-in-brackets": ("prom-0 was OOMKilled two times (10:41:17 and 11:04:30)", "11:04:30"),
    "en-three-of-two": ("prom-0 was OOMKilled three times, at 10:41:17 and 10:49:52", "three times"),
    "zh-restart-as-kill": ("prom-0 在 10:41:17 和 11:04:30 两次被 OOMKilled", "11:04:30"),
    "zh-restart-as-kill-after": ("prom-0 被 OOMKilled 两次（10:41:17 和 11:04:30）", "11:04:30"),
    "zh-three-of-two": ("prom-0 在 10:41:17 和 10:49:52 三次被 OOMKilled", "三次"),
}
HONEST = {
    "en-twice": "prom-0 was OOMKilled twice, at 10:41:17 and 10:49:52",
    "en-twice-in-brackets": "prom-0 was OOMKilled twice (10:41:17 and 10:49:52)",
    "zh-twice": "prom-0 在 10:41:17 和 10:49:52 两次被 OOMKilled",
    "zh-twice-after": "prom-0 被 OOMKilled 两次（10:41:17 和 10:49:52）",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_a_count_with_a_time_of_another_event_is_not_traced = CASES.lies_untraced()
test_a_count_with_a_time_of_another_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_count_of_events_at_their_times_is_traced = CASES.honest_traced()
test_a_count_of_events_at_their_times_is_a_confirmed_finding = CASES.honest_confirmed()
