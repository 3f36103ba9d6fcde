"""A next step a material item forbids is not shown (app/domain/forbidden.py,
``provenance.forbidden_step``): "Fail over the whole cluster to region eu-west" of a runbook's "do not
fail over the whole cluster to another region", "对整个 ledger-db 集群执行全量回滚" of "不要对整个集群执行全量
回滚" hold the words of the line, their instruction among them, and tell the user to do what it
tells them not to. With the rule off (``forbidden_step`` returning False) those steps are held and
shown; a step the runbook gives, or one sharing only some words with a prohibition, is shown."""

from __future__ import annotations

import pytest

from app.domain import provenance
from tests.unit.factories import run_session
from tests.unit.scripted import ScriptedExecutor, claim, inv, output, roles_with

EN = [
    "2026-11-28T02:10:00Z ops-log: failover of shard-4 of ledger-db to region eu-west started by r.nair",
    "Runbook. 1. Fail over only the shard whose primary is down. 2. Do not fail over the whole cluster "
    "of ledger-db to region eu-west. 3. Never drop the replication slot of a lagging replica.",
]
ZH = [
    "2026-11-28 02:10:00 ops-log：韩梅 对 ledger-db 的 shard-4 执行回滚",
    "手册：1. 只回滚出错的分片。2. 不要对整个集群执行全量回滚。3. 禁止删除滞后副本的复制槽。",
]

FORBIDDEN = {
    "en-whole-cluster": ("Fail over the cluster of ledger-db to region eu-west", EN),
    "en-drop-slot": ("Drop the replication slot of the lagging replica", EN),
    "zh-whole-cluster": ("对整个 ledger-db 集群执行全量回滚", ZH),
    "zh-drop-slot": ("删除滞后副本的复制槽", ZH),
}
GIVEN = {
    "en-one-shard": ("Fail over only the shard of ledger-db whose primary is down", EN),
    "zh-one-shard": ("只回滚出错的分片", ZH),
}


def _items(lines: list[str]) -> provenance.Items:
    return provenance.Items([s for ln in lines for s in provenance.sentences(ln)])


@pytest.mark.parametrize(("action", "lines"), FORBIDDEN.values(), ids=FORBIDDEN.keys())
def test_a_step_an_item_forbids_is_not_held(action: str, lines: list[str]) -> None:
    assert provenance.forbidden_step(action, _items(lines))
    assert not provenance.acts_on_held(action, _items(lines))


@pytest.mark.parametrize(("action", "lines"), GIVEN.values(), ids=GIVEN.keys())
def test_a_step_the_runbook_gives_is_held(action: str, lines: list[str]) -> None:
    assert not provenance.forbidden_step(action, _items(lines))
    assert provenance.acts_on_held(action, _items(lines))


@pytest.mark.parametrize(("action", "lines"), FORBIDDEN.values(), ids=FORBIDDEN.keys())
def test_a_step_an_item_forbids_is_not_shown(action: str, lines: list[str]) -> None:
    executor = ScriptedExecutor({1: ([inv("i1", lines[0]), inv("i2", lines[1], tool="runbook_search")],
                                     output(claim("c1", lines[0].split("：" if "：" in lines[0] else ": ", 1)[1],
                                                  ("i1", "i2")), actions=(action,)))})
    _, _, [answer] = run_session("What should we do?", roles=roles_with("all-direct", executor))
    assert action not in answer.final_answer
