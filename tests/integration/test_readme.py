"""The README's client example, run as a new user would run it: its Python block, against a
worker on the default topic prefix, asks a question and reads its answer."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from app.kafka.brokers import LocalBroker
from tests.integration.conftest import create_topics, tuning_for
from tests.integration.harness import ROOT, Cluster


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_the_readme_python_client_gets_its_answer(broker: LocalBroker, broker_kind: str, tmp_path: Path) -> None:
    [example] = python_blocks((ROOT / "README.md").read_text())
    assert '"127.0.0.1:9092"' in example and "groundgate.query" in example
    cluster = Cluster(bootstrap=broker.bootstrap, prefix="groundgate.", tmp=tmp_path, kind=broker_kind,
                      tuning=tuning_for(broker_kind))
    create_topics(broker.bootstrap, cluster)
    try:
        cluster.worker(GROUNDGATE_APP_ID="readme").start()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(example.replace('"127.0.0.1:9092"', f'"{broker.bootstrap}"'), "README.md", "exec"), {})
    finally:
        for w in cluster.workers:
            w.stop()
    verdict, score, *answer = out.getvalue().splitlines()
    assert verdict == "PASS" and 0.6 <= float(score) <= 1.0 and "OOMKilled" in "\n".join(answer)
