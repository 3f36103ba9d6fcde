"""A currency is part of its amount (app/domain/currency.py, read into the specific token by
app/domain/specific.py): "$48,260.00" of "合计 ¥48,260.00" keeps the digits and names another value;
so do "48,260.00 美元" and "€1,250 in credits" of "USD 1,250". The same amount in its currency's
other spelling (a sign for a name, 元 for ¥) and the bare amount stay traced."""

from __future__ import annotations

from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-04-02T10:00:00Z billing: 37 duplicate charges found, total $12,480.50 refunded to customers",
    "2026-04-02T10:05:00Z finance: credit of 1,250 USD issued to account acme-eu"])
ZH = "\n".join([
    "2026-04-02 10:00:00 对账服务 recon-job：发现 19 笔退款重复执行，重复退款金额合计 ¥48,260.00",
    "2026-04-02 10:05:00 财务：向客户 acme-cn 补偿 3,600 元"])

LIES = {  # claim, what must not be read as fact
    "en-sign-swapped": ("billing found 37 duplicate charges, total €12,480.50 refunded", "€12,480.50"),
    "en-name-for-another-sign": ("billing refunded 12,480.50 euros for 37 duplicate charges", "12,480.50 euros"),
    "en-code-swapped": ("finance issued a credit of £1,250 to account acme-eu", "£1,250"),
    "zh-sign-swapped": ("recon-job 发现重复退款金额合计 $48,260.00", "$48,260.00"),
    "zh-name-swapped": ("recon-job 发现 19 笔重复退款，合计 48,260.00 美元", "48,260.00 美元"),
    "zh-sign-for-name": ("财务向客户 acme-cn 补偿 €3,600", "€3,600"),
}
HONEST = {
    "en-as-written": "billing found 37 duplicate charges, total $12,480.50 refunded to customers",
    "en-name-for-sign": "billing refunded 12,480.50 dollars for 37 duplicate charges",
    "en-sign-for-code": "finance issued a credit of $1,250 to account acme-eu",
    "zh-as-written": "recon-job 发现重复退款金额合计 ¥48,260.00",
    "zh-name-for-sign": "recon-job 发现重复退款金额合计 48,260.00 元",
    "zh-sign-for-name": "财务向客户 acme-cn 补偿 ¥3,600",
}
CASES = RuleCases(by_language(EN, ZH), LIES, HONEST)

test_an_amount_in_another_currency_is_not_traced = CASES.lies_untraced()
test_an_amount_in_another_currency_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_an_amount_in_its_currency_is_traced = CASES.honest_traced()
test_an_amount_in_its_currency_is_a_confirmed_finding = CASES.honest_confirmed()
