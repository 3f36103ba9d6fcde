"""A clause with a subject of its own says nothing of the name of the clause before it
(app/domain/provenance.py, ``Items._subject_of_its_own``): "m.chen deployed v3.1.0 at 10:00 and
**the first Throttled error** was logged at 10:05" does not say m.chen logged the error, and "wu.lei
确认了告警，**告警** 09:10 恢复" does not say wu.lei recovered. The subject is what the clause before
spoke of, so its line must be about the same thing (share a name with the line of the clause
before: img-api-2, db-9), and none naming a sibling of the line's names ("…img-api-2, and the pod
was OOMKilled" of img-api-1's line: the pod is that one). The lie of the same shape stays refused:
the error or the recovery of another service or host, the OOMKill of the sibling, and a clause
with no subject of its own, which is still the name's. With
the rule off, the honest lines are refused as borrowing the name."""

from __future__ import annotations

import pytest

from app.domain import provenance
from tests.unit.rule_cases import by_language, read_as_fact, session_on

EN = "\n".join([
    "2026-10-06T10:00:00Z deploy-log: img-api v3.1.0 deployed by m.chen to img-api-1 and img-api-2",
    "2026-10-06T10:05:12Z img-api-2 app.log: upload failed: 503 Throttled, 37 errors in last 60 s",
    "2026-10-06T10:06:00Z search-api-1 app.log: query failed: 503 Overloaded, 12 errors in last 60 s",
    "2026-10-06T10:07:00Z pagerduty: incident INC-77 paged on-call r.diaz for search-api",
    "2026-10-06T10:08:00Z kubelet eu-prod-1: pod img-api-1 OOMKilled, restartCount 2",
    "2026-10-06T10:09:00Z s.kim on eu-prod-1: heap dump taken on img-api-2 with jmap, file 2.1 GiB",
])
ZH = "\n".join([
    "2026-10-06T09:02:00Z 告警平台: wu.lei 确认告警 DiskFull，主机 db-9",
    "2026-10-06T09:10:00Z 告警平台: 告警 DiskFull 已恢复，主机 db-9",
    "2026-10-06T09:12:00Z 告警平台: 告警 MemHigh 已恢复，主机 app-3",
])

HONEST = {
    "en-article": "m.chen deployed v3.1.0 at 10:00 and the first Throttled error was logged at 10:05",
    "zh-noun-again": "wu.lei 确认了告警，告警 09:10 恢复",
}
LIES = {
    "en-another-service": "m.chen deployed v3.1.0 at 10:00 and the first Overloaded error was logged at 10:06",
    "en-no-subject": "m.chen deployed v3.1.0 at 10:00, and was paged at 10:07",
    "en-a-sibling's-line": "s.kim took the heap dump on img-api-2, and the pod was OOMKilled",
    "zh-another-host": "wu.lei 确认了告警，告警 09:12 恢复",
}


_log = by_language(EN, ZH)


@pytest.mark.parametrize("text", HONEST.values(), ids=HONEST.keys())
def test_a_clause_with_its_own_subject_is_traced_to_its_line(text: str) -> None:
    assert provenance.Items(_log(text).splitlines()).untraced(text) is None
    a = session_on(_log(text), text)
    assert a.verdict == "PASS" and read_as_fact(text, a.final_answer), a.final_answer


@pytest.mark.parametrize("text", LIES.values(), ids=LIES.keys())
def test_a_clause_about_something_else_or_the_name_is_still_refused(text: str) -> None:
    why = provenance.Items(_log(text).splitlines()).untraced(text)
    assert why is not None and "what its item says of another" in why.reason
    assert not read_as_fact(text, session_on(_log(text), text).final_answer)
