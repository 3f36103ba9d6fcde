"""What will happen is what a line gives (app/domain/modal.py).

After a word of the future or of a hypothesis (will, would, going to; 将, 会, 即将), every content
word of the clause is the item's: a prediction made of a line's names and a verb of its own ("will
renew", "会自动续期") is not traced; a line's own future ("expires in 6 days") restated with
"will" is."""

from __future__ import annotations

import pytest

from app.domain import modal
from tests.unit.rule_cases import RuleCases, by_language

EN = "\n".join([
    "2026-12-01T03:16:44Z cert-manager: certificate api-tls on edge-lb-use2 expires in 6 days (2026-12-07)",
    "2026-12-01T03:20:31Z argocd: application search-api rolled back from v3.8.0 to v3.7.2 by deploy-pipeline",
    "2026-12-01T03:25:00Z scheduler: job compact-logs on node-7 will run again at 04:00"])
ZH = "\n".join([
    "2026-12-01T03:16:44Z cert-manager: 证书 api-tls 将在 6 天后过期（2026-12-07）",
    "2026-12-01T03:25:00Z 调度器: node-7 上的任务 compact-logs 将于 04:00 再次运行"])

PREDICTED = {  # the claim, and what must not be read as fact
    "en-renew": ("cert-manager will renew certificate api-tls on edge-lb-use2 automatically before it expires "
                 "in 6 days", "will renew"),
    "en-would-redeploy": ("argocd would redeploy search-api v3.8.0 after the rollback to v3.7.2", "would redeploy"),
    "en-going-to-fail": ("job compact-logs on node-7 is going to fail again at 04:00", "fail again"),
    "zh-renew": ("cert-manager 会自动续期证书 api-tls，6 天后不会过期", "自动续期"),
    "zh-rerun-fail": ("node-7 上的任务 compact-logs 将于 04:00 再次失败", "再次失败"),
}
HONEST = {
    "en-expires": "Certificate api-tls on edge-lb-use2 will expire in 6 days, on 2026-12-07",
    "en-runs-again": "The compact-logs job on node-7 will run again at 04:00",
    "en-past": "argocd rolled search-api back from v3.8.0 to v3.7.2",
    "zh-expires": "证书 api-tls 将在 6 天后过期",
    "zh-runs-again": "node-7 上的任务 compact-logs 将于 04:00 再次运行",
}
CASES = RuleCases(by_language(EN, ZH), PREDICTED, HONEST)

test_a_prediction_of_an_event_no_line_gives_is_not_traced = CASES.lies_untraced()
test_a_lines_own_future_restated_is_traced = CASES.honest_traced()
test_a_claim_predicting_an_event_is_not_read_as_fact = CASES.lies_not_read_as_fact()
test_a_claim_restating_a_lines_future_is_a_confirmed_finding = CASES.honest_confirmed()
test_a_composer_sentence_predicting_an_event_is_refused = CASES.composer_sentences({
    "en-renew": (HONEST["en-expires"], "cert-manager will renew it automatically, so nothing needs to be done.", False),
    "en-expires-honest": (HONEST["en-expires"], "Certificate api-tls on edge-lb-use2 will expire in 6 days.", True),
    "zh-renew": (HONEST["zh-expires"], "cert-manager 会自动续期证书 api-tls。", False),
})


@pytest.mark.parametrize(("line", "word"), [
    ("cert-manager will renew certificate api-tls", "renew"),
    ("certificate api-tls will expire in 6 days", None),
    ("the session will be retried", None), ("会话 api-tls 过期", None)])
def test_the_first_content_word_after_a_word_of_the_future_is_the_items(line: str, word: str | None) -> None:
    item = "cert-manager: certificate api-tls expires in 6 days; the session was retried; 会话 api-tls 过期"
    assert modal.predicted(line, item) == word
