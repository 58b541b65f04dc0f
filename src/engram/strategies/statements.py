"""Consolidating statements by meaning: restated, changed, over, or new. Pure.

A statement (:mod:`engram.extract.statements`) has no key: it is matched to what memory already holds by
the neighbour lookup, which ranks the namespace's records by meaning (the embedder) and words. Against
those neighbours, best first, a statement is

- **skipped** when it names the value a keyed record (one the rules wrote) holds and says nothing else
  about it ("Living in Porto is great" beside "Lives in Porto": one attribute, one record);
- **skipped** when a record already says it, in any words: most of the content words of the shorter one
  are the other's ("Has a dog named Max" / "Max is their dog"), both are said the same way (neither or
  both negated) and it names nothing the record does not (when it adds a name, "Has a dog" / "Has a dog
  named Max", it supersedes the record; when it names others, it is not the same thing);
- **an end** when it says something is over ("No longer plays the cello", "Sold the camper van", "Does
  not drink coffee") and a record says that thing: the end supersedes it (history keeps the old record);
- **a new value** when it is a present-tense fact with the same frame as a record (the same words once
  names and numbers are set aside) and other names ("Works at Arup" after "Works at Ørsted"): it
  supersedes it;
- **a new value by meaning** when a neighbour states the same attribute of the same subject in other
  words and with other names ("Just moved to a flat in Porto" after "Lives in Lisbon"; "Coaches the Lions
  on Saturdays now" after "Coaches the Tigers on Saturdays"), judged by :mod:`.attribute_match` (the
  embedder's cosine of the two summaries with their values masked, behind a guard on the subject and on
  states): it supersedes it; the same attribute with the same names is a restatement (skip);
- **added** otherwise. Events and tastes are never superseded by another event or taste: going to Rome
  does not undo going to Paris.

A statement that names the value of a keyed record ("Ghent is so rainy" beside "Lives in Ghent") ends
when the rules supersede or retract that record ("Lives in Porto"): it spoke of a value that no longer
holds (:func:`end_old_values`; history keeps it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial

from ..config import Strategy
from ..core import roles
from ..core.consolidate import (
    KEY_PREFIX,
    NEW_HOLDER,
    Batch,
    Candidate,
    Decision,
    Judge,
    norm_value,
    parse_key,
    record_key,
    with_holders,
)
from ..core.ops import AddOp, DeleteOp
from ..core.strategy_types import BY_NAME
from ..core.text import key_terms
from ..extract.later_fix import changed_names
from ..extract.lexicon import FAMILY
from ..extract.statements import content
from ..types import Record
from . import attribute_match, facts
from ._common import Run, fact_candidate

RESTATED = 0.7  # share of the shorter statement's content words the other must have to say the same
_NEGATED = re.compile(r"\b(?:not|never|no|don't|doesn't|didn't|isn't|aren't|cannot|can't)\b", re.IGNORECASE)
_OVER_WORDS = frozenset(key_terms(
    "no longer anymore any more sold quit gave given up stopped split broke divorced left retired between got rid "
    "used ended cancelled canceled moved out not does did never"))
_NAME = re.compile(r"(?<!^)(?<![.!?]\s)\b(?:[A-Z][\w'-]+|\d[\w.-]*)")


# a date's words: when something was said to end, not what ended
_CALENDAR = frozenset(key_terms("January February March April May June July August September October November "
                                  "December Monday Tuesday Wednesday Thursday Friday Saturday Sunday Mondays Tuesdays "
                                  "Wednesdays Thursdays Fridays Saturdays Sundays"))


def _undated(named: set[str]) -> set[str]:
    """Names without the words and numbers of a date."""
    return {t for t in named - _CALENDAR if not t[:1].isdigit()}


def names(summary: str) -> set[str]:
    """The names and numbers of a summary (its values), stemmed: capitalised words after the first, digits."""
    return set(key_terms(" ".join(_NAME.findall(summary))))


def frame(summary: str) -> set[str]:
    """A summary's content words without its names and numbers: what attribute it is about."""
    return content(summary) - names(summary)


def negated(summary: str) -> bool:
    return bool(_NEGATED.search(summary))


_NO_VALUE = ("yes", "no", "like", "dislike")


