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
from ..core.text import index_terms
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
    if FILLER.fullmatch(text) or len(index_terms(text)) < 3:
        return 0.0
    score = min(len(set(index_terms(text))), 12) / 4.0
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
    best = max(chosen, key=lambda x: x[0])[2]
    headline = re.sub(r"^\[[^\]]*\]\s*", "", best)
    if len(headline) > 160:
        headline = headline[:157].rstrip() + "..."
    return SummaryDraft(headline, lines)


_DUMMY = Event(id="", agent="", actor=None, session=None, seq=0, role="user", content="",
               at=datetime(2000, 1, 1))
