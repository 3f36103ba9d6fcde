"""A gap line hides a name written in capitalised common words that no material holds, as it hides
a specific token (app.domain.names, provenance.mask)."""

from __future__ import annotations

import pytest

from app.domain.names import capitalised
from app.domain.provenance import mask

KNOWN = ("2026-12-03T09:12:40Z media-api-3 app.log: PutObject s3://acme-media/thumbs/ failed: 503 SlowDown\n"
         "2026-12-04T15:52:31Z ledger-svc-1 gc.log: Pause Full (Allocation Failure) 3.9G->3.7G(4.0G)\n"
         "2026-12-03T02:11:32Z pgbouncer pgb-1: 连接池 billing 已满，等待客户端 186 个")


@pytest.mark.parametrize(("claim", "name"), [
    ("The throttling was probably made worse by S3 Transfer Acceleration on acme-media", "Transfer Acceleration"),
    ("media-api-3 may have hit the Request Rate Governor of the bucket", "Rate Governor"),
    ("The heap was perhaps filled by the Audit Trail Cache on ledger-svc-1", "Trail Cache"),
    ("连接池 billing 可能被 Nightly Report Runner 占满", "Report Runner"),
    ("pgb-1 的等待客户端疑似来自 Connection Storm Guard", "Storm Guard"),
], ids=["feature-en", "governor-en", "cache-en", "runner-zh", "guard-zh"])
def test_a_name_of_capitalised_words_no_material_holds_is_hidden(claim: str, name: str) -> None:
    assert name not in mask(claim, KNOWN)


@pytest.mark.parametrize(("claim", "kept"), [
    ("ledger-svc-1 logged a Pause Full after an Allocation Failure", "Allocation Failure"),
    ("Uploads to acme-media were probably slowed by the release", "Uploads"),
    ("Object storage is probably healthy", "Object storage"),
    ("连接池 billing 可能已满", "连接池 billing"),
], ids=["held-name", "first-word", "sentence-start", "zh-held"])
def test_capitalised_words_the_material_holds_or_grammar_capitalises_stay(claim: str, kept: str) -> None:
    assert kept in mask(claim, KNOWN)


def test_a_run_never_takes_the_first_word_of_a_sentence_or_of_a_part_after_a_colon() -> None:
    assert capitalised("Internal DNS is healthy. Blue Green Rollout failed") == ["Green Rollout"]
    assert capitalised("Gap: Blue Green Rollout") == ["Green Rollout"]
    assert capitalised("then Blue Green Rollout, Pause Full") == ["Blue Green Rollout", "Pause Full"]
