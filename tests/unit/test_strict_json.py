"""One strictness for every model output that must be JSON."""

from __future__ import annotations

import pytest

from app.domain.composing import parse_composer
from app.domain.strict_json import NotOneObject, one_object
from app.domain.verifier import VerifierOutputError, parse_report

NOT_ONE_OBJECT = ['```json\n{"a": 1}\n```', 'Here it is: {"a": 1}', '{"a": 1} {"b": 2}', '[1, 2]', "{nope}",
                  "{" * 5000 + "}" * 5000]


@pytest.mark.parametrize("text", NOT_ONE_OBJECT, ids=["fenced", "prose", "two-values", "array", "broken", "deep"])
def test_anything_but_exactly_one_object_is_refused_by_every_parser(text: str) -> None:
    with pytest.raises(NotOneObject):
        one_object(text)
    with pytest.raises(VerifierOutputError):
        parse_report(text)
    assert parse_composer(text).status == "malformed"


def test_one_object_with_whitespace_around_it_is_taken() -> None:
    assert one_object('  \n{"a": {"b": [1]}}\n ') == {"a": {"b": [1]}}
