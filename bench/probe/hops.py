"""A bench-only probe of where one record's time goes in a worker, installed by ``sitecustomize``
when ``GG_HOPS_DIR`` is set: every process writes ``GG_HOPS_DIR/<pid>.jsonl``, one line per step,
wall-clock milliseconds (``t``) and the thread it ran on (``th``):

- ``req``/``resp``: a Fetch or Produce request written to a broker connection and its answer
  (a Produce request names its connection and the partitions it carries per topic; for a Fetch's
  answer, the partitions that came with records and their count; for a Produce's, the base offset
  per partition);
- ``send``/``acked``: ``AIOKafkaProducer.send`` called (topic, key) and its delivery known
  (partition, offset, the record's timestamp);
- ``fetched``: aiokafka's fetcher handed records to its caller (Faust's consumer thread);
- ``tracked``: Faust's conductor took a message for its streams (the worker's event loop);
- ``decoded``: an agent decoded it (``Runtime.decode``).

It wraps private methods of aiokafka and Faust, so it lives here and never in the app. A record's
steps are joined by its place (topic, partition, offset: ``acked`` gives it, with the session key),
and a query's by its session key; with one query at a time, the requests between two queries'
sends are that query's.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from typing import Any

_lines: list[str] = []
_lock = threading.Lock()


def _log(kind: str, **fields: Any) -> None:
    fields.update(k=kind, t=round(time.time() * 1000, 3), th=threading.current_thread().name[:12])
    line = json.dumps(fields, default=str)
    with _lock:
        _lines.append(line)


def _partitions(response: Any) -> list[list[Any]]:
    """(topic, partition, first offset or base offset) of the partitions an answer carries data for."""
    out: list[list[Any]] = []
    for topic, parts in getattr(response, "topics", None) or []:
        for part in parts:
            if response.__class__.__name__.startswith("Fetch"):
                records = part[-1]
                if records:
                    out.append([topic, part[0], len(records)])
            else:
                out.append([topic, part[0], part[2]])
    return out


def _wrap_connection() -> None:
    import aiokafka.conn as conn

    original = conn.AIOKafkaConnection.send

    def send(self: Any, request: Any, expect_response: bool = True) -> Any:
        kind = type(request).__name__.split("_")[0]
        if kind not in ("FetchRequest", "ProduceRequest"):
            return original(self, request, expect_response)
        if kind == "FetchRequest":  # which reader: its wait, and how many partitions it asks for
            _log("req", r=kind, wait=getattr(request, "_max_wait_ms", None),
                 n=sum(len(parts) for _, parts in getattr(request, "_topics", ())))
        else:  # which producer (its connection) and what it carries: topic → records' partitions
            _log("req", r=kind, conn=id(self) % 100_000,
                 topics={topic: len(parts) for topic, parts in getattr(request, "_topics", ())})
        waited = original(self, request, expect_response)

        async def answered() -> Any:
            res = await waited
            _log("resp", r=kind, parts=_partitions(res))
            return res

        return answered() if expect_response else waited

    conn.AIOKafkaConnection.send = send  # type: ignore[method-assign]


def _wrap_producer() -> None:
    from aiokafka import AIOKafkaProducer

    original = AIOKafkaProducer.send

    async def send(self: Any, topic: str, value: Any = None, key: Any = None, *args: Any, **kwargs: Any) -> Any:
        name = key.decode(errors="replace") if isinstance(key, bytes) else key
        _log("send", topic=topic, key=name)
        fut = await original(self, topic, value, key, *args, **kwargs)

        def done(f: Any) -> None:
            if not f.cancelled() and f.exception() is None:
                md = f.result()
                _log("acked", topic=md.topic, key=name, p=md.partition, o=md.offset, ts=md.timestamp)

        fut.add_done_callback(done)
        return fut

    AIOKafkaProducer.send = send  # type: ignore[method-assign]


def _wrap_fetcher() -> None:
    from aiokafka.consumer.fetcher import Fetcher

    original = Fetcher.fetched_records

    async def fetched_records(self: Any, partitions: Any, *args: Any, **kwargs: Any) -> Any:
        got = await original(self, partitions, *args, **kwargs)
        for tp, records in got.items():
            for r in records:
                _log("fetched", topic=tp.topic, p=tp.partition, o=r.offset, ts=r.timestamp)
        return got

    Fetcher.fetched_records = fetched_records  # type: ignore[method-assign]


def _wrap_later() -> None:
    """Faust's consumer and the app's runtime, once imported (polled: the worker imports them soon)."""
    done: set[str] = set()
    for _ in range(6000):
        faust_consumer = sys.modules.get("faust.transport.consumer")
        if faust_consumer is not None and hasattr(faust_consumer, "Consumer") and "faust" not in done:
            done.add("faust")
            track = faust_consumer.Consumer.track_message

            def track_message(self: Any, message: Any, _orig: Any = track) -> None:
                _log("tracked", topic=message.topic, p=message.partition, o=message.offset)
                _orig(self, message)

            faust_consumer.Consumer.track_message = track_message
        runtime = sys.modules.get("app.kafka.runtime")
        if runtime is not None and hasattr(runtime, "Runtime") and "rt" not in done:
            done.add("rt")
            decode = runtime.Runtime.decode

            def decode_logged(self: Any, value: Any, message: Any, _orig: Any = decode) -> Any:
                place = (message.topic, message.partition, message.offset)
                if self.decoded.get(place) is None:
                    _log("decoded", topic=message.topic, p=message.partition, o=message.offset)
                return _orig(self, value, message)

            runtime.Runtime.decode = decode_logged
        if len(done) == 2:
            return
        time.sleep(0.01)


def install(where: str) -> None:
    try:
        _wrap_connection()
        _wrap_producer()
        _wrap_fetcher()
    except ImportError:
        return
    path = os.path.join(where, f"{os.getpid()}.jsonl")

    def dump() -> None:
        while True:
            time.sleep(0.5)
            with _lock:
                out, _lines[:] = list(_lines), []
            if out:
                with open(path, "a") as f:
                    f.write("\n".join(out) + "\n")

    threading.Thread(target=dump, daemon=True, name="gg-hops").start()
    threading.Thread(target=_wrap_later, daemon=True, name="gg-hops-wrap").start()
