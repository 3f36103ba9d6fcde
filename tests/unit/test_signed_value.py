"""A sign is part of a value (app/domain/signed.py, a veto of ``provenance.Items._vetoed``): "set to 1"
of "set to -1", or "-30" of "30", holds the digits and says another value. A negative value's size
told with a word of its way down ("fell by 420", "落后 0.4 秒") and a value with its own sign stay
traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-03-02T09:21:00Z deploy: batch-07 config max_retries set to -1, timeout_s set to 30",
    "2026-03-02T09:27:00Z kafka: orders consumer lag delta -420 over the last minute",
    "2026-03-02T09:28:00Z chrony: node-05 clock offset -0.4 s"])
ZH = "\n".join([
    "2026-03-02 09:21:00 deploy：batch-07 配置 max_retries 设为 -1，timeout_s 设为 30",
    "2026-03-02 09:27:00 kafka：orders 消费延迟变化 -420",
    "2026-03-02 09:28:00 chrony：node-05 时钟偏移 -0.4 秒"])

LIES = {
    "en-sign-dropped": ("At 09:21 batch-07's config set max_retries to 1", "max_retries to 1"),
    "en-sign-added": ("At 09:21 batch-07's config set timeout_s to -30", "timeout_s to -30"),
    "en-offset": ("At 09:28 node-05 had a clock offset of 0.4 s", "offset of 0.4 s"),
    "zh-sign-dropped": ("09:21 batch-07 配置 max_retries 设为 1", "max_retries 设为 1"),
    "zh-sign-added": ("09:21 batch-07 配置 timeout_s 设为 -30", "timeout_s 设为 -30"),
    "zh-offset": ("09:28 node-05 时钟偏移 0.4 秒", "偏移 0.4 秒"),
}
HONEST = {
    "en-signed": "At 09:21 batch-07's config set max_retries to -1",
    "en-unsigned": "At 09:21 batch-07's config set timeout_s to 30",
    "en-fell-by": "At 09:27 the orders consumer lag fell by 420 over the last minute",
    "en-lag-signed": "At 09:27 the orders consumer lag delta was -420 over the last minute",
    "zh-signed": "09:21 batch-07 配置 max_retries 设为 -1",
    "zh-unsigned": "09:21 batch-07 配置 timeout_s 设为 30",
    "zh-fell-by": "09:27 orders 消费延迟下降了 420",
}

CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)
test_a_value_without_its_sign_is_not_traced = CASES.lies_untraced()
test_a_value_without_its_sign_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_value_with_its_sign_is_traced = CASES.honest_traced()
test_a_value_with_its_sign_is_confirmed = CASES.honest_confirmed()
