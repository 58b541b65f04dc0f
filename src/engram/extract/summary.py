"""The offline session summary: the most informative sentences of the conversation, dated and tagged.

Extractive: sentences are scored (content words, names, numbers; the user's statements that hold facts
count most), near-duplicates dropped, and the best few kept in the order said. A running summary keeps
the user's facts it held until the session changes them; its other lines compete with the new ones, slightly
discounted, so the summary stays short.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..core import timeref
from ..core.consolidate import keys_match, norm_value, similarity
from ..core.text import key_terms
from ..types import Event
from . import echo
from .base import Fact
from .extractor import OfflineExtractor
from .lexicon import FILLER
from .text import split_sentences


@dataclass(frozen=True, slots=True)
class SummaryDraft:
    """An extractive running summary: one headline and a few dated lines."""

    headline: str
    lines: tuple[str, ...]


def _sentence_score(sentence: str, role: str, facts: Sequence[Fact], *, news: bool = False) -> float:
    """How informative a sentence is; ``facts``: what the user states in it (none for the assistant); ``news``:
    it changes a fact the summary holds, so it counts however short ("I moved to Paris.")."""
    text = sentence.strip()
    if FILLER.fullmatch(text) or (len(key_terms(text)) < 3 and not news):
        return 0.0
    score = min(len(set(key_terms(text))), 12) / 4.0
    score += 0.7 * len(re.findall(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+", text))
    score += 0.8 * len(re.findall(r"\d", text)) ** 0.5
    if role == "user":
        score += 3.0 * len([f for f in facts if not f.retract])
        score *= 1.3
    if text.endswith("?"):
        score *= 0.7
    return score


_LINE = re.compile(r"^\[(?P<day>[^\]]*)\]\s*(?P<who>User|Assistant):\s*(?P<text>.*)$")
MAX_HELD = 24  # lines a running summary holds at most: past that, its oldest lines go first


@dataclass(frozen=True, slots=True)
class _Line:
    """A candidate line of the summary: its score, when it was said (order), its text, the user facts it holds."""

    score: float
    order: int
    text: str
    facts: tuple[Fact, ...] = ()


def _changes(later: Fact, held: Fact) -> bool:
    """Whether ``later`` says ``held`` no longer holds: it takes it back (by key, or by the words it names, as
    consolidation's retractions do), or gives a single-valued fact a new value."""
    same_key = keys_match(later.key, held.key)
    if later.retract:
        if later.topic:
            have = set(key_terms(" ".join([held.summary, *re.split(r"[/:_.=-]+", held.key), held.value])))
            return all(t in have for t in later.topic)
        return same_key and (not later.value or norm_value(later.value) == norm_value(held.value))
    return same_key and not later.multi and not held.multi and norm_value(later.value) != norm_value(held.value)


def _outdated(held: _Line, said: Sequence[Fact]) -> bool:
    """Whether the session since said that every fact the line ``held`` holds changed."""
    return bool(held.facts) and all(any(_changes(g, f) for g in said) for f in held.facts)


def _user_facts(text: str, ev: Event, extractor: OfflineExtractor) -> tuple[Fact, ...]:
    probe = Event(id=ev.id, agent=ev.agent, actor=ev.actor, session=ev.session, seq=ev.seq, role="user",
                  content=text.strip(), at=ev.at)
    return tuple(extractor.facts([probe]))


def summarize(events: Sequence[Event], prior: Sequence[str] = (), *, max_lines: int = 6,
              extractor: OfflineExtractor | None = None) -> SummaryDraft:
    """Pick the most informative sentences of the session (user facts first), dated and speaker-tagged.

    A running summary never loses what it held unless the session says it changed: every ``prior`` line
    (the previous running summary) that holds a fact the user stated stays, until later words give each of
    its facts a new value or take it back. The rest (the assistant's lines, questions) and the new sentences
    compete for ``max_lines``, the held ones slightly discounted; a new sentence stating a user fact always
    gets in, so what the user says is summarized however long the session (up to :data:`MAX_HELD` lines,
    past which the oldest go). A prior line that is all echo of memory (:func:`echo.is_echo_line`, the rule
    extraction reads events by) is dropped, so a summary written before the rule heals.
    """
    ex = extractor or OfflineExtractor()
    held: list[_Line] = []
    order = 0
    for raw in prior:
        line = raw.strip().lstrip("- ").strip()
        if not line:
            continue
        m = _LINE.match(line)
        role = "prior" if m is None else m.group("who").lower()
        text = line if m is None else m.group("text")
        if role == "assistant" and echo.is_echo_line(text, role):
            continue
        said_on = _said_on(m.group("day")) if m is not None else None
        facts = _user_facts(text, _probe(said_on), ex) if role == "user" else ()
        held.append(_Line(0.85 * _sentence_score(text, role, facts), order, line,
                          tuple(f for f in facts if not f.retract)))
        order += 1
    new: list[_Line] = []
    said: list[Fact] = []  # every fact the user stated in these events, a short sentence's too
    for ev in events:
        if ev.role not in ("user", "assistant") or not ev.content or ev.tool_calls:
            continue
        for s in split_sentences(ev.content):
            facts = _user_facts(s, ev, ex) if ev.role == "user" else ()
            said += facts
            news = any(not g.retract and _changes(g, f) for g in facts for h in held for f in h.facts)
            sc = _sentence_score(s, ev.role, facts, news=news)
            if sc <= 0:
                continue
            dated, _ = timeref.rewrite(s, ev.at)
            tag = "User" if ev.role == "user" else "Assistant"
            new.append(_Line(sc, order, f"[{ev.at.date().isoformat()}] {tag}: {dated}", facts))
            order += 1
    kept = [line for line in held if line.facts and not _outdated(line, said)]
    chosen: list[_Line] = list(kept)
    rest = [line for line in held if not line.facts] + new
    for cand in sorted(rest, key=lambda x: (-x.score, x.order)):
        stated = any(not f.retract for f in cand.facts)
        if not stated and len(chosen) >= max_lines:
            continue
        if any(similarity(cand.text, c.text) > 0.6 for c in chosen):
            continue
        chosen.append(cand)
    chosen.sort(key=lambda x: x.order)
    lines = tuple(c.text for c in chosen[-MAX_HELD:])
    if not lines:
        return SummaryDraft("", ())
    return SummaryDraft(compose(lines, ex), lines)


_REQUEST = re.compile(r"^(?:(?:hi|hey|hello|ok|okay|so|well)[,!]?\s+)?(?:can|could|would|will) you\s+(?:please\s+)?"
                      r"(?:help me\s+(?:to\s+)?)?|^(?:please\s+)?help me\s+(?:to\s+)?|"
                      r"^(?:I need|I want|I would like)\s+(?:some\s+)?(?:help with\s+)?", re.IGNORECASE)
_DECIDED = re.compile(r"\b(?:I will|I'll|I have|I've|booked|scheduled|set up|added|sent|confirmed|decided|agreed|"
                      r"let us|let's|reserved|cancelled|moved)\b", re.IGNORECASE)


def compose(lines: Sequence[str], extractor: OfflineExtractor) -> str:
    """One sentence saying who talked, what the user told and asked, and what was settled: the record's summary.

    Built from the chosen lines, never one of them copied: the user's statements as the facts they state
    ("said they live in Porto, have a cat named Pepper"), their questions and requests as what they asked
    about, the assistant's commitments ("booked", "I'll send") as what was decided.
    """
    said: dict[str, str] = {}  # consolidation key (the value too, for a multi-valued fact) -> its sentence
    asked: list[str] = []
    decided: list[str] = []
    day = ""
    names = _names_inside(lines)
    for line in lines:
        m = _LINE.match(line)
        if m is None:
            continue
        day = day or m.group("day")
        text = m.group("text").strip()
        if m.group("who") == "Assistant":
            if _DECIDED.search(text) and not text.endswith("?"):
                decided.append(text.rstrip(".!"))
            continue
        if text.endswith("?") or _REQUEST.match(text):
            stated, _, question = text.rpartition(", ")
            on = _said_on(m.group("day"))
            facts = _stated(stated, extractor, on) if stated and text.endswith("?") else []
            topic = _REQUEST.sub("", question if facts else text).rstrip("?.! ").strip()
            if topic:
                asked.append(_in_sentence(topic, names))
        else:
            facts = _stated(text, extractor, _said_on(m.group("day")))
        for f in facts:  # a later value of a single-valued fact takes the earlier one's place (and its order)
            key = f"{f.key}={f.value}" if f.multi else f.key
            said.pop(key, None)
            said[key] = _in_sentence(f.summary, names)
    facts_said = list(dict.fromkeys(said.values()))
    parts = []
    if facts_said:
        parts.append("the user said: " + ", ".join(facts_said[:4]))
    if asked:
        parts.append(("they" if facts_said else "the user") + " asked about "
                     + "; ".join(_short(a, 70) for a in asked[:2]))
    if decided:
        parts.append("the assistant said: " + _short(decided[-1], 90))
    if not parts:
        parts.append("the user and the assistant talked")
    out = (f"Session of {day}: " if day else "Session: ") + "; ".join(parts)
    return _short(out, 300)


def _stated(text: str, extractor: OfflineExtractor, said_on: datetime | None) -> list[Fact]:
    """The facts a user's words state (none retracted, each with a summary); ``said_on``: the line's day."""
    return [f for f in extractor.facts([_probe(said_on, text)]) if not f.retract and f.summary]


def _said_on(day: str) -> datetime | None:
    """The day a summary line is dated (``[2026-03-05]``), the anchor for what its words leave relative."""
    try:
        return datetime.fromisoformat(day.strip())
    except ValueError:
        return None


def _probe(said_on: datetime | None, text: str = "") -> Event:
    """A user's message saying ``text`` on ``said_on``, for the extractor to read."""
    return Event(id="", agent="", actor=None, session=None, seq=0, role="user", content=text, at=said_on or _NO_DAY)


_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def _names_inside(lines: Sequence[str]) -> set[str]:
    """Capitalised words the lines write inside a sentence ("my son Noah"): names, wherever they stand."""
    found: set[str] = set()
    for line in lines:
        text = line.split(": ", 1)[-1]
        for sentence in re.split(r"(?<=[.!?])\s+", text):
            found.update(w for w in _WORD.findall(sentence)[1:] if w[:1].isupper())
    return found


def _in_sentence(summary: str, names: set[str]) -> str:
    """A fact's summary (or a question's topic) continued inside a sentence: its first word in lower case ("Has a
    cat" -> "has a cat") unless it is a name: one in its own script ("Bríd"), or one written with a capital inside
    a sentence."""
    first = summary.split(" ", 1)[0]
    if not first.isascii() or re.sub(r"['’]s$", "", first.rstrip(",.;:")) in names:
        return summary
    return summary[0].lower() + summary[1:]


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 3].rstrip() + "..."


_NO_DAY = datetime(2000, 1, 1)  # for an undated line; its dates are already written out (see timeref)
