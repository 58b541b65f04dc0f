"""Text analysis shared by every backend: tokens, light stemming, stop words, token counts. Pure.

Both backends index the *output* of :func:`index_terms` (a space-separated string of normalised terms), so
SQLite FTS5 and PostgreSQL tsvector match the same documents, and BM25 is computed once here.
"""

from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)

STOP_WORDS = frozenset(
    """a about above after again against all am an and any are aren't as at be because been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
    during each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here
    here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself
    let's me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves
    out over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their
    theirs them themselves then there there's these they they'd they'll they're they've this those through
    to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's
    where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're
    you've your yours yourself yourselves also just get got would like really yeah yes oh ok okay did does
    s t""".split()
)

_SUFFIXES = ("ational", "ization", "fulness", "ousness", "iveness", "ements", "ement", "ments", "ment",
             "ings", "ing", "edly", "ed", "ies", "ly", "es", "s")


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).lower()


def stem(word: str) -> str:
    """A light, deterministic suffix stripper: plurals, -ing, -ed, -ly, -ment. Keeps stems >= 3 chars."""
    if len(word) <= 3 or word.isdigit():
        return word
    for suf in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 3:
            base = word[: -len(suf)]
            if suf == "ies":
                return base + "y"
            if suf in ("es",) and not base.endswith(("s", "x", "z", "ch", "sh")):
                return word[:-1] if not word.endswith("ss") else word
            if suf in ("ing", "ed", "edly") and len(base) > 3 and base[-1] == base[-2] and base[-1] not in "lsz":
                base = base[:-1]
            return base
    return word


def words(text: str) -> list[str]:
    """Lower-cased, accent-folded words, apostrophes kept inside a word."""
    return [w.replace("’", "'") for w in _WORD.findall(_fold(text))]


def index_terms(text: str) -> list[str]:
    """Terms to index a document by: stemmed words without stop words; ``'s`` possessives dropped."""
    out = []
    for w in words(text):
        if w.endswith("'s"):
            w = w[:-2]
        if w in STOP_WORDS or not w:
            continue
        out.append(stem(w.replace("'", "")))
    return [t for t in out if t]


def query_terms(text: str, *, max_terms: int = 32) -> list[str]:
    """Distinct terms of a natural-language query, in order. Never FTS syntax: plain word tokens only."""
    seen: dict[str, None] = {}
    for t in index_terms(text):
        seen.setdefault(t, None)
        if len(seen) >= max_terms:
            break
    return list(seen)


def count_tokens(text: str) -> int:
    """An offline token estimate close to BPE tokenizers on English: words, numbers and punctuation.

    Long words count as several tokens (~4 characters each), as cl100k-style tokenizers split them.
    """
    n = 0
    for piece in re.findall(r"\w+|[^\w\s]", text):
        n += max(1, (len(piece) + 3) // 4) if piece[0].isalnum() or piece[0] == "_" else 1
    return n


def chunks(text: str, *, size: int = 800, overlap: int = 100) -> list[str]:
    """Split long text into overlapping character windows on whitespace, for indexing tool results."""
    if len(text) <= size:
        return [text]
    out: list[str] = []
    start = 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            cut = text.rfind(" ", start + size // 2, end)
            end = cut if cut > 0 else end
        out.append(text[start:end].strip())
        if end >= len(text):
            break
        start = max(end - overlap, start + 1)
    return [c for c in out if c]
