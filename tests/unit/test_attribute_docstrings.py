"""A field's description is the string right after its annotated assignment, as pydantic's
``use_attribute_docstrings`` reads it: the wire models' descriptions are read once per module."""

from __future__ import annotations

import pytest
from pydantic import BaseModel
from pydantic._internal._docs_extraction import extract_docstrings_from_cls

from events import models
from events.models import attribute_docstrings


class _Probe(BaseModel):
    """Not a field's docstring."""

    plain: int
    """Described."""
    with_default: int = 1
    """Described too,
       over two lines."""
    bare: int = 2
    _note = "an assignment without annotation"
    """Not a field's docstring either."""
    undescribed: int = 3


def test_a_docstring_describes_the_annotated_field_before_it_only() -> None:
    assert attribute_docstrings(__name__)["_Probe"] == {
        "plain": "Described.", "with_default": "Described too,\nover two lines."}


def _models() -> list[type[models.Model]]:
    return [m for m in vars(models).values()
            if isinstance(m, type) and issubclass(m, models.Model) and m is not models.Model]


@pytest.mark.parametrize("model", _models(), ids=lambda m: m.__name__)
def test_every_wire_model_reads_the_docstrings_pydantic_reads(model: type[models.Model]) -> None:
    by_pydantic = extract_docstrings_from_cls(model, use_inspect=True)
    assert attribute_docstrings(models.__name__)[model.__name__] == by_pydantic
