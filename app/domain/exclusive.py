"""An exclusive word on a part of a whole: "only 38 of the 60 requested executors", "仅 38/60",
"60 个中只有 38 个".

"only", 仅 and 只有 are of the exclusive class (``app.domain.extent``): "only node-3 is under
pressure" says nothing else is, which no line says. Before a count the line itself gives as a part
of a whole ("N of M", "N out of M", "N/M"; in Chinese, after the whole: "M 个中只有 N 个") the word
restricts nothing the count does not: N of M are, the other M - N are not. There it is the count's
own word, and the line is judged without it; elsewhere ("only two NodeManagers went UNHEALTHY",
"只有 dn-07 异常") it stays a word of the class."""

from __future__ import annotations

import re

from app.domain import units

_EN = re.compile(r"(?i)(?<![\w-])only\s+(?=(?:about\s+)?\d[\d,.]*(?:\s*/\s*\d|\s+(?:[a-z-]+\s+){0,2}?"
                 r"(?:out\s+)?of\s+(?:the\s+|its\s+|all\s+)?\d))")
_ZH_BEFORE = re.compile(r"(?:只有|仅有|仅仅|仅)\s*(?=\d[\d,.]*\s*/\s*\d)")
_ZH_AFTER = re.compile(r"(\d[^，,；;。\d]{0,16}?中)\s*(?:只有|仅有|仅仅|仅)\s*(?=\d)")
_MEASURED = rf"(?:about\s+|约)?\d+(?:\.\d+)?(?:{units.UNIT_AFTER.pattern}|\s?[%％](?!\w))"
_EN_MEASURE = re.compile(rf"(?i)(?<![\w-])only\s+(?={_MEASURED})")
_ZH_MEASURE = re.compile(rf"(?:只有|仅有|仅)\s*(?={_MEASURED})")
"""An exclusive word right before a quantity of the unit table ("pg_replica_01 only 0.3 GB", "仅
0.3 GB") or a share ("only 3.1% of requests succeeded", "仅 3.1%"): an amount has no members to
leave out, and a share is a part of a whole, the rest being what it leaves out, so "only" says how
little, which the value says;
before a count of things ("only 3 workers", "只有 3 个") or a name it stays a word of the class."""


def without(line: str) -> str:
    """``line`` without an exclusive word on a part of a whole it states (see the module); as it is
    when it has none."""
    line = _ZH_MEASURE.sub("", _EN_MEASURE.sub("", line))
    return _ZH_AFTER.sub(r"\1 ", _ZH_BEFORE.sub("", _EN.sub("", line)))
