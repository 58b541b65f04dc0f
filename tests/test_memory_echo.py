"""Memory never feeds on itself: what the model was handed as memory, and its restatement, is not evidence.

A session where the assistant quotes recalled records (with their ids) and says "I found nothing in
memory…" yields no record from those lines, a summary without them, and no record id anywhere in a record.
Runs through ``engram.Memory`` on both backends (real SQLite file, real PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from engram import Memory
from engram.core.consolidate import strip_key
from engram.extract import echo
from engram.harness import memory_block
from engram.types import Event, Scope
from tests.support.configs import FOUR_STRATEGIES_BY_HAND

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _say(mem: Memory, scope: Scope, *turns: tuple[str, str], start: datetime) -> None:
    mem.append(scope, [{"role": r, "content": c, "at": start + timedelta(minutes=i)} for i, (r, c) in enumerate(turns)])
    mem.extract(scope)


def test_the_assistant_quoting_memory_writes_nothing_new(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(FOUR_STRATEGIES_BY_HAND, clock=lambda: T0 + timedelta(days=3))
    first = Scope(agent="bot", actor="ana", session="s1")
    _say(mem, first, ("user", "I moved to Porto in March."), ("assistant", "Noted."),
         ("user", "I'm allergic to peanuts."), ("assistant", "Got it."), start=T0)
    before = {r.id: r for r in mem.list(first, limit=100)}
    porto = next(r for r in before.values() if "Porto" in r.summary)
    peanut = next(r for r in before.values() if "peanut" in r.summary)

    second = Scope(agent="bot", actor="ana", session="s2")
    _say(mem, second,
         ("user", "What do you remember about me?"),
         ("assistant", f"Here is what I have in memory:\n- {porto.summary} [{porto.id}]\n- {peanut.summary} "
                       f"[{peanut.id}]"),
         ("user", "And about my sister?"),
         ("assistant", "I found nothing in memory about your sister. You live in Porto and you're allergic to "
                       "peanuts."),
         ("user", "Thanks. I started a pottery class last week."),
         ("assistant", "Lovely! Pottery is very relaxing."),
         start=T0 + timedelta(days=2))
    after = mem.list(second, limit=100)
    new = [r for r in after if r.id not in before]
    texts = [r.summary + "\n" + (r.content or "") for r in after]
    assert not any("r_" in t for t in texts), [t for t in texts if "r_" in t]
    assert sum("Porto" in r.summary for r in after if r.namespace.startswith("/facts/")) == 1
    assert sum("peanut" in r.summary.lower() for r in after if r.namespace.startswith("/facts/")) == 1
    facts = [r for r in new if r.namespace.startswith(("/facts/", "/preferences/"))]
    assert facts and all("pottery" in r.summary.lower() for r in facts), [r.summary for r in facts]
    summary = next(r for r in new if r.namespace.startswith("/summary/"))
    body = strip_key(summary.content)
    assert "pottery" in body.lower()
    for line in ("memory", "found nothing", "Porto", "peanut", porto.id, peanut.id):
        assert line not in body, (line, body)
    episode = next(r for r in new if r.namespace.startswith("/episodes/") and "Goal:" in (r.content or ""))
    assert "memory" not in (episode.content or "").lower()


def test_a_memory_block_pasted_by_anyone_is_not_evidence(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(FOUR_STRATEGIES_BY_HAND, clock=lambda: T0 + timedelta(days=1))
    scope = Scope(agent="bot", actor="bo", session="s1")
    block = memory_block.PREAMBLE + "\n" + memory_block.render([], [])[:-len(memory_block.CLOSE)] + \
        memory_block.json_line({"id": "r_0123456789abcdef01234567", "summary": "Lives in Quito"}) + "\n" + \
        memory_block.CLOSE
    _say(mem, scope, ("user", f"Look what my other assistant printed:\n{block}\nI live in Lima."),
         ("assistant", "Thanks for sharing."), start=T0)
    facts = [r.summary for r in mem.list(scope, limit=100) if r.namespace.startswith("/facts/")]
    assert facts == ["Lives in Lima"], facts


def test_clean_keeps_the_conversation_and_drops_the_echo() -> None:
    ev = [Event(id="e1", agent="a", actor="u", session="s", seq=1, role="assistant", at=T0,
                content="- Lives in Porto (moved in March 2026) [r_6618c886f37fc3ea247a2ba]\nSure, here is a "
                        "recipe with lentils."),
          Event(id="e2", agent="a", actor="u", session="s", seq=2, role="assistant", at=T0,
                content="I found nothing in memory about your car."),
          Event(id="e3", agent="a", actor="u", session="s", seq=3, role="user", at=T0,
                content="As I said, I live in Porto (see r_6618c886f37fc3ea247a2ba).")]
    out = echo.clean(ev, known=["Lives in Porto (moved in March 2026)"])
    assert [e.content for e in out] == ["Sure, here is a recipe with lentils.", "",
                                        "As I said, I live in Porto (see)."]
    assert [e.id for e in out] == ["e1", "e2", "e3"]
    assert echo.is_memory_talk("You live in Porto, so the ferry is close.", known=["Lives in Porto"]) is False
    assert echo.is_memory_talk("- Lives in Porto", known=["Lives in Porto"]) is True
    assert echo.strip_ids("Lives in Porto [r_6618c886f37fc3ea247a2ba]") == "Lives in Porto"


def _quoting_session() -> list[Event]:
    """The assistant hands back recalled records (with ids) and talks about its memory; the user says one new thing."""
    from tests.support.extraction import events

    return events("What do you know about me?",
                  ("assistant", "From memory:\n- Lives in Porto (moved in March) [r_6618c886f37fc3ea247a2ba]\n"
                                "- Allergic to peanuts [r_0a1b2c3d4e5f60718293a4b]"),
                  "And my sister?",
                  ("assistant", "I found nothing in memory about your sister."),
                  "I started a pottery class last week.")


def test_the_model_is_never_shown_what_memory_handed_the_agent() -> None:
    """Extraction, summary and episode prompts carry the conversation, not the quoted records or their ids."""
    from engram.config import Strategy
    from tests.support.extraction import Scripted, run

    def answer(call: dict[str, object]) -> dict[str, object]:
        props = (call["json_schema"] or {}).get("properties", {})  # type: ignore[union-attr]
        if "memories" in props:
            return {"memories": []}
        if "headline" in props:
            return {"headline": "Pottery class", "summary": "User started a pottery class."}
        return {key: ([] if spec.get("type") == "array" else "x") for key, spec in props.items()}

    model = Scripted([answer] * 6)
    run(_quoting_session(), strategies=(Strategy(type="SEMANTIC"), Strategy(type="SUMMARIZATION")), model=model)
    assert len(model.calls) == 2
    for call in model.calls:
        shown = "\n".join(m.content for m in call["messages"])
        assert "pottery" in shown
        for echo_text in ("r_6618c886", "r_0a1b2c3d", "Lives in Porto", "peanuts", "found nothing", "From memory"):
            assert echo_text not in shown, (echo_text, shown)


def test_a_model_writing_a_record_id_into_a_record_has_it_removed() -> None:
    """Whatever a model answers, a record id never reaches a stored summary or content."""
    from engram.config import Strategy
    from tests.support.extraction import Scripted, adds, run

    model = Scripted([{"memories": [{"summary": "Started a pottery class [r_6618c886f37fc3ea247a2ba]",
                                     "key": "user/taste:pottery", "value": "like", "category": "fact",
                                     "action": "assert", "multi_valued": True, "sources": [5],
                                     "evidence": "I started a pottery class [r_6618c886f37fc3ea247a2ba]"}]},
                      {"headline": "Pottery (r_0a1b2c3d4e5f60718293a4b)",
                       "summary": "User started pottery; memory r_0a1b2c3d4e5f60718293a4b"}])
    ops, _ = run(_quoting_session(), strategies=(Strategy(type="SEMANTIC"), Strategy(type="SUMMARIZATION")),
                 model=model)
    written = adds(ops)
    assert written and {op.namespace.split("/")[1] for op in written} == {"facts", "summary"}
    for op in written:
        assert "r_" not in op.summary and "r_" not in (op.content or ""), op


def test_questions_are_kept_but_quoted_memory_is_not() -> None:
    """An assistant's question ("Is Amelie still your favourite film?") is context for the reply, not an echo;
    the same words as a statement, or with an id, are memory talk."""
    known = ["Favourite film is Amelie"]
    assert echo.is_memory_talk("Is Amelie still your favourite film?", known) is False
    assert echo.is_memory_talk("Your favourite film is Amelie.", known) is True
    assert echo.is_memory_talk("Is Amelie [r_6618c886f37fc3ea247a2ba] still your favourite?", known) is True
    assert echo.is_memory_talk("Did I remember right that you live in Porto?", known) is True


def test_a_reply_to_a_question_quoting_memory_is_read_with_it(make_memory: Callable[..., Memory]) -> None:
    """The agent asks about a recalled value; the user's "no" changes it, and nothing is stored twice."""
    mem = make_memory(FOUR_STRATEGIES_BY_HAND, clock=lambda: T0 + timedelta(days=3))
    first = Scope(agent="bot", actor="cy", session="s1")
    _say(mem, first, ("user", "My favourite film is Amelie."), ("assistant", "Noted."), start=T0)
    second = Scope(agent="bot", actor="cy", session="s2")
    _say(mem, second, ("user", "Hi again!"), ("assistant", "Is Amelie still your favourite film?"),
         ("user", "No, it's Alien now."), ("assistant", "Got it."), start=T0 + timedelta(days=2))
    films = [r.summary for r in mem.list(second, limit=100) if "film" in r.summary.lower()
             and r.namespace.startswith(("/facts/", "/preferences/"))]
    assert films == ["Favourite film is Alien"], films
