"""``Turn.replace_event``: a new form of a stored event takes the old one's place in the turn's one transaction
(the same instant, the old one deleted, the records extracted from it naming the new one), reusing the old
vectors when the indexed text did not change. Both backends; real stores, a real (counting) embedder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

from engram import ConflictError, EngramError, Memory, NotFound, PermissionDenied, ReadOnlyError, Scope, ValidationError
from engram.adapters import _timeline
from engram.embedders import HashingEmbedder
from engram.types import Event, Record

ADA = Scope("bot", "ada", "s1")
BOB = Scope("bot", "bob", "s1")  # the same session id, another actor
HISTORY = {"index": "messages"}  # named: what the harness shape defaults to is not this file's subject
SEMANTIC = {"harness": {"memory": {"enabled": True,
                                   "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                   "extraction": {"trigger": "off"}, "strategies": [{"type": "SEMANTIC"}]},
                        "history": HISTORY}}
NO_EXTRACTION = {"harness": {"memory": {"enabled": True, "extraction": {"trigger": "off"}, "strategies": []},
                             "history": HISTORY}}


class CountingEmbedder(HashingEmbedder):
    """The hashing embedder, counting the texts it is asked to embed."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.texts += list(texts)
        return super().embed(texts)


def _said(mem: Memory, scope: Scope) -> list[tuple[str, str]]:
    return [(e.id, e.content) for e in mem.events(scope)]


def _sources(mem: Memory, scope: Scope, rec: Record) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The record's source_event_ids now, and each of its versions'."""
    return (mem.get(scope, rec.id).provenance.source_event_ids,
            [v.provenance.source_event_ids for v in mem.history(scope, rec.id)])


def _sourced_by(mem: Memory, scope: Scope, rec: Record, event_id: str) -> list[str]:
    """Ids of the records ``record_sources`` says the record's strategy wrote from ``event_id``."""
    assert rec.provenance.strategy is not None
    with mem.store.read() as tx:
        return [r.id for r in tx.records_from_sources(mem.policy.read_filter(scope), rec.provenance.strategy,
                                                      [event_id])]


def _extracted(mem: Memory, scope: Scope, text: str) -> tuple[Event, Record]:
    """Append ``text`` as a user message, extract, and return the event and the one record made from it."""
    event = mem.append(scope, [{"role": "user", "content": text}])[0]
    made = [r for r in mem.extract(scope) if event.id in r.provenance.source_event_ids]
    assert len(made) == 1, made
    return event, made[0]


