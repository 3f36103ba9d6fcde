"""A finding is about what the lines naming its names are about.

"l.moreau set wrap_ttl 900s in deploy-config rev r58" answers "what went wrong with pay-api?" though
neither it nor the line it restates says pay-api: another line it cites, "p.nowak merged
deploy-config rev r57 for pay-api", names deploy-config as pay-api's. So the relevance floor
(``app.domain.relevance``) reads a finding with every line it cites that names one of its names (an
identifier of parts joined by inner punctuation, ``alignment.name``: a host, a key, a version, a
person's handle; not a time, a date, a number, nor a short code such as p99 or 5xx, which lines
about anything share), as it reads it with the lines it restates. A finding naming
nothing, or names no cited line gives, is read as before; a question about something else (one no
cited line names beside the finding's names) still shares none of them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.domain import alignment, specific

_JOINED = re.compile(r"[a-z0-9][-._/:@][a-z0-9]")
"""A name of parts joined by inner punctuation (deploy-config, l.moreau, wrap_ttl, v4.8.1): a thing's
own name. A short code of letters and digits (p99, 5xx, r58) labels a measure or a step in lines
about anything, and ties them to nothing."""


def naming(finding: str, lines: Sequence[str]) -> list[str]:
    """The lines of ``lines`` that name a name of ``finding`` (see the module)."""
    names = {w.text for w in alignment.words(finding) if alignment.name(w) and _JOINED.search(w.text)}
    if not names:
        return []
    return [line for line in lines if any(specific.occurs(n, specific.prepared(line)) for n in names)]
