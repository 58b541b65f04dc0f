"""Stored term lists follow the analyser (core.text.ANALYZER): a database written by another version of
``index_terms`` is re-derived when it is opened, on each backend, records and history alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engram import Memory, Scope
from engram.core import text as textmod
from engram.core.text import index_terms, key_terms, stem

ME = Scope(agent="a", actor="u", session="s")


def _older(text: str) -> list[str]:
    """Terms another analyser made: none of them is what today's makes of a query."""
    return [f"{t}_" for t in index_terms(text)]


def _seed(mem: Memory) -> tuple[str, str]:
    kept = mem.remember(ME, "Lives in Porto with two cats").id
    old = mem.remember(ME, "Drives a turquoise Volvo").id
    mem.forget(ME, old)
    mem.append(ME, [{"role": "user", "content": "We are moving to Lisbon in the spring"}])
    return kept, old


def _as_if_older(mem: Memory) -> None:
    with mem.store.write() as tx:
        assert tx.reanalyse("1", _older) > 0


def test_the_forms_of_a_word_meet() -> None:
    forms = {"live": ("lives", "living", "lived"), "class": ("classes",), "marry": ("married", "marries"),
             "run": ("running", "runs", "ran"), "hike": ("hikes", "hiking", "hiked"), "family": ("families",),
             "go": ("went", "gone", "goes"), "buy": ("bought", "buys"), "child": ("children",)}
    for word, others in forms.items():
        assert {stem(w) for w in others} == {stem(word)}, word
    # words that only look like a form of another stay apart
    assert stem("tennis") == "tennis" and stem("bus") == "bus" and stem("early") != stem("ear")
    assert stem("family") != stem("fami") and stem("apply") == "apply"


def test_british_and_american_spellings_meet() -> None:
    for uk, us in (("favourite", "favorite"), ("colours", "colors"), ("neighbourhood", "neighborhood"),
                   ("organised", "organized"), ("analyse", "analyze"), ("centre", "center"), ("theatres", "theater"),
                   ("travelled", "traveled"), ("cancelling", "canceling")):
        assert stem(uk) == stem(us), uk
    # the doubled l of a short verb stays: "spelled" is not "spel"
    assert stem("spelled") == stem("spell") == "spell" and stem("called") == "call"


