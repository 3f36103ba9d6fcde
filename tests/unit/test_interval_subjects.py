"""An interval between two lines' events, each side with a subject of its own
(app/domain/chronology.py ``without``, app/domain/alignment.py ``_predicate``,
app/domain/provenance.py ``Items._proper``): the later event's subject before "N 后" in Chinese
("…触发，周敏 3 分 30 秒后确认": 之后 周敏 确认, the person the later event's), a pronoun subject ("3 min
40 s after it went into ALARM": the word after "it" is its verb, in no name's place), a proper noun
opening the later side ("24 min 30 s before Atlantis reverted it": its own subject, no name of the
clause before borrowed). The interval is still worked out from the two lines' times, so a wrong
interval, another person, or the sides turned round stay refused. With each rule off, its honest
claim is refused (the duration read as a value no line holds, or the side untraced)."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-10-02T08:00:00Z cloudtrail: j.alvarez (console) PutBucketPolicy on bucket media-drop: added a statement",
    "2026-10-02T08:18:00Z cloudwatch: alarm S3DenySpike in ALARM: 41 AccessDenied in 5 min (threshold 10)",
    "2026-10-02T08:21:40Z pagerduty: S3DenySpike acknowledged by m.lund",
    "2026-10-02T08:24:30Z atlantis: terraform apply for project media-prod: drift reverted (statement for role "
    "uploader removed)"])
ZH = "\n".join([
    "2026-10-03 09:21:00 告警 KafkaLagHigh 触发：consumer-group billing 延迟 120000 条，通知值班 周敏",
    "2026-10-03 09:24:30 周敏 确认告警 KafkaLagHigh",
    "2026-10-03 09:40:00 运维日志：吴昊 重启 billing 消费者"])

HONEST = {
    "en-pronoun-side": "m.lund acknowledged S3DenySpike at 08:21:40, 3 min 40 s after it went into ALARM",
    "en-proper-noun-side": "j.alvarez's console change to the media-drop bucket policy at 08:00 came 24 min 30 s "
                           "before Atlantis reverted it as drift",
    "zh-person-side": "告警 KafkaLagHigh 09:21 触发，周敏 3 分 30 秒后确认",
}
LIES = {
    "en-wrong-interval": ("m.lund acknowledged S3DenySpike at 08:21:40, 5 min 40 s after it went into ALARM",
                          "5 min 40 s"),
    "en-turned-round": ("j.alvarez's console change to the media-drop bucket policy at 08:00 came 24 min 30 s "
                        "after Atlantis reverted it as drift", "after Atlantis"),
    "zh-another-person": ("告警 KafkaLagHigh 09:21 触发，吴昊 3 分 30 秒后确认", "吴昊 3 分 30 秒后确认"),
    "zh-wrong-interval": ("告警 KafkaLagHigh 09:21 触发，周敏 5 分 30 秒后确认", "5 分 30 秒"),
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_interval_between_sides_with_their_own_subjects_is_traced = CASES.honest_traced()
test_a_wrong_interval_person_or_order_is_not_traced = CASES.lies_untraced()
test_an_interval_between_sides_with_their_own_subjects_is_a_finding = CASES.honest_confirmed()
test_a_wrong_interval_person_or_order_is_not_read_as_fact = CASES.lies_not_read_as_fact()
