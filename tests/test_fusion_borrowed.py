"""What a record borrows from the records written with it counts only as far as its meaning agrees (issue 30).

A user's facts written together are separate statements: one that says "client" must not lend the word to its
neighbours so that they outrank the record that answers by meaning. Messages of a conversation carry on one
topic, so they still borrow in full.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engram.core import fusion
from engram.core.text import analyze_query

NOW = datetime(2026, 1, 1, tzinfo=UTC)
QUERY = analyze_query("where does the client live", NOW)
STATS = fusion.TermStats(doc_count=4, doc_freq={"client": 2})


def pool(role: str | None) -> list[fusion.Candidate]:
    """condo answers by meaning; mentors sits between two items that say "client" and is far in meaning."""
    spec = [("works", ("work", "client", "account"), 0.05), ("mentors", ("mentor", "law", "student"), 0.05),
            ("helps", ("help", "client", "tax"), 0.05)]
    ids = [i for i, _, _ in spec]
    together = [fusion.Candidate(id=i, at=NOW + timedelta(seconds=n), group="g", terms=terms, cosine=cos,
                                 before=tuple(reversed(ids[:n])), after=tuple(ids[n + 1:]), role=role)
                for n, (i, terms, cos) in enumerate(spec)]
    condo = fusion.Candidate(id="condo", at=NOW - timedelta(days=30), group="other",
                             terms=("own", "condo", "hyde", "park"), cosine=0.25, role=role)
    return [*together, condo]


DEFAULTS = fusion.Weights()


def order(role: str | None, weights: fusion.Weights = DEFAULTS) -> list[str]:
    return [s.id for s in fusion.rank(pool(role), QUERY, STATS, weights=weights)]


def test_a_record_far_in_meaning_does_not_outrank_the_answer_with_a_borrowed_word() -> None:
    got = order(None)
    assert got.index("condo") < got.index("mentors")
    borrowing_in_full = order(None, fusion.Weights(lent_agreement=0.0))  # the rule before issue 30's v1
    assert borrowing_in_full.index("mentors") < borrowing_in_full.index("condo")


def test_messages_of_a_conversation_still_borrow_in_full() -> None:
    assert order("user") == order("user", fusion.Weights(lent_agreement=0.0))
    got = order("user")
    assert got.index("mentors") < got.index("condo")