def test_a_question_in_the_other_spelling_finds_its_record(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    rec = mem.remember(ME, "Favorite band is Radiohead")
    mem.remember(ME, "Works at the community center on Fridays")
    hits = mem.recall(ME, "favourite band", mode="lexical", min_score=0)
    assert hits and hits[0].record is not None and hits[0].record.id == rec.id


def test_record_keys_keep_the_frozen_analyser() -> None:
    """Stored keys are built from key_terms, which never changes: a restatement after an upgrade meets its key."""
    assert key_terms("I don't like olives") == ["olive"] and index_terms("olives") == ["oliv"]
    assert key_terms("living in Lisbon") == ["liv", "lisbon"] and key_terms("lives") == ["live"]


def test_an_older_analysers_terms_are_rederived_on_open(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    kept, old = _seed(mem)
    _as_if_older(mem)
    # what the older analyser wrote matches nothing a query is analysed into today
    assert mem.recall(ME, "living in Porto", mode="lexical", min_score=0) == []
    assert mem.search_history(ME, "Lisbon", mode="lexical", min_score=0) == []
    mem.close()

    reopened = make_memory()
    hits = reopened.recall(ME, "living in Porto", mode="lexical", min_score=0)
    assert hits[0].record is not None and hits[0].record.id == kept
    # a forgotten record stays out of the text index
    assert old not in {h.record.id for h in reopened.recall(ME, "turquoise Volvo", mode="lexical", min_score=0)
                       if h.record}
    events = reopened.search_history(ME, "moved to Lisbon", mode="lexical", min_score=0)
    assert [h.event.content for h in events if h.event] == ["We are moving to Lisbon in the spring"]
    with reopened.store.write() as tx:  # done once: the stored version is today's
        assert tx.get_meta("analyzer") == textmod.ANALYZER
        assert tx.reanalyse(textmod.ANALYZER, index_terms) == 0


def test_a_new_database_is_stamped_with_the_analyser(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    with mem.store.read() as tx:
        assert tx.get_meta("analyzer") == textmod.ANALYZER


def test_term_statistics_follow_the_new_terms(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    for i in range(3):
        mem.remember(ME, f"Goes hiking every weekend, trail {i}")
    mem.remember(ME, "Hikes with the club on Sundays")
    _as_if_older(mem)
    mem.close()
    reopened = make_memory()
    hits: Any = reopened.recall(ME, "hiked", mode="lexical", min_score=0, limit=10)
    assert len(hits) == 4  # every form of the word, counted by the rebuilt document frequencies
    assert all(h.parts.lexical and h.parts.lexical > 0 for h in hits)


def test_openers_at_once_rederive_once(make_memory: Callable[..., Memory]) -> None:
    """Two callers at the same time: one does the work, the other finds it done (a lock, then the version)."""
    from concurrent.futures import ThreadPoolExecutor

    mem = make_memory()
    _seed(mem)
    _as_if_older(mem)

    def run(_: int) -> int:
        with mem.store.write() as tx:
            return tx.reanalyse("3", index_terms)

    with ThreadPoolExecutor(2) as pool:
        done = sorted(pool.map(run, range(2)))
    assert done[0] == 0 and done[1] > 0
    hits = mem.recall(ME, "living in Porto", mode="lexical", min_score=0)
    assert len({h.record.id for h in hits if h.record}) == len(hits) and hits[0].record is not None
    if mem.store.dialect == "postgresql":  # each posting once: no rebuild ran twice over the other
        with mem.store.read() as tx:
            want = tx._one("SELECT (SELECT count(*) FROM records r, posting_terms(r.terms) t WHERE r.status = "
                           "'active') + (SELECT count(*) FROM event_chunks c, posting_terms(c.terms) t) AS n")
            have = tx._one("SELECT count(*) AS n FROM postings")
        assert want is not None and have is not None and have["n"] == want["n"] > 0


def test_chinese_japanese_and_korean_are_indexed_by_characters_and_pairs() -> None:
    """Written without spaces, a run of Han, kana or Hangul was one term: "猫" met nothing in "她有一只猫叫咪咪".
    Analyser 3 indexes each character and each pair of neighbours; other scripts keep their words."""
    terms = index_terms("她有一只猫叫咪咪")
    assert {"猫", "咪咪", "只猫"} <= set(terms) and "她有一只猫叫咪咪" not in terms
    assert {"東京", "住"} <= set(index_terms("東京に住んでいます"))
    assert "서울" in index_terms("서울에 살아요"), "Hangul syllables, not the letters the folding splits them into"
    assert index_terms("I bought an iphone15を買った")[:2] == ["buy", "iphone15"]
    assert index_terms("Дмитрий живёт в Москве") == ["дмитрии", "живет", "в", "москве"]
    assert index_terms("Lives in Leeds with two cats") == ["liv", "leed", "two", "cat"]


def test_a_word_of_a_text_without_spaces_finds_it(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    cat = mem.remember(ME, "她有一只猫叫咪咪").id
    tokyo = mem.remember(ME, "東京に住んでいます").id
    seoul = mem.remember(ME, "서울에 살아요").id
    mem.append(ME, [{"role": "user", "content": "下个月我要去上海出差"}, {"role": "user", "content": "周末去爬山"}])
    for query, want in (("猫", cat), ("咪咪", cat), ("東京", tokyo), ("서울", seoul)):
        hits = mem.recall(ME, query, mode="lexical", min_score=0)
        assert [h.record.id for h in hits if h.record] == [want], query
    events = mem.search_history(ME, "上海", mode="lexical", min_score=0)
    assert [h.event.content for h in events if h.event] == ["下个月我要去上海出差"]


def test_text_written_by_analyser_2_is_rederived_with_pairs(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    rec = mem.remember(ME, "她有一只猫叫咪咪").id
    with mem.store.write() as tx:  # as analyser 2 stored it: the run as one term
        assert tx.reanalyse("2", lambda text: textmod._terms(text, stem)) > 0
    assert mem.recall(ME, "猫", mode="lexical", min_score=0) == []
    mem.close()
    reopened = make_memory()
    assert [h.record.id for h in reopened.recall(ME, "猫", mode="lexical", min_score=0) if h.record] == [rec]
