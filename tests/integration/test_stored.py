"""``groundgate ask`` and ``run`` wait for ``app.stack.stored``: an answered snapshot in the store
is not enough, the audit writer must also have stored every record the topics hold (a round's
verdict, the draft, the answer), since the embedded broker keeps its log in memory."""

from __future__ import annotations

import asyncio
from pathlib import Path

from aiokafka import AIOKafkaConsumer, TopicPartition

from app.audit.sink import AUDITED
from app.audit.store import AuditStore
from app.domain.chat_service import snapshot
from app.kafka import clients as kafka_clients
from app.kafka.offsets import log_ends
from app.settings import Settings
from app.stack import stored
from tests.integration.harness import Cluster, query
from tests.unit.factories import run_session


async def _commit_audit_group_at_the_ends(settings: Settings, bootstrap: str) -> None:
    """What an audit writer that stored everything leaves: its group committed at every end."""
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, group_id=f"{settings.group_id}-audit",
                         enable_auto_commit=False)
    await c.start()
    try:
        tps = [TopicPartition(settings.topic(t), p) for t in AUDITED
               for p in await kafka_clients.partitions(c, settings.topic(t))]
        c.assign(tps)
        ends = await log_ends(settings, bootstrap, await c.end_offsets(tps))
        await c.commit({tp: n for tp, n in ends.items() if n})
    finally:
        await c.stop()


def test_an_answered_snapshot_is_not_stored_while_the_audit_writer_has_records_left(cluster: Cluster,
                                                                                    tmp_path: Path) -> None:
    settings = Settings(topic_prefix=cluster.prefix)
    sid = "stored-1"
    _, state, _ = run_session("Why do payments-api pods keep restarting with exit code 137?", session_id=sid)
    store = AuditStore(f"chdb://{tmp_path / 'chdb'}")
    try:
        store.migrate()
        store.write([], [snapshot(state)])  # the answered snapshot is in ...
        asyncio.run(cluster.produce("query", [query(sid, "q")]))  # ... but a record is not, and no writer runs
        lacking = asyncio.run(stored(settings, cluster.bootstrap, store, [sid], timeout_s=2))
        assert lacking == "the audit writer has 1 record(s) left to store"
        asyncio.run(_commit_audit_group_at_the_ends(settings, cluster.bootstrap))
        assert asyncio.run(stored(settings, cluster.bootstrap, store, [sid], timeout_s=2)) == ""
        assert asyncio.run(stored(settings, cluster.bootstrap, store, ["never-answered"], timeout_s=0.5)) \
            == "no answered snapshot of never-answered"
    finally:
        store.close()