def _names_value(summary: str, value: str) -> bool:
    """``summary`` names ``value`` (both in :func:`norm_value` form) as whole words."""
    return bool(re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", norm_value(summary)))


def _attribute(key: str) -> str:
    """A key without its item: ``user/learning:italian`` -> ``user/learning`` (whose, and what about)."""
    whose, _, what = key.rpartition("/")
    return f"{whose}/{what.split(':', 1)[0]}"


def end_old_values(run: Run, batch: Batch, seen: Mapping[str, Record]) -> None:
    """End the stored statements that name a value the rules just superseded or retracted in ``batch``.

    ``seen`` holds the stored records the rules' candidates were consolidated against (by id): for each of
    them the batch replaces with another value of its key, or deletes, the keyless records of its namespace
    naming the old value (and not the new one) are deleted too.
    """
    for op in list(batch.ops):
        if isinstance(op, AddOp) and op.replaces:
            old, new = seen.get(op.replaces), parse_key(KEY_PREFIX + op.fact_key) if op.fact_key else None
        elif isinstance(op, DeleteOp):
            old, new = seen.get(op.record_id), None
        else:
            continue
        kv = record_key(old) if old is not None else None
        if old is None or kv is None or kv[1] in _NO_VALUE or negated(old.summary):
            continue
        value, now = norm_value(kv[1]), norm_value(new[1]) if new else ""
        if len(value) < 3 or value == now or (new is not None and _attribute(new[0]) != _attribute(kv[0])):
            continue
        for r in run.lookup(old.namespace, kv[1], 2 * run.k):
            if r.id == old.id or record_key(r) is not None:
                continue
            if _names_value(r.summary, value) and not (now and _names_value(r.summary, now)):
                batch.end(r.id, op.strategy, op.source_event_ids, f"names {kv[1]!r}, which no longer holds")


def _whose(summary: str) -> str:
    """The first word of a summary, lower-cased, without a possessive: whose it is when it is a person's
    ("Brother's flat in Poznań is tiny" -> "brother")."""
    first = summary.split(" ", 1)[0].lower() if summary else ""
    return re.sub(r"(?:'s|’s|s')$", "", first)


def end_replaced_names(run: Run, batch: Batch) -> None:
    """End the stored statements about the same subject that name a value a rule's new record says it takes
    the place of (:func:`~engram.extract.later_fix.changed_names`): "my brother lives in Kraków now instead of
    Poznań" ends "Brother's flat in Poznań is tiny" (the keyed "Brother lives in Poznań" is the rules' to
    supersede). Only statements (keyless records) of that subject end: the brother's, or, for the user's own
    value, any not about a person of theirs."""
    for op in list(batch.ops):
        if not (isinstance(op, AddOp) and op.fact_key and op.content):
            continue
        kv = parse_key(KEY_PREFIX + op.fact_key)
        if kv is None:
            continue
        subject = kv[0].split("/", 1)[0].split(":", 1)[0]
        for name in (old for _, old in changed_names(op.content)):
            value = norm_value(name)
            if len(value) < 3 or _names_value(op.summary, value):
                continue
            for r in run.lookup(op.namespace, name, 2 * run.k):
                if record_key(r) is not None or not _names_value(r.summary, value):
                    continue
                whose = _whose(r.summary)
                if whose == subject or (subject == "user" and whose not in FAMILY):
                    batch.end(r.id, op.strategy, op.source_event_ids, f"names {name!r}, which it took the place of")


def _restates_value(summary: str, mine: set[str], r: Record) -> bool:
    """``summary`` names the value of a keyed record (a rule's) and says nothing else about it: "Living in
    Porto is great" beside "Lives in Porto". It shares a word of the record besides the value, or says
    at most one thing besides it."""
    kv = record_key(r)
    if kv is None or not kv[1] or kv[1] in _NO_VALUE or negated(r.summary):
        return False
    value = norm_value(kv[1])
    if len(value) < 3 or not _names_value(summary, value):
        return False
    rest = mine - set(key_terms(value))
    return bool(rest & content(r.summary)) or len(rest) <= 1


def decide(c: Candidate, neighbors: Sequence[Record],
           cosines: Callable[[], Mapping[str, float]] | None = None) -> list[Decision]:
    """What statement ``c`` does to its neighbours (best first): see the module docstring. ``cosines``
    gives, by record id, the attribute cosine of ``c`` and the neighbours it can be compared with
    (:func:`attribute_cosines`); it is called only when the word rules decided nothing (none: no meaning
    rule)."""
    mine = content(c.summary)
    if not mine:
        return [Decision("skip", None, "says nothing")]
    if c.retract:  # a statement taken back ("ignore what I said about skanska, it's vattenfall"): never an addition
        gone = [r for r in neighbors if content(r.summary) == mine]
        return [Decision("delete", r.id, "taken back") for r in gone] or [Decision("skip", None, "none to take back")]
    ending = c.ends or negated(c.summary)
    said = names(c.summary)
    for r in neighbors:
        if not ending and _restates_value(c.summary, mine, r):
            return [Decision("skip", r.id, "says again what a keyed record holds")]
    held = [r for r in neighbors if not ending and roles.new_holder(c.summary, r.summary)]
    if held:
        return [Decision("replace", held[0].id, NEW_HOLDER)] + [Decision("delete", r.id, NEW_HOLDER) for r in held[1:]]
    for r in neighbors:
        theirs = content(r.summary)
        if not theirs or negated(c.summary) != negated(r.summary):
            continue
        if len(mine & theirs) / min(len(mine), len(theirs)) < RESTATED:
            continue
        known = names(r.summary)
        if said - known and known - said:
            continue  # the same words about other names: a new value, not a restatement
        if said - known:
            return [Decision("replace", r.id, "says it again, with a name it lacked")]
        return [Decision("skip", r.id, "restates a record in other words")]
    if ending:
        what = mine - _OVER_WORDS
        named = _undated(said)
        over = []
        for r in neighbors:
            theirs, known = content(r.summary), _undated(names(r.summary))
            if named and known and not named & known:
                continue  # "used to live in Oslo" does not end "Lives in Bergen" (a date is no other value)
            if what and not negated(r.summary) and len(what & theirs) >= max(1, (len(what) + 1) // 2):
                over.append(r)
        if over:  # every record that says it ("Plays the cello", "Cello lessons with Ines are on Fridays")
            return [Decision("replace", over[0].id, "says it is over")] + [
                Decision("delete", r.id, "says it is over") for r in over[1:]]
        return [Decision("add", None, "new information")]
    if c.kind == "fact" and names(c.summary):
        mine_frame = frame(c.summary)
        for r in neighbors:
            if mine_frame and frame(r.summary) == mine_frame and names(r.summary) and \
                    not names(r.summary) & names(c.summary) and not negated(r.summary):
                return [Decision("replace", r.id, "the same attribute, a new value")]
    close = cosines() if cosines is not None else {}
    for r in neighbors:
        cos = close.get(r.id)
        if cos is None:
            continue
        if attribute_match.restated(c.summary, r.summary, cos):
            return [Decision("skip", r.id, f"the same attribute and value by meaning ({cos:.2f})")]
        if attribute_match.new_value(c.summary, r.summary, cos, single=_single(r)):
            return [Decision("replace", r.id, f"the same attribute by meaning ({cos:.2f}), a new value")]
    return [Decision("add", None, "new information")]


def _single(r: Record) -> bool:
    """``r`` holds a single-valued attribute by its key (a rule's ``user/residence``, not ``user/drive:golf``)."""
    kv = record_key(r)
    return kv is not None and ":" not in kv[0].partition("/")[2]


def keyed_judge(run: Run) -> Judge:
    """The judge :func:`engram.core.consolidate.consolidate` asks about a rule's candidate and the records
    its key cannot match ("Drives a Tesla Model 3", ``user/car``, beside "Drives a Golf",
    ``user/drive:golf``): "new" or "same" by :mod:`.attribute_match`. A single-valued key says the attribute
    holds one value: the candidate's, or the stored record's when both say it with one verb ("Drives a Passat",
    read by a generic rule as ``user/drive:passat``, is a new value of "Drives a Kia Niro", ``user/car``; "Cousin
    Felix speaks Greek" is no new value of "Cousin Felix lives in Bergen"); else only a role's one holder is
    (:func:`attribute_match.one_holder`: "Manager is Jürgen" after "Manager is Priya")."""
    def judge(c: Candidate, records: Sequence[Record]) -> dict[str, str]:
        value = norm_value(c.value)
        close = attribute_cosines(run, c.summary, records, value)
        out = {}
        for r in records:
            cos = close.get(r.id)
            if cos is not None and attribute_match.restated(c.summary, r.summary, cos) and \
                    (not value or _names_value(r.summary, value)):
                out[r.id] = "same"
            elif cos is not None and (single := not c.multi or attribute_match.one_holder(c.summary, r.summary) or
                                      (_single(r) and attribute_match.same_verb(c.summary, r.summary))) and \
                    attribute_match.new_value(c.summary, r.summary, cos, single=single):
                out[r.id] = "new"
        return out
    return judge


def attribute_cosines(run: Run, summary: str, records: Sequence[Record], value: str | None = None) -> dict[str, float]:
    """The attribute cosine of ``summary`` with each of ``records`` it is comparable with (same subject,
    states or changes: :func:`attribute_match.comparable`), by record id, on MiniLM's scale
    (:func:`attribute_match.on_scale`); one batched embedding call for the texts this run has not embedded
    yet, none when nothing is comparable or the run has no embedder."""
    near = [r for r in records if attribute_match.comparable(summary, r.summary)]
    if not near:
        return {}
    texts = [attribute_match.attribute_text(r.summary, kv[1] if (kv := record_key(r)) else None) for r in near]
    got = run.cosines(attribute_match.attribute_text(summary, value), texts)
    if got is None:
        return {}
    base = run.attribute_baseline()
    return {r.id: attribute_match.on_scale(cos, base) for r, cos in zip(near, got, strict=True)}


def candidates(run: Run, strategy: Strategy) -> list[Candidate]:
    """The batch's statements as keyless candidates of ``strategy``: SEMANTIC and CUSTOM keep them (the
    preferences among them only when no USER_PREFERENCE strategy is configured)."""
    if not BY_NAME[strategy.type].statements:
        return []
    cats = facts.categories(run, strategy)
    ns = run.namespace(strategy)
    return [replace(fact_candidate(run, strategy, ns, f), key=None, value=None, multi=True)
            for f in run.offline_statements() if f.category in cats]


def consolidate(run: Run, candidates: Sequence[Candidate], batch: Batch) -> None:
    """Apply each statement to the batch after the rules' candidates, against stored and pending records."""
    for c in candidates:
        stored = with_holders(c, run.lookup(c.namespace, c.summary), run.lookup, run.k)
        near = batch.neighbors(c, stored)
        batch.apply(c, decide(c, near, partial(attribute_cosines, run, c.summary, near)))
