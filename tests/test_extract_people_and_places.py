"""People named with their titles, jobs said without an article, where the speaker's people live, and what is
said of someone named (issue 31). Shapes found on blind set 5's tune half; the sentences below were written for
these tests (none is taken from a bench set). Pure tests of the offline extractor."""

from __future__ import annotations

import pytest

from engram.extract import OfflineExtractor
from engram.extract.text import split_sentences
from tests.support.extraction import events


def summaries(message: str) -> list[str]:
    return [f.summary for f in OfflineExtractor().facts(events(message)) if not f.retract]


@pytest.mark.parametrize(("message", "want"), [
    ("Old boss left, new manager is Dr. Hughes, seems nice.", ["Manager is Dr. Hughes"]),
    ("I now have a new advisor, Prof. Ruiz.", ["Advisor is Prof. Ruiz"]),
    ("I am junior architect at Foster.", ["Works as a junior architect", "Works at Foster"]),
    ("I am marketing manager at Oatly.", ["Works as a marketing manager", "Works at Oatly"]),
    ("I'm cabin crew at Ryanair based in Dublin.", ["Works at Ryanair"]),
    ("I am a nurse myself at St Vincent's.", ["Works as a nurse", "Works at St Vincent's"]),
    ("I already speak Dutch and Greek.", ["Speaks Dutch", "Speaks Greek"]),
    ("we're thinking of visiting my brother Tomas in Vilnius in May", ["Brother Tomas lives in Vilnius"]),
    ("Friday is my yoga class, it keeps me sane.", ["Has yoga class every Friday"]),
    ("We swim every Monday at the lido here in Brighton.", ["Lives in Brighton"]),
    ("Ana got a place at Oxford.", ["Ana got a place at Oxford"]),
    # a relative named without "my", as a sentence starts
    ("ok fine, I'll take the train. wife Aditi said the same thing", ["Has a wife named Aditi"]),
    ("Husband Karl is picking me up later.", ["Has a husband named Karl"]),
])
def test_said_the_way_people_say_it(message: str, want: list[str]) -> None:
    got = summaries(message)
    assert all(any(w in s for s in got) for w in want), got


@pytest.mark.parametrize(("message", "unwanted"), [
    ("I am the best nurse in the ward.", "Works as"),
    ("I'm a creative director now. Being a copywriter was getting stale.", "Works as a being"),
    ("I met my son in Year 5 class.", "lives in Year"),
    ("Łatka is gone, sadly.", "Łatka is gone"),
    ("Winters are brutal here.", "Winters are brutal"),  # a sentence's first word, not someone named
    ("Climbing is still fine though.", "Climbing is"),  # an ending: read by the endings, not kept as a statement
])
def test_what_is_not_such_a_fact(message: str, unwanted: str) -> None:
    assert not any(unwanted in s for s in summaries(message)), summaries(message)


def test_a_title_is_no_end_of_a_sentence() -> None:
    assert split_sentences("My employer Mrs. Chan wants soup. Dr. Kaya is kind.") == [
        "My employer Mrs. Chan wants soup.", "Dr. Kaya is kind."]
