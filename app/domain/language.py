"""A session's language, decided once: every template, gap prefix and fixed line of its answer,
and the Composer's material, use it.

The operator's setting (``GROUNDGATE_ANSWER_LANGUAGE``) wins when it names a language; then the
client's ``language`` field on its query; then the question itself (``text.language_of``).
"""

from __future__ import annotations

from typing import Literal

from app.domain.text import language_of
from events.models import Language

AnswerLanguage = Literal["auto", "en", "zh"]
"""The setting: ``auto`` (the client's field, else the question's), or one language for every answer."""


def session_language(setting: AnswerLanguage, requested: Language | None, question: str) -> Language:
    """The language of a session's answer."""
    if setting != "auto":
        return setting
    return requested or language_of(question)
