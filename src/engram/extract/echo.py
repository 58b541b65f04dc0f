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
  from them ("You live in Porto and you're allergic to peanuts");
- in the assistant's messages, what it quotes back from the conversation: a heading that introduces
  recalled material ("From earlier in this session:", "Earlier in our conversation:"), and a sentence that
  quotes the user's own words ('you said: "I live in Lyon."', the quotation whole even when it holds several
  sentences). The user's words are evidence where the user said them, never a second time in the
  assistant's mouth.

What the user says is kept (their restatement is evidence consolidation skips); only blocks and ids go.
This module is the one home of that rule: extraction and the session summary read events through
:func:`clean`, and the summary reads its own earlier lines through :func:`is_echo_line`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..core.consolidate import similarity, terms
from ..types import Event
from .text import bounded, split_sentences

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
    r"|^(?:recalled|from memory|memory|pinned|remembered)\s*:"
    r"|^(?:from\s+)?(?:earlier|before|previously)(?:\s+(?:in|during)\s+(?:this|our|the)\s+(?:session|conversation|chat))?"
    r"\s*:"
    r"|\b(?:earlier|before|previously),?\s+you\s+(?:said|wrote|mentioned|told me)\b", re.IGNORECASE)
# the assistant quoting the user's own words back: the attribution, then the quotation (closed on the line)
_QUOTE = re.compile(r"\b(?:you|the user)\s+(?:said|wrote|mentioned|told me|stated|asked)\b[^\"“«\n]{0,12}"
                    r"[\"“«][^\"”»\n]*[\"”»]", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
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
            sentences = [s for s in split_sentences(without_quotes(line))
                         if _WORDS.search(s) and not is_memory_talk(s, known)]
            if sentences:
                kept.append(" ".join(sentences))
        out = "\n".join(kept)
    return strip_ids(out)


_WORDS = re.compile(r"\w")


def without_quotes(line: str) -> str:
    """``line`` without the sentences that quote the user's words back to them ('you said: "…"'), each removed
    from the start of its sentence to the end of the quotation (or of the sentence the quotation sits in)."""
    if not _QUOTE.search(line):
        return line
    out: list[str] = []
    pos = 0
    for m in _QUOTE.finditer(line):
        if m.start() < pos:
            continue
        ends = [i + 1 for i in (line.rfind(c, pos, m.start()) for c in ".!?") if i >= 0]
        start = max([pos, *ends])
        end = m.end()
        if line[end - 2:end - 1] not in (".", "!", "?"):  # the quotation ends inside its sentence: to its end
            nxt = _SENTENCE_END.search(line, end)
            end = nxt.end() if nxt else len(line)
        out.append(line[pos:start])
        pos = end
    out.append(line[pos:])
    return re.sub(r"[ \t]{2,}", " ", "".join(out)).strip()


def is_echo_line(text: str, role: str, known: Sequence[str] = ()) -> bool:
    """Whether a line of text (a message, or a line a summary kept) is all echo: nothing new is left of it once
    what memory handed the model is removed (:func:`clean_text`)."""
    return not _WORDS.search(clean_text(text, role, known))


def clean(events: Sequence[Event], known: Sequence[str] = ()) -> list[Event]:
    """The batch with what memory handed the model removed from every message (events otherwise unchanged),
    each as the rules read it (:func:`.text.bounded`: no 100,000-character word or whitespace run)."""
    out = []
    for ev in events:
        text = clean_text(bounded(ev.content), ev.role, known) if ev.content else ev.content
        out.append(ev if text == ev.content else replace(ev, content=text))
    return out
