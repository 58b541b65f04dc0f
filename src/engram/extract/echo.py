"""Memory must not feed on itself: what the model was handed as memory is never read again as evidence.

A turn hands the model a memory block (pinned and recalled records, see ``harness/memory_block.py``); the
model may quote it back ("- Lives in Porto (moved in March) [r_6618c886…]") or talk about it ("I found
nothing in memory about your allergies"). Stored as the assistant's message, that text would become a
new record, or a line of the session summary, recalled later as if someone had said it again.

:func:`clean` returns the events of a batch with that text removed, before any strategy reads them:

- a memory block pasted anywhere (``<memory>`` … ``</memory>``) and the block's preamble;
- record ids (``r_`` and a long hex tail), everywhere: an id never enters a record;
- in the assistant's messages, sentences that talk about memory ("in my memory", "I don't have anything
  on file", "you told me"), that carry a record id, or that restate known records (the stored records
  most like the message, given by the caller): nearly word for word, or with 80% of their words taken
  from them ("You live in Porto and you're allergic to peanuts").

What the user says is kept (their restatement is evidence consolidation skips); only blocks and ids go.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..core.consolidate import similarity, terms
from ..types import Event
from .text import split_sentences

_ID = r"\br_[0-9a-zA-Z]{8,}\b"
RECORD_ID = re.compile(r"\s*(?:\[\s*" + _ID + r"\s*\]|\(\s*" + _ID + r"\s*\)|" + _ID + ")")
_BLOCK = re.compile(r"<memory>.*?(?:</memory>|$)", re.DOTALL | re.IGNORECASE)
_PREAMBLE = re.compile(r"Records recalled from long-term memory are listed[^\n]*?(?:nothing relevant was recalled\.)",
                       re.IGNORECASE | re.DOTALL)
_MEMORY_TALK = re.compile(
    r"\b(?:in|from|according to|based on|checked|searched|search of|looked (?:in|through))\s+(?:my\s+|your\s+|the\s+|"
    r"our\s+|long-term\s+|stored\s+|saved\s+)*(?:memory|memories|records|notes)\b"
    r"|\b(?:nothing|no records?|no memories|no notes|nothing relevant|anything)\s+(?:was\s+)?(?:recalled|on file|"
    r"stored|saved|remembered)\b"
    r"|\bI (?:remember|recall|have (?:it )?(?:noted|on record|on file|saved))\b"
    r"|\byou (?:told|mentioned to|said to) me\b|\bas you (?:said|mentioned|told me)\b"
    r"|^(?:recalled|from memory|memory|pinned|remembered)\s*:", re.IGNORECASE)
_RESTATES = 0.6
_COVERED = 0.8


def strip_ids(text: str) -> str:
    """``text`` without record ids (and the brackets around them)."""
    return re.sub(r"[ \t]{2,}", " ", RECORD_ID.sub("", text)).strip() if "r_" in text else text


def is_memory_talk(sentence: str, known: Iterable[str] = ()) -> bool:
    """An assistant sentence that quotes or discusses memory rather than the conversation."""
    if RECORD_ID.search(sentence) or _MEMORY_TALK.search(sentence):
        return True
    if sentence.rstrip().endswith("?"):  # "Is Amelie still your favourite film?" asks; the reply is the evidence
        return False
    bare = re.sub(r"^[-*•\s]+", "", strip_ids(sentence))
    if any(similarity(bare, k) >= _RESTATES for k in known):
        return True
    said = terms(bare) - {"¬"}
    told = set().union(*(terms(k) for k in known)) if known else set()
    return len(said) >= 2 and len(said & told) >= _COVERED * len(said)  # every word of it came from memory


def clean_text(text: str, role: str, known: Sequence[str] = ()) -> str:
    """One message's text with memory blocks, ids and (for the assistant) memory talk removed."""
    if not text:
        return text
    out = _PREAMBLE.sub("", _BLOCK.sub("", text)) if ("<memory>" in text.lower() or "Records recalled" in text) \
        else text
    if role == "assistant":
        kept = []
        for line in out.split("\n"):
            sentences = [s for s in split_sentences(line) if not is_memory_talk(s, known)]
            if sentences:
                kept.append(" ".join(sentences))
        out = "\n".join(kept)
    return strip_ids(out)


def clean(events: Sequence[Event], known: Sequence[str] = ()) -> list[Event]:
    """The batch with what memory handed the model removed from every message (events otherwise unchanged)."""
    out = []
    for ev in events:
        text = clean_text(ev.content, ev.role, known) if ev.content else ev.content
        out.append(ev if text == ev.content else replace(ev, content=text))
    return out
