"""The session summary reads the conversation, never the assistant's echo of memory, and never forgets.

The offline Agent answers questions by quoting memory and the session ("From earlier in this session: - you
said: "…""). That echo once won the summary's places from the user's own line, and the running summary then
lost the facts it held. One rule (``engram.extract.echo``) tells echo from new content for extraction and the
summary alike, and a running summary keeps a stated fact until the session changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from engram import Agent, Memory, Scope
from engram.extract import summarize
from engram.extract.echo import clean_text, is_echo_line
from engram.types import Event

S = Scope("helper", "carol", "chat-1")
AT = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


def summary_of(mem: Memory, scope: Scope = S) -> tuple[str, str]:
    [rec] = mem.list(scope, kind="reference")
    return rec.summary, rec.content or ""


def test_agent_echo_never_replaces_the_users_line(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    agent = Agent(mem)
    for text in ["Hi, I'm Carol and I live in Lyon.", "where do I live?", "what is my name?", "thanks"]:
        agent.invoke(S, [{"role": "user", "content": text}])
    headline, content = summary_of(mem)
    assert "User: Hi, I'm Carol and I live in Lyon." in content
    assert "you said" not in content and "From earlier" not in content
    assert "Carol" in headline and "lives in Lyon" in headline


def test_running_summary_keeps_what_it_held_across_processes(make_memory: Callable[..., Memory]) -> None:
    first = make_memory()
    for text in ["Hi, I'm Carol and I live in Lyon.", "My booking reference is ZX-4471.", "I prefer window seats."]:
        Agent(first).invoke(S, [{"role": "user", "content": text}])
    held, _ = summary_of(first)
    first.close()
    again = make_memory()
    for text in ["What was my booking reference?", "where do I live?", "what do you know about me?",
                 "what is a quasar?"]:
        Agent(again).invoke(S, [{"role": "user", "content": text}])
    headline, content = summary_of(again)
    for fact in ("name is Carol", "lives in Lyon", "ZX-4471", "window seat"):
        assert fact in held and fact in headline, (fact, headline)
    assert "you said" not in content


def test_extraction_never_reads_the_quoted_words_as_new(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory()
    mem.append(S, [{"role": "user", "content": "where do I live?"},
                   {"role": "assistant", "content": 'From earlier in this session:\n- you said: "I live in Lyon and '
                                                    'my booking reference is QT-9912."'}])
    assert not [r for r in mem.list(S) if "Lyon" in r.summary or "QT-9912" in (r.content or r.summary)]


def test_echo_rule_removes_quotes_of_the_user_and_their_headings() -> None:
    echo = 'From earlier in this session:\n- you said: "I am Carol. I live in Lyon."'
    assert clean_text(echo, "assistant") == ""
    assert is_echo_line('- you said: "Hi, I\'m Carol and I live in Lyon."', "assistant")
    assert clean_text('You said: "I am Carol." Your table is booked for 8pm.', "assistant") == \
        "Your table is booked for 8pm."
    assert clean_text("Earlier you said you live in Lyon. The train leaves at 9.", "assistant") == \
        "The train leaves at 9."
    assert clean_text("Before we start: what is your name?", "assistant") == "Before we start: what is your name?"
    assert clean_text('you said: "I live in Lyon."', "user") == 'you said: "I live in Lyon."'  # the user's words stay


def _user(text: str, n: int = 0) -> Event:
    return Event(id=f"e{n}", agent="a", actor="u", session="s", seq=n, role="user", content=text, at=AT)


def test_prior_lines_stay_until_the_session_changes_them() -> None:
    prior = summarize([_user("Hi, I'm Carol and I live in Lyon."), _user("I have a dog named Rex.", 1),
                       _user("My booking reference is ZX-4471.", 2)]).lines
    assert len(prior) == 3
    chat = [_user(f"Tell me about the history of {w} cathedrals and their architecture.", 3 + i)
            for i, w in enumerate(["French", "Spanish", "Italian", "German", "English", "Polish", "Czech"])]
    draft = summarize(chat, prior)
    assert draft.lines[:3] == prior  # seven new informative lines do not push out what the user stated
    moved = summarize([_user("I moved to Paris.", 20)], prior)
    assert prior[0] in moved.lines  # the name still holds
    assert "lives in Paris" in moved.headline and "lives in Lyon" not in moved.headline
    gone = summarize([_user("I no longer have a dog.", 21)], prior)
    assert prior[1] not in gone.lines and "Rex" not in gone.headline
    healed = summarize([], [*prior, '[2026-03-02] Assistant: - you said: "Hi, I\'m Carol and I live in Lyon."'])
    assert healed.lines == prior
