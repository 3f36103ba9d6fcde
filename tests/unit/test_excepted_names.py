"""A name an item sets apart from what it reports ("media-api-4 not changed", "api-2 canary
excluded", "web-4 未变") does not take it (app.domain.excepted)."""

from __future__ import annotations

import pytest

from app.domain.provenance import Items

EN = [
    "2026-12-03T08:58:00Z deploy-log: media-api v2.9.0 deployed by r.tanaka to media-api-1, media-api-3, media-api-4 "
    "(media-api-2 canary excluded, stays on v2.8.4)",
    "2026-12-03T09:31:50Z feature-flags: thumbs_date_prefix set back to on by j.moreau for media-api-1 and "
    "media-api-3; media-api-4 not changed",
    "2026-12-03T10:05:00Z patch-bot: kernel 6.8.12 installed on node-a1 and node-a2; node-a3 skipped, except from "
    "the maintenance window",
]
ZH = [
    "2026-12-03T09:31:50Z 功能开关: zhao.lei 为 web-1 和 web-3 打开 thumbs_date_prefix；web-4 未变",
    "2026-12-03T10:00:00Z 发布记录: order-svc v3.1.0 发布到 order-1、order-2（order-3 除外，仍为 v3.0.9）",
]


@pytest.mark.parametrize("line", [
    "The thumbs_date_prefix flag was set back to on for media-api-4",
    "j.moreau set thumbs_date_prefix back to on for media-api-4",
    "media-api v2.9.0 was deployed to media-api-2",
    "kernel 6.8.12 was installed on node-a3",
], ids=["flag-en", "actor-en", "canary-en", "kernel-en"])
def test_an_english_line_giving_an_excepted_name_the_change_is_not_traced(line: str) -> None:
    assert Items(EN).trace(line) is None


@pytest.mark.parametrize("line", [
    "web-4 的 thumbs_date_prefix 已被 zhao.lei 打开",
    "zhao.lei 为 web-4 打开了 thumbs_date_prefix",
    "order-svc v3.1.0 已发布到 order-3",
], ids=["flag-zh", "actor-zh", "release-zh"])
def test_a_chinese_line_giving_an_excepted_name_the_change_is_not_traced(line: str) -> None:
    assert Items(ZH).trace(line) is None


@pytest.mark.parametrize(("items", "line"), [
    (EN, "The thumbs_date_prefix flag was not changed for media-api-4"),
    (EN, "thumbs_date_prefix was set back to on for media-api-1 and media-api-3"),
    (EN, "media-api-2 stays on v2.8.4"),
    (EN, "media-api v2.9.0 was deployed to media-api-4"),
    (EN, "The media-api-2 canary was excluded from v2.9.0"),
    (EN, "kernel 6.8.12 was installed on node-a1 and node-a2"),
    (ZH, "web-4 的 thumbs_date_prefix 未变"),
    (ZH, "zhao.lei 为 web-1 和 web-3 打开了 thumbs_date_prefix"),
    (ZH, "order-3 仍为 v3.0.9"),
    (ZH, "order-svc v3.1.0 已发布到 order-1、order-2"),
], ids=["denied-en", "others-en", "restated-part-en", "deployed-en", "marked-en", "kernel-en",
        "denied-zh", "others-zh", "restated-part-zh", "release-zh"])
def test_honest_lines_about_the_change_and_its_exception_stay_traced(items: list[str], line: str) -> None:
    assert Items(items).trace(line) is not None
