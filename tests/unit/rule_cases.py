"""The checks every safety-net rule's tests make, each on the rule's own evidence and cases.

A rule is shown by lies and their honest twins: a lie is not traced to its evidence, and is not
read as fact in the answer whether the Verifier is the offline engine or one that trusts every
claim; a Composer sentence telling it is refused, and one telling the honest twin is taken; the
honest twin is traced, and is a confirmed finding with PASS. A rule's test module keeps its cases
and names each check after its rule::

    CASES = RuleCases(log_of, LIES, HONEST)
    test_a_state_put_on_another_name_is_not_traced = CASES.lies_untraced()

``log_of`` gives the evidence a text is judged on (the module's English or Chinese log)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

import pytest

from app.domain import provenance, slots, specific
from tests.unit.factories import run_session
from tests.unit.scripted import LyingComposer, ScriptedExecutor, claim, inv, output, roles_with

GAP = ("- Not confirmed by the evidence:", "- 证据未能证实：")
VERIFIERS = ("all-direct", "offline")
"""A Verifier that labels every claim direct evidence, and the offline engine."""

Check = Callable[..., None]


def session_on(log: str, text: str, verifier: str = "all-direct", lie: str = "",  # noqa: ANN201
               question: str = "What went wrong?"):
    """One session: ``text`` claimed citing ``log``, the Verifier ``verifier``, and a Composer that
    adds ``lie`` (when given), asked ``question``."""
    roles = roles_with(verifier, ScriptedExecutor({1: ([inv("i1", log)], output(claim("c1", text, ("i1",))))}))
    if lie:
        roles.composer = LyingComposer(lie)  # type: ignore[assignment]
    _, _, [answer] = run_session(question, roles=roles)
    return answer


def read_as_fact(needle: str, answer: str) -> bool:
    """Whether ``needle`` is in a line of ``answer`` other than a gap line."""
    return any(specific.prepared(needle) in specific.prepared(ln) for ln in answer.splitlines()
               if not ln.startswith(GAP))


def by_language(en: str, zh: str) -> Callable[[str], str]:
    """The log a text is judged on: ``zh`` for a text with a CJK ideograph, else ``en``."""
    return lambda text: zh if any("\u4e00" <= ch <= "\u9fff" for ch in text) else en


@dataclass(frozen=True)
class RuleCases:
    """One rule's cases: ``lies`` maps an id to the claim and what must not be read as fact in it;
    ``honest`` maps an id to a claim that names only what its evidence holds."""

    log_of: Callable[[str], str]
    lies: Mapping[str, tuple[str, str]]
    honest: Mapping[str, str]

    def lies_untraced(self) -> Check:
        @pytest.mark.parametrize(("text", "needle"), self.lies.values(), ids=self.lies.keys())
        def check(text: str, needle: str) -> None:
            assert provenance.Items(self.log_of(text).splitlines()).untraced(text) is not None, needle
        return check

    def honest_traced(self) -> Check:
        @pytest.mark.parametrize("text", self.honest.values(), ids=self.honest.keys())
        def check(text: str) -> None:
            assert provenance.Items(self.log_of(text).splitlines()).untraced(text) is None
        return check

    def lies_not_read_as_fact(self, verifiers: Iterable[str] = VERIFIERS) -> Check:
        @pytest.mark.parametrize("verifier", list(verifiers))
        @pytest.mark.parametrize(("text", "needle"), self.lies.values(), ids=self.lies.keys())
        def check(text: str, needle: str, verifier: str) -> None:
            a = session_on(self.log_of(text), text, verifier)
            assert not read_as_fact(needle, a.final_answer), a.final_answer
        return check

    def honest_confirmed(self, verifiers: Iterable[str] = VERIFIERS) -> Check:
        @pytest.mark.parametrize("verifier", list(verifiers))
        @pytest.mark.parametrize("text", self.honest.values(), ids=self.honest.keys())
        def check(text: str, verifier: str) -> None:
            a = session_on(self.log_of(text), text, verifier)
            assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer
        return check

    def composer_sentences(self, cases: Mapping[str, tuple[str, str, bool]]) -> Check:
        """``cases`` maps an id to a confirmed claim, a sentence a Composer adds to it, and whether
        that sentence is taken (the answer stays the Composer's)."""
        @pytest.mark.parametrize(("confirmed", "lie", "taken"), cases.values(), ids=cases.keys())
        def check(confirmed: str, lie: str, taken: bool) -> None:
            a = session_on(self.log_of(confirmed), confirmed, lie=lie)
            assert a.verdict == "PASS" and (a.composer_status == "valid") is taken, (a.composer_status, a.final_answer)
        return check



_NEVER = re.compile(r"(?!)")


def traced_without(name: str, texts: Iterable[str], log_of: Callable[[str], str], monkeypatch: pytest.MonkeyPatch,
                   values: Iterable[int] | None = None) -> bool:
    """Whether any of ``texts`` is traced to its log with the values ``values`` (all, when None) of
    the slot class called ``name`` matching nothing: a class is needed where a lie of its own then is."""
    k = next(k for k, cls in enumerate(slots.CLASSES) if cls.name == name)
    off = set(range(len(slots.CLASSES[k].values)) if values is None else values)
    patterns = list(slots._PATTERNS)
    patterns[k] = tuple(_NEVER if v in off else p for v, p in enumerate(patterns[k]))
    monkeypatch.setattr(slots, "_PATTERNS", tuple(patterns))
    forget()
    try:
        return any(provenance.Items(log_of(t).splitlines()).untraced(t) is None for t in texts)
    finally:
        forget()


def forget() -> None:
    """Clear what the trace remembers of the classes' answers."""
    for memo in (slots.values, slots.answered, provenance._untraced, provenance._trace, provenance._traces):
        memo.cache_clear()
