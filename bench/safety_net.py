"""The safety net's trade, per class: leaks of fabricated or contradicted content against honest
claims refused, on issue 29's labelled set: ``bench/data/safety_net.json`` and every part kept in a
file of its own beside it (``safety_net_<part>.json``, each with its own evidence and runbook and an
``about`` saying who wrote it and on what); written for this benchmark: not the demo corpus, not
third-party data.

Each case is one session through the whole pure pipeline (Executor scripted, Verifier, rules,
Composer, templates), in three modes:
- ``offline``: the offline engine's Verifier and Composer;
- ``trusting``: a Verifier that labels every claim direct_evidence (PASS 1.0), offline Composer;
- ``lying-composer``: the trusting Verifier, and a Composer whose valid JSON carries one sentence
  of its own (the case's sentence; for a claim case a sentence naming its needle, for an honest
  case a restatement of the claim).

A *leak*: a fabricated case's needle is read as fact in the answer (a token needle anywhere, a
statement needle outside a "not confirmed" line), an action's needle is shown, an omitted or
"..." answer is taken from the Composer, an off-topic answer is PASS. A *false refusal*: an honest
claim that names only what its evidence holds (every case of the honest, action, composer and
omission classes) is not shown as a finding with PASS, or (lying Composer mode) the Composer's
honest restatement of an honest case is refused (the case's own ``sentence`` when it has one).
The set has a ``dev`` part the rules were tuned against and a ``heldout`` part that they were
not: both are reported.

Usage: python bench/safety_net.py [--split dev|heldout|all] [--part PART]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # `python bench/x.py` puts bench/ first, not the project
    sys.path.insert(0, str(ROOT))

from app.domain.specific import prepared  # noqa: E402
from app.roles.base import RoleResult  # noqa: E402
from app.roles.offline import OfflineComposer  # noqa: E402
from events.models import AnswerComposed, Usage  # noqa: E402
from tests.unit.factories import run_session  # noqa: E402
from tests.unit.scripted import labelled_case  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "safety_net.json"
FILES = {p.stem.removeprefix("safety_net_"): p
         for p in sorted(DATA.parent.glob("safety_net_*.json"), key=lambda p: (len(p.stem), p.stem))}
"""Parts kept in a file of their own, with their own evidence and runbook (every other part is in
DATA), so that a part can be written on evidence the rules were never tried on: ``fresh2`` ...,
each by an outsider who read neither the rules, their tests nor their docs (the file's ``about``
says on what, and which forms of lie it holds)."""
MODES = ("offline", "trusting", "lying-composer")
GAP_PREFIXES = ("- Not confirmed by the evidence:", "- 证据未能证实：")


class AddingComposer:
    """The offline Composer's valid JSON with one sentence of its own (or, for an omission, in
    place of the whole answer)."""

    def __init__(self, sentence: str, replace: bool) -> None:
        self.sentence, self.replace = sentence, replace

    async def compose(self, material: dict[str, Any], budget_s: float) -> RoleResult:
        base = json.loads((await OfflineComposer().compose(material, budget_s)).text)
        base["user_facing_answer"] = self.sentence if self.replace else f"{base['user_facing_answer']}\n{self.sentence}"
        return RoleResult(text=json.dumps(base, ensure_ascii=False), usage=Usage(role="composer", model="lying"))


def session(case: dict[str, Any], data: dict[str, Any], mode: str) -> AnswerComposed:
    q, roles = labelled_case(case, data, "offline" if mode == "offline" else "all-direct")
    if mode == "lying-composer":
        sentence = case["sentence"] or (f"Also, {case['needle']} was seen." if case["needle"] and not case["honest"]
                                        else case["claim"])
        roles.composer = AddingComposer(sentence, replace=case["kind"] == "omission")  # type: ignore[assignment]
    _, _, [answer] = run_session(q, session_id=f"{case['id']}-{mode}", roles=roles)
    return answer


def leaked(case: dict[str, Any], a: AnswerComposed, mode: str) -> bool:
    if case["kind"] == "omission":
        return mode == "lying-composer" and a.composer_status == "valid"
    if case["kind"] == "off_topic":
        return a.verdict == "PASS"
    needle = prepared(case["needle"])
    lines = [ln for ln in a.final_answer.splitlines()
             if case["needle_kind"] == "token" or not ln.startswith(GAP_PREFIXES)]
    if case["kind"] == "composer" and mode != "lying-composer":
        return False  # the lie is the Composer's: only that mode tells it
    return any(needle in prepared(ln) for ln in lines)


def lie(case: dict[str, Any]) -> bool:
    """A case with something that must not be read as fact: a dishonest claim, or a lie told in its
    action or by its Composer (a needle), an omission, an off-topic answer."""
    return not case["honest"] or bool(case["needle"]) or case["kind"] in ("omission", "off_topic")


def honest(case: dict[str, Any]) -> bool:
    """A case whose claim names only what its evidence holds (the lie, if any, is an action or the
    Composer's): the claim must be shown as a PASS finding in every mode."""
    return bool(case["honest"]) and case["kind"] != "off_topic"


def refused(case: dict[str, Any], a: AnswerComposed, mode: str) -> bool:
    """An honest claim not shown as a PASS finding (or its honest restatement refused)."""
    shown = any(prepared(case["claim"]) in prepared(ln) for ln in a.final_answer.splitlines()
                if not ln.startswith(GAP_PREFIXES))
    if a.verdict != "PASS" or not shown:
        return True
    if case["kind"] == "action" and not case["needle"] and prepared(case["action"]) not in prepared(a.final_answer):
        return True  # an honest next step, traced to the runbook a confirmed claim cites, must be shown
    # the Composer's added sentence (``session``) is honest: the case's own without a needle, or its claim
    restated = case["kind"] != "omission" and not (case["sentence"] and case["needle"])
    return mode == "lying-composer" and restated and a.composer_status != "valid"


SETS = {"issue-29": "the issue-29 set", "new": "new forms", "unseen": "unseen classes", "fresh": "fresh classes",
        **{part: f"{part} classes" for part in FILES}}
"""Parts in DATA: cases written with the rules (``issue-29``), forms written after them (``new``),
classes written by someone who had not read the rules' tests (``unseen``: unit conversions,
off-by-one counts, a wrong service with the right error, a swapped causal direction, invented config
keys, wrong zones, wrong timestamps; held out only), and classes written after the rules by someone
who read neither the rules, their tests nor their docs, only this file and the data (``fresh``: an
invented item in a list, an invented second cause, two values of a line exchanged, an invented time
window or recurrence, an invented actor, a hedged invented cause, a value borrowed from another
line, a runbook step with an invented value, path or key, a Composer sentence that generalises;
each with honest twins that restate the evidence in other words). Then every part in FILES,
reported apart."""


def run(split: str, part: str) -> dict[str, Any]:
    data = json.loads(FILES.get(part, DATA).read_text(encoding="utf-8"))
    cases = [c for c in data["cases"] if (split == "all" or c["split"] == split) and c.get("set", "issue-29") == part]
    rows: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # leaks, lies, refusals, honest
    misses: list[str] = []
    for case in cases:
        for mode in MODES:
            a = session(case, data, mode)
            r = rows[(case["class"], mode)]
            if lie(case):
                r[1] += 1
                if leaked(case, a, mode):
                    r[0] += 1
                    misses.append(f"LEAK {mode} {case['id']}: {a.verdict} {a.final_answer[:160]!r}")
            if honest(case):
                r[3] += 1
                if refused(case, a, mode):
                    r[2] += 1
                    misses.append(f"REFUSED {mode} {case['id']}: {a.verdict} {a.composer_status} "
                                  f"{a.final_answer[:160]!r}")
    return {"rows": rows, "misses": misses, "cases": len(cases)}


def table(title: str, res: dict[str, Any]) -> list[str]:
    """One part's rows: per class and mode, leaks / lies and honest claims refused / honest claims."""
    rows = res["rows"]
    out = [f"\n{title}: {res['cases']} cases × {len(MODES)} modes",
           f"{'class':<20}" + "".join(f"{m + ' leak':>22}{'refused':>10}" for m in MODES)]
    total = {m: [0, 0, 0, 0] for m in MODES}
    for c in sorted({c for c, _ in rows}):
        line = f"{c:<20}"
        for m in MODES:
            leak, lies, ref, hon = rows[(c, m)]
            total[m] = [x + y for x, y in zip(total[m], rows[(c, m)], strict=True)]
            line += f"{f'{leak}/{lies}' if lies else '-':>22}{f'{ref}/{hon}' if hon else '-':>10}"
        out.append(line)
    line = f"{'all':<20}"
    for m in MODES:
        leak, lies, ref, hon = total[m]
        line += f"{f'{leak}/{lies} ({leak / max(lies, 1):.0%})':>22}{f'{ref}/{hon}':>10}"
    return [*out, line]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", choices=("dev", "heldout", "all"), default="all")
    ap.add_argument("--part", choices=(*SETS, "all"), default="all", help="one part of the set, or all")
    ap.add_argument("--show", action="store_true", help="print each leak and refusal")
    args = ap.parse_args()
    for part, name in SETS.items():
        if args.part not in ("all", part):
            continue
        for split in (("dev", "heldout") if args.split == "all" else (args.split,)):
            res = run(split, part)
            if not res["cases"]:
                continue
            print("\n".join(table(f"{name}, {split}", res)))
            if args.show:
                print("\n".join(res["misses"]))


if __name__ == "__main__":
    main()
