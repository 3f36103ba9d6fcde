"""A bench-only probe: with ``GG_PROBE_DIR`` set and this directory on ``PYTHONPATH``, every Python
process started so (the workers ``bench/load.py`` starts) counts the Kafka requests it sends, by
type, into ``GG_PROBE_DIR/<pid>.json`` twice a second (``GG_PROBE_EVERY_S``). It wraps aiokafka's connection ``send``, a
private method, so it lives here and never in the app.

    PYTHONPATH=$PWD/bench/probe GG_PROBE_DIR=/tmp/probe python bench/load.py …  (absolute: workers run elsewhere)
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import threading
import time
from typing import Any

_DIR = os.environ.get("GG_PROBE_DIR")
_EVERY_S = float(os.environ.get("GG_PROBE_EVERY_S", "0.5"))
"""How often the counts are written (``bench/load.py`` asks for 0.05 s to count a block of queries)."""


def _install(where: str) -> None:
    counts: collections.Counter[str] = collections.Counter()
    with contextlib.suppress(ImportError):
        import aiokafka.conn as conn

        original = conn.AIOKafkaConnection.send

        def send(self: Any, request: Any, expect_response: bool = True) -> Any:
            counts[type(request).__name__.split("_")[0]] += 1
            return original(self, request, expect_response)

        conn.AIOKafkaConnection.send = send  # type: ignore[method-assign]

    def dump() -> None:
        path = os.path.join(where, f"{os.getpid()}.json")
        while True:
            time.sleep(_EVERY_S)
            with open(path + ".tmp", "w") as f:
                json.dump(dict(counts), f)
            os.replace(path + ".tmp", path)

    threading.Thread(target=dump, daemon=True, name="gg-probe").start()


if _DIR:
    _install(_DIR)

if os.environ.get("GG_HOPS_DIR"):
    import hops

    hops.install(os.environ["GG_HOPS_DIR"])
