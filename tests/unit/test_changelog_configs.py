"""The session table's changelog is kept so that Kafka compacts it (``app.kafka.changelog``): what a
worker's table declares, and what aligning an existing changelog sets, keeps and refuses to touch."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.kafka import changelog, topics
from app.kafka.changelog import Described, plan
from app.kafka.runtime import build_runtime
from app.settings import Settings
from tests.unit.factories import offline_roles

WANTED = {"cleanup.policy": "compact", "segment.ms": "60000", "delete.retention.ms": "3600000"}
INHERITED_WEEK = Described("604800000", own=False)


def test_the_table_declares_a_changelog_kafka_compacts_within_minutes(tmp_path: Path) -> None:
    rt = build_runtime(Settings(topic_prefix="t.", app_id="declared", data_dir=tmp_path), "127.0.0.1:1",
                       offline_roles())
    topic = rt.table.changelog_topic
    assert topic.get_topic_name() == topics.changelog(rt.settings.group_id)
    assert topic.compacting
    configs = dict(topic.config)
    assert int(configs["segment.ms"]) <= 60_000, "the cleaner never cleans the active segment"
    assert int(configs["max.compaction.lag.ms"]) <= 60_000
    assert int(configs["delete.retention.ms"]) < 24 * 3_600_000, "a tombstone a day per session would be replayed"
    assert {k: v for k, v in changelog.CONFIGS.items() if k != "cleanup.policy"}.items() <= configs.items()


@pytest.mark.parametrize(("current", "to_set", "kept", "configs"), [
    pytest.param({"cleanup.policy": Described("compact", own=True), "segment.ms": INHERITED_WEEK,
                  "max.message.bytes": Described("10485760", own=True)},
                 {"segment.ms": "60000", "delete.retention.ms": "3600000"}, {},
                 {"cleanup.policy": "compact", "max.message.bytes": "10485760", "segment.ms": "60000",
                  "delete.retention.ms": "3600000"},
                 id="a changelog made before: what it inherits is set, what it sets itself written back"),
    pytest.param({"cleanup.policy": Described("compact", own=True), "segment.ms": Described("300000", own=True),
                  "delete.retention.ms": Described("3600000", own=True)},
                 {}, {"segment.ms": "300000"}, {"cleanup.policy": "compact", "segment.ms": "300000",
                                                "delete.retention.ms": "3600000"},
                 id="an operator's own value is left"),
    pytest.param({k: Described(v, own=True) for k, v in WANTED.items()}, {}, {},
                 dict(WANTED), id="aligned already: nothing to set"),
    pytest.param({"cleanup.policy": Described("compact", own=True), "segment.ms": INHERITED_WEEK,
                  "some.secret": Described(None, own=True, sensitive=True)},
                 {"segment.ms": "60000", "delete.retention.ms": "3600000"}, {}, None,
                 id="a sensitive config cannot be written back: nothing is changed"),
])
def test_aligning_a_changelog(current: dict[str, Described], to_set: dict[str, str], kept: dict[str, str],
                              configs: dict[str, str] | None) -> None:
    p = plan(current, WANTED)
    assert p.to_set == to_set
    assert p.kept == kept
    assert p.configs == configs


def test_the_command_a_refusal_names_sets_the_configs_on_the_topic() -> None:
    line = changelog.command("p.groundgate-diagnosis_session-changelog", {"segment.ms": "60000", "a.b": "1"})
    assert "--entity-name p.groundgate-diagnosis_session-changelog" in line
    assert line.endswith("--add-config segment.ms=60000,a.b=1")