def test_the_new_form_takes_the_old_ones_place_at_the_same_instant(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(NO_EXTRACTION)
    first, middle, last = _timeline.append(mem, ADA, [  # each at an instant of its own, as the adapters store
        {"role": "user", "content": "one"}, {"role": "assistant", "content": "two"},
        {"role": "user", "content": "three"}])
    with mem.turn(ADA) as t:
        new = t.replace_event(middle.id, {"role": "assistant", "content": "two, edited", "metadata": {"v": 2}})
    assert _said(mem, ADA) == [(first.id, "one"), (new.id, "two, edited"), (last.id, "three")]
    stored = mem.get_event(ADA, new.id)
    assert stored.at == middle.at and stored.metadata == {"v": 2} and t.appended[0].id == new.id
    with pytest.raises(NotFound):
        mem.get_event(ADA, middle.id)
    assert new.id in {h.event.id for h in mem.search_history(ADA, "edited", limit=5) if h.event}
    assert middle.id not in {h.event.id for h in mem.search_history(ADA, "two", limit=5) if h.event}


def test_a_turn_that_fails_after_the_replace_neither_inserts_nor_deletes(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(NO_EXTRACTION)
    old = mem.append(ADA, [{"role": "user", "content": "my card is 4111"}])[0]
    before = _said(mem, ADA)

    with pytest.raises(RuntimeError), mem.turn(ADA) as t:  # an exception inside the block
        t.replace_event(old.id, {"role": "user", "content": "[redacted]"})
        raise RuntimeError("the caller failed")
    assert _said(mem, ADA) == before

    with pytest.raises(ValidationError) as exc, mem.turn(ADA) as t:  # a later write of the turn is invalid
        t.replace_event(old.id, {"role": "user", "content": "[redacted]"})
        t.append([{"role": "nobody", "content": "x"}])
    assert exc.value.field == "messages[0].role"
    assert _said(mem, ADA) == before


def test_a_commit_that_fails_in_its_transaction_rolls_the_replace_back(make_memory: Callable[..., Memory]) -> None:
    """The insert and the delete ran in the commit's transaction; a write after them fails: neither stays."""
    mem = make_memory(NO_EXTRACTION)
    old = mem.append(ADA, [{"role": "user", "content": "my card is 4111"}])[0]
    rec = mem.remember(ADA, "Pays by card")
    before = _said(mem, ADA)
    with pytest.raises(ConflictError), mem.turn(ADA) as t:
        t.replace_event(old.id, {"role": "user", "content": "[redacted]"})
        t.remember("Pays by card ending 4111", replaces=rec.id)
        mem.forget(ADA, rec.id)  # another writer: the supersede fails when the turn commits
    assert _said(mem, ADA) == before
    assert [r.summary for r in mem.list(ADA)] == []  # nor the turn's record

    with pytest.raises(NotFound) as gone, mem.turn(ADA) as t:  # the old event deleted meanwhile: nothing stored
        t.replace_event(old.id, {"role": "user", "content": "[redacted]"})
        assert mem.delete_events(ADA, [old.id]) == 1
    assert gone.value.field == "event_id"
    assert mem.events(ADA) == []


def test_provenance_moves_to_the_new_event_and_the_other_actor_is_untouched(
        make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC)
    ada_event, ada_rec = _extracted(mem, ADA, "I live in Lisbon.")
    bob_event, bob_rec = _extracted(mem, BOB, "I live in Porto.")
    with mem.turn(ADA, extract=False) as t:  # the message again, with metadata: what the adapters do
        new = t.replace_event(ada_event.id, {"role": "user", "content": "I live in Lisbon.", "metadata": {"n": 1}})
    assert _sources(mem, ADA, ada_rec) == ((new.id,), [(new.id,)])
    assert _sourced_by(mem, ADA, ada_rec, new.id) == [ada_rec.id]
    assert _sourced_by(mem, ADA, ada_rec, ada_event.id) == []
    assert mem.extract(ADA) == []  # extraction knows the new event is the one already extracted
    assert _sources(mem, BOB, bob_rec) == ((bob_event.id,), [(bob_event.id,)])
    assert _said(mem, BOB) == [(bob_event.id, "I live in Porto.")]


def test_the_adapters_replace_moves_provenance_in_one_step(make_memory: Callable[..., Memory]) -> None:
    """``_timeline.replace`` (Strands, ADK) is the turn's replace: the record keeps naming the message."""
    mem = make_memory(SEMANTIC)
    event, rec = _extracted(mem, ADA, "I live in Lisbon.")
    new = _timeline.replace(mem, ADA, event, {"role": "user", "content": "I live in Lisbon.",
                                              "metadata": {"strands_agent": {"state": {}}}}, extract=False)
    (now,) = mem.events(ADA)
    assert now.id != event.id and _sources(mem, ADA, rec) == ((now.id,), [(now.id,)])
    assert new == now


def test_another_actor_or_bad_input_is_refused_and_changes_nothing(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(SEMANTIC)
    ada_event, ada_rec = _extracted(mem, ADA, "I live in Lisbon.")
    before, sources = _said(mem, ADA), _sources(mem, ADA, ada_rec)
    msg = {"role": "user", "content": "I live in Lisbon."}
    cases: list[tuple[Scope, dict[str, Any], Any, dict[str, Any], type[Exception], str | None]] = [
        (BOB, {}, ada_event.id, msg, NotFound, "event_id"),  # bob's scope cannot reach ada's event
        (ADA, {}, "e_nope", msg, NotFound, "event_id"),
        (ADA, {}, 7, msg, ValidationError, "event_id"),
        (ADA, {}, ada_event.id, {"role": "user", "content": 3}, ValidationError, "message.content"),
        (ADA, {}, ada_event.id, {**msg, "at": "yesterday"}, ValidationError, "message.at"),
        (ADA, {}, ada_event.id, "text", ValidationError, "message"),
        (ADA, {"preview": True}, ada_event.id, msg, ConflictError, "event_id"),  # preview never changes live
        (ADA, {"read_only": True}, ada_event.id, msg, ReadOnlyError, None),
        (Scope("bot", "ada"), {}, ada_event.id, msg, ValidationError, "scope.session"),
    ]
    for scope, kw, event_id, message, error, field in cases:
        t = mem.turn(scope, **kw)
        with pytest.raises(error) as exc:
            t.replace_event(event_id, message)
        assert isinstance(exc.value, EngramError) and exc.value.field == field, (event_id, message)
        assert t.buffer.events == [] and t.buffer.replaced == []  # checked before anything is buffered
    with pytest.raises(ConflictError) as twice, mem.turn(ADA) as t:
        t.replace_event(ada_event.id, msg)
        t.replace_event(ada_event.id, msg)
    assert twice.value.field == "event_id"
    assert _said(mem, ADA) == before and _sources(mem, ADA, ada_rec) == sources


def test_a_scope_that_may_not_write_events_may_not_replace_them(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(NO_EXTRACTION)
    old = mem.append(ADA, [{"role": "user", "content": "hello"}])[0]
    mem.configure(ADA.agent, {"harness": {"memory": {"scope": {"read": ["session"], "write": ["actor"]}}}})
    with pytest.raises(PermissionDenied), mem.turn(ADA) as t:
        t.replace_event(old.id, {"role": "user", "content": "bye"})
    assert _said(mem, ADA) == [(old.id, "hello")]


@pytest.mark.parametrize("embed_history", ["inline", "background"])
def test_an_unchanged_text_reuses_the_stored_vectors(make_memory: Callable[..., Memory], embed_history: str) -> None:
    emb = CountingEmbedder()
    mem = make_memory(NO_EXTRACTION, embedder=emb, embed_history=embed_history)
    old = mem.append(ADA, [{"role": "user", "content": "I live in Lisbon by the river."}])[0]
    mem.wait_indexed()
    assert emb.texts == ["I live in Lisbon by the river."]

    new = _timeline.replace(mem, ADA, old, {"role": "user", "content": "I live in Lisbon by the river.",
                                            "metadata": {"state": 2}})
    mem.wait_indexed()
    assert emb.texts == ["I live in Lisbon by the river."]  # metadata alone changed: nothing embedded again
    with mem.store.read() as tx:
        (now,) = tx.event_chunks(ADA.agent, ADA.actor, ADA.session, new.id)
        assert tx.event_chunks(ADA.agent, ADA.actor, ADA.session, old.id) == []
    assert now.text == "I live in Lisbon by the river." and now.vector is not None
    assert np.array_equal(now.vector, HashingEmbedder().embed([now.text])[0])
    assert [h.event.id for h in mem.search_history(ADA, "Lisbon river", limit=5, mode="vector") if h.event] == [
        new.id]
    seen = len(emb.texts)  # the query's embedding counted too

    newer = _timeline.replace(mem, ADA, new, {"role": "user", "content": "I live in Porto now."})
    mem.wait_indexed()
    assert emb.texts[seen:] == ["I live in Porto now."]  # a new text is embedded
    assert [h.event.id for h in mem.search_history(ADA, "Porto", limit=5, mode="vector") if h.event] == [newer.id]


CARD = "My card number is 4111 1111 1111 1111."


def _extracting(trigger: str, **extraction: Any) -> dict[str, Any]:
    return {"harness": {"memory": {"enabled": True,
                                   "scope": {"read": ["session", "actor"], "write": ["session", "actor"]},
                                   "extraction": {"trigger": trigger, **extraction},
                                   "strategies": [{"type": "SEMANTIC"}]}, "history": HISTORY}}


def _texts(mem: Memory, scope: Scope) -> list[str]:
    """Every record's summary and content, whatever its status."""
    return [f"{r.summary} {r.content or ''}" for r in mem.list(scope, status=["active", "superseded", "deleted"])]


def test_a_queued_job_extracts_the_new_form_never_the_old_text(make_memory: Callable[..., Memory]) -> None:
    """A job queued by an append names the session, not its events: run after a replace, it reads the new forms
    (the redacted card number is never extracted; the corrected city is, and its record names the new event)."""
    mem = make_memory(_extracting("async"))
    card, city = mem.append(ADA, [{"role": "user", "content": CARD}, {"role": "user", "content": "I live in Lisbon."}])
    assert [j.status for j in mem.jobs(ADA)] == ["pending"] and _texts(mem, ADA) == []  # queued, not run
    with mem.turn(ADA) as t:
        redacted = t.replace_event(card.id, {"role": "user", "content": "[redacted]"})
        moved = t.replace_event(city.id, {"role": "user", "content": "I live in Porto."})
    assert mem.run_jobs() >= 1 and {j.status for j in mem.jobs(ADA)} == {"done"}
    texts = _texts(mem, ADA)
    assert not any("4111" in x or "Lisbon" in x for x in texts), texts
    (porto,) = [r for r in mem.list(ADA) if "Porto" in r.summary]
    assert porto.provenance.source_event_ids == (moved.id,)
    assert [e.id for e in mem.events(ADA)] == [redacted.id, moved.id]


@pytest.mark.parametrize("trigger", ["every_n", "turn_end"])
def test_an_extraction_not_yet_run_reads_the_new_form(make_memory: Callable[..., Memory], trigger: str) -> None:
    """An event stored and not yet extracted (``every_n`` not reached; a turn that did not extract), then replaced:
    the replacing turn's own extraction reads the session as that turn leaves it, never the old text."""
    mem = make_memory(_extracting(trigger, every_n=2))
    with mem.turn(ADA, extract=trigger == "every_n") as t:
        (card,) = t.append([{"role": "user", "content": CARD}])
    assert _texts(mem, ADA) == []
    with mem.turn(ADA) as t:
        redacted = t.replace_event(card.id, {"role": "user", "content": "[redacted] I live in Porto."})
    texts = _texts(mem, ADA)
    assert texts and not any("4111" in x for x in texts), texts
    assert all(r.provenance.source_event_ids == (redacted.id,) for r in mem.list(ADA))
    assert mem.extract(ADA) == []  # nothing left over: the cursor is past the new form


def test_events_of_one_instant_keep_their_append_order_through_a_replace(
        make_memory: Callable[..., Memory], db_url: str) -> None:
    """One append stores its messages at one instant; they read back in the order appended (their numbers), and
    a replaced one keeps its place and its number, so paging by (at, number) and the list agree, on reload too."""
    mem = make_memory(NO_EXTRACTION)
    a, b, c = mem.append(ADA, [{"role": "user", "content": x} for x in ("one", "two", "three")])
    assert a.at == b.at == c.at and [e.seq for e in (a, b, c)] == [1, 2, 3]
    assert [e.id for e in mem.events(ADA)] == [a.id, b.id, c.id]
    with mem.turn(ADA) as t:
        new_a = t.replace_event(a.id, {"role": "user", "content": "one, edited"})
        new_b = t.replace_event(b.id, {"role": "user", "content": "two, edited"})
    assert [(e.id, e.seq) for e in t.appended] == [(new_a.id, 1), (new_b.id, 2)]
    want = [(new_a.id, 1, "one, edited"), (new_b.id, 2, "two, edited"), (c.id, 3, "three")]
    assert [(e.id, e.seq, e.content) for e in mem.events(ADA)] == want
    with mem.store.read() as tx:  # by id too: ordered as listed
        got = tx.get_events(ADA.agent, ADA.actor, ADA.session, [c.id, new_b.id, new_a.id])
    assert [e.id for e in got] == [new_a.id, new_b.id, c.id]
    again = make_memory(NO_EXTRACTION)  # a fresh open of the same database
    assert [(e.id, e.seq, e.content) for e in again.events(ADA)] == want
    d = mem.append(ADA, [{"role": "user", "content": "four"}])[0]
    assert d.seq > 3  # numbers still count up (the replaced ones' own numbers left unused): none is given twice


def test_an_extraction_running_when_its_event_is_replaced_fails_and_its_retry_reads_the_new_form(
        make_memory: Callable[..., Memory]) -> None:
    """A job that read the old text, then the replace commits, then the job commits: the commit refuses (its
    records would hold the redacted text, naming an event that is gone); run again, it reads the new form."""
    mem = make_memory(_extracting("async"))
    card = mem.append(ADA, [{"role": "user", "content": CARD}])[0]
    job = mem.turn(ADA, extract=False)  # what a job's extract_now does, interleaved by hand with the replace
    assert mem.extraction.run(job, mem.extraction.unextracted(ADA))  # planned on the old text
    with mem.turn(ADA, extract=False) as t:
        redacted = t.replace_event(card.id, {"role": "user", "content": "[redacted] I live in Porto."})
    with pytest.raises(ConflictError) as exc:
        job.commit()
    assert exc.value.field == "event_id" and _texts(mem, ADA) == []
    assert mem.run_jobs() == 1  # the queued job, as a worker runs it: the new form
    texts = _texts(mem, ADA)
    assert texts and not any("4111" in x for x in texts), texts
    assert all(r.provenance.source_event_ids == (redacted.id,) for r in mem.list(ADA))
