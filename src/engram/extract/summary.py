"""The offline session summary: the most informative sentences of the conversation, dated and tagged.

Extractive: sentences are scored (content words, names, numbers; the user's statements that hold facts
count most), near-duplicates dropped, and the best few kept in the order said. The previous running
summary's lines compete with the new ones, slightly discounted, so the summary stays short.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..core import timeref
from ..core.consolidate import similarity
from ..core.text import key_terms
from ..types import Event
from .extractor import OfflineExtractor
from .lexicon import FILLER
from .text import split_sentences


@dataclass(frozen=True, slots=True)
class SummaryDraft:
    """An extractive running summary: one headline and a few dated lines."""

    headline: str
    lines: tuple[str, ...]


def _sentence_score(sentence: str, role: str, extractor: OfflineExtractor, ev: Event) -> float:
    text = sentence.strip()
    if FILLER.fullmatch(text) or len(key_terms(text)) < 3:
        return 0.0
    score = min(len(set(key_terms(text))), 12) / 4.0
    score += 0.7 * len(re.findall(r"(?<!^)(?<![.!?]\s)\b[A-Z][a-z]+", text))
    score += 0.8 * len(re.findall(r"\d", text)) ** 0.5
    if role == "user":
        probe = Event(id=ev.id, agent=ev.agent, actor=ev.actor, session=ev.session, seq=ev.seq, role="user",
                      content=text, at=ev.at)
        score += 3.0 * len([f for f in extractor.facts([probe]) if not f.retract])
        score *= 1.3
    if text.endswith("?"):
        score *= 0.7
    return score


def summarize(events: Sequence[Event], prior: Sequence[str] = (), *, max_lines: int = 6,
              extractor: OfflineExtractor | None = None) -> SummaryDraft:
    """Pick the most informative sentences of the session (user facts first), dated and speaker-tagged.

    ``prior`` lines (the previous running summary) compete with the new ones, slightly discounted, so the
    summary stays short while the session grows.
    """
    ex = extractor or OfflineExtractor()
    scored: list[tuple[float, int, str]] = []
    order = 0
    for line in prior:
        line = line.strip().lstrip("- ").strip()
        if line:
            scored.append((0.85 * _sentence_score(re.sub(r"^\[[^\]]*\]\s*\w+:\s*", "", line), "prior", ex,
                                                  _DUMMY), order, line))
            order += 1
    for ev in events:
        if ev.role not in ("user", "assistant") or not ev.content or ev.tool_calls:
            continue
        for s in split_sentences(ev.content):
            sc = _sentence_score(s, ev.role, ex, ev)
            if sc <= 0:
                continue
            dated, _ = timeref.rewrite(s, ev.at)
            tag = "User" if ev.role == "user" else "Assistant"
            scored.append((sc, order, f"[{ev.at.date().isoformat()}] {tag}: {dated}"))
            order += 1
    chosen: list[tuple[float, int, str]] = []
    for sc, i, line in sorted(scored, key=lambda x: (-x[0], x[1])):
        if len(chosen) >= max_lines:
            break
        if any(similarity(line, c[2]) > 0.6 for c in chosen):
            continue
        chosen.append((sc, i, line))
    chosen.sort(key=lambda x: x[1])
    lines = tuple(line for _, _, line in chosen)
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
    said: list[str] = []
    asked: list[str] = []
    decided: list[str] = []
    day = ""
    names = _names_inside(lines)
    for line in lines:
        m = re.match(r"^\[(?P<day>[^\]]*)\]\s*(?P<who>User|Assistant):\s*(?P<text>.*)$", line)
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
            facts = _stated(stated, extractor) if stated and text.endswith("?") else []
            topic = _REQUEST.sub("", question if facts else text).rstrip("?.! ").strip()
            if topic:
                asked.append(_in_sentence(topic, names))
        else:
            facts = _stated(text, extractor)
        said.extend(s for s in (_in_sentence(f, names) for f in facts) if s not in said)
    parts = []
    if said:
        parts.append("the user said: " + ", ".join(said[:4]))
    if asked:
        parts.append(("they" if said else "the user") + " asked about " + "; ".join(_short(a, 70) for a in asked[:2]))
    if decided:
        parts.append("the assistant said: " + _short(decided[-1], 90))
    if not parts:
        parts.append("the user and the assistant talked")
    out = (f"Session of {day}: " if day else "Session: ") + "; ".join(parts)
    return _short(out, 300)


def _stated(text: str, extractor: OfflineExtractor) -> list[str]:
    """The summaries of the facts a user's words state (none retracted)."""
    probe = Event(id="", agent="", actor=None, session=None, seq=0, role="user", content=text,
                  at=datetime(2000, 1, 1))
    return [f.summary for f in extractor.facts([probe]) if not f.retract and f.summary]


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


_DUMMY = Event(id="", agent="", actor=None, session=None, seq=0, role="user", content="",
               at=datetime(2000, 1, 1))
