"""The snapshot outbox (app.kafka.express.Outbox): in order, and bounded."""

from __future__ import annotations

import asyncio

from app.kafka.express import Outbox


def test_a_full_outbox_says_no_so_memory_stays_bounded_and_what_it_took_is_sent_in_order() -> None:
    """A broker that does not answer: past ``max_queued`` the outbox refuses (the caller then uses
    Faust's bounded buffer) instead of holding every record in memory."""
    sent: list[bytes] = []
    broker_back = asyncio.Event()

    async def send(topic: str, key: bytes, value: bytes) -> None:
        await broker_back.wait()
        sent.append(value)

    async def go() -> list[bool]:
        box = Outbox(send, max_queued=3)
        taken = [box.put("t", b"k", str(i).encode()) for i in range(6)]
        await asyncio.sleep(0)  # the drain takes the first record and waits on the broker
        taken.append(box.put("t", b"k", b"6"))
        broker_back.set()
        await box.close()
        return taken

    taken = asyncio.run(go())
    assert taken == [True, True, True, False, False, False, True]
    assert sent == [b"0", b"1", b"2", b"6"]
