"""Consolidation decisions: what a new candidate memory does to the records that already exist. Pure.

Extraction turns a conversation into :class:`Candidate` memories. Before anything is written, each one is
compared with the most similar active records of its namespace (the engine's neighbour lookup) *and* with
what this same batch has already decided, and becomes one of:

- **add**: new information;
- **replace**: the same single-valued attribute with a new value ("lives in Porto" after "lives in
  Lisbon"); the old record becomes SUPERSEDED;
- **delete**: an explicit retraction ("I'm not allergic to shellfish after all");
- **skip**: a restatement of what a record already says.

**The key.** A record written by extraction carries, beside its summary and content (never in them, never
indexed: :attr:`engram.types.Record.fact_key`), one machine-readable line::

    <subject>/<attribute> = <value>

for example ``user/residence = porto`` or ``user/allergy:peanuts = yes``. The key names *what* the record
is about (single-valued: one active record per key), the value *what it says*. Multi-valued facts put the
item in the key (``user/allergy:peanuts``, ``user/taste:jazz``), so each key still holds one value.
:func:`record_key` reads it back from a neighbour (records written before the key had a field of its own
ended their content with ``key: ...``; :func:`parse_key` reads those); records without one (written by hand
or by a tool) are compared by their text only. Keys are lower-case ``[a-z0-9_:./-]``; values are
normalised with :func:`norm_value` (accents folded, articles dropped) before comparison.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Literal

from ..types import Level, Record
from . import roles
from .ops import AddOp, DeleteOp, Op, SkipOp
from .text import key_terms, plain_letters

KEY_PREFIX = "key: "
WEEKLY = "weekly:"  # the attribute prefix of a habit's day (extract.rules.work.weekly): one day per habit
PENDING_PREFIX = "pending:"
NEW_HOLDER = "a role held by one at a time (core.roles), a new holder"  # the reason a new holder supersedes
_KEY_RE = re.compile(r"^key:\s*(?P<key>[a-z0-9_:./-]+)(?:\s*=\s*(?P<value>.*?))?\s*$")
_NEGATIONS = frozenset({"not", "no", "never", "don't", "doesn't", "isn't", "aren't", "won't", "can't",
                        "cannot", "didn't", "longer", "nobody", "nothing"})
_ARTICLES = frozenset({"a", "an", "the", "my", "our", "their", "his", "her"})

Action = Literal["add", "replace", "delete", "skip"]
_WHEN = frozenset(key_terms("last next this past month months week weeks year years day days ago yesterday today "
                              "recently earlier january february march april may june july august september october "
                              "november december monday tuesday wednesday thursday friday saturday sunday"))

# A single-valued attribute whose value is an item of a multi-valued family: "my main hobby is pottery"
# (``main_hobby = pottery``, as older records have it) and "I'm into pottery" (``hobby:potteri = like``; in
# records written before hobbies were a family of their own, ``taste:potteri``) say the same thing.
# The families whose items are pastimes, whichever verb said them ("Likes climbing", "Plays tennis", "Goes
# kayaking", "Does yoga", "Swims"): a switch to one ("I play padel now") takes the place of the others.
PASTIMES = frozenset(("hobby", "sport", "play", "go", "do"))
ALIASES = {"main_hobby": ("hobby", "taste"), "hobby": ("hobby", "taste"), "favourite_hobby": ("hobby", "taste")}


def norm_key(text: str) -> str:
    """A key in canonical form: lower-case, accents folded, spaces as ``_``, only ``[a-z0-9_:./-]``."""
    s = plain_letters(text).lower().strip()
    s = re.sub(r"\s*([/:])\s*", r"\1", s)
    s = re.sub(r"\s+", "_", s)
    s = re.sub(r"[^a-z0-9_:./-]", "", s)
    return s.strip("_:/.-")[:120]


def norm_value(text: str | None) -> str:
    """A value in canonical form for comparison: folded words without articles, single-spaced."""
    if not text:
        return ""
    ws = re.findall(r"(?:[^\W_]|[@.+-])+", plain_letters(text).lower())  # names in any script are values
    words = (w.strip(".") for w in ws)
    return " ".join(w for w in words if w and w not in _ARTICLES)  # idempotent: applying it twice changes nothing


def key_line(key: str, value: str | None) -> str:
    """The machine-readable key line (:attr:`Record.fact_key` holds it without the ``key: `` prefix)."""
    v = norm_value(value)
    return f"{KEY_PREFIX}{key} = {v}" if v else f"{KEY_PREFIX}{key}"


def fact_key(key: str | None, value: str | None) -> str:
    """What :attr:`Record.fact_key` holds for a candidate: ``key = value``, or "" without a key."""
    return key_line(key, value)[len(KEY_PREFIX):] if key else ""


def record_key(record: Record) -> tuple[str, str] | None:
    """``(key, value)`` of a stored record: its ``fact_key``, else (older records) its content's key line."""
    if record.fact_key:
        return parse_key(KEY_PREFIX + record.fact_key)
    if record.fact_key is None:
        return parse_key(record.content)
    return None


def parse_key(content: str | None) -> tuple[str, str] | None:
    """``(key, value)`` from the last key line of ``content``; None when there is none or it is garbled."""
    if not content:
        return None
    for line in reversed(content.strip().splitlines()):
        m = _KEY_RE.match(line.strip())
        if m:
            return m.group("key"), norm_value(m.group("value"))
    return None


def strip_key(content: str | None) -> str:
    """``content`` without its key line: the evidence a person reads."""
    if not content:
        return ""
    lines = content.rstrip().splitlines()
    if lines and _KEY_RE.match(lines[-1].strip()):
        lines = lines[:-1]
    return "\n".join(lines).rstrip()


def terms(text: str) -> set[str]:
    """Comparable terms of a text: stemmed content words, plus a marker when it is negated."""
    out = set(key_terms(text))
    low = set(re.findall(r"[a-z']+", text.lower()))
    if low & _NEGATIONS:
        out.add("¬")
    return out


def similarity(a: str, b: str) -> float:
    """Jaccard overlap of :func:`terms`: 1.0 for the same words, whatever their order."""
    ta, tb = terms(a), terms(b)
    if not ta or not tb:
        return 1.0 if norm_value(a) == norm_value(b) else 0.0
    return len(ta & tb) / len(ta | tb)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A memory extraction proposes, before consolidation decides what it does.

    ``retract`` candidates write nothing: they delete what matches their key (and value, when given) or,
    when they carry ``topic`` terms, records whose summary or key contains every one of them. ``revises``
    marks an update of an existing same-key record ("the appointment moved to the 27th") even when the key
    is multi-valued.
    """

    strategy: str
    namespace: str
    level: Level
    kind: str
    summary: str
    source_event_ids: tuple[str, ...]
    evidence: str = ""
    key: str | None = None
    value: str | None = None
    multi: bool = False
    retract: bool = False
    revises: bool = False
    switch: bool = False  # a multi-valued item that takes the place of its family's others ("learning Korean now")
    ends: bool = False  # the value named by ``topic`` is over ("Sold the Tesla", key user/car): never ends a newer one
    topic: tuple[str, ...] = ()
    at: datetime | None = None
    details: str = ""

    def content(self) -> str:
        """Evidence, then details: what a person reads (the key has a field of its own, :meth:`fact_key`)."""
        return "\n".join(p for p in (self.evidence.strip(), self.details.strip()) if p)

    def fact_key(self) -> str:
        return fact_key(self.key, self.value)

    def query(self) -> str:
        """Text to find this candidate's neighbours with: its words and its key's words."""
        extra = " ".join(re.split(r"[/:_.=-]+", self.key or "")) + " " + " ".join(self.topic)
        return f"{self.summary} {extra}".strip()


@dataclass(frozen=True, slots=True)
class Decision:
    """What one candidate does to one record (``target``), and why."""

    action: Action
    target: str | None = None
    reason: str = ""
    summary: str | None = None  # a replacement's own words and key, when it restates its target ("the same habit,
    key: str | None = None  # another day": :func:`_habit_moved`); else the candidate's


def _topic_hit(topic: Sequence[str], record: Record) -> bool:
    if not topic:
        return False
    have = set(key_terms(record.summary))
    kv = record_key(record)
    if kv:
        have |= set(key_terms(" ".join(re.split(r"[/:_.=-]+", kv[0])) + " " + kv[1]))
    # the light stemmer leaves "commute" and "commut(ing)" apart: a shared prefix of 5+ letters counts too
    return all(t in have or any(len(t) >= 5 and len(h) >= 5 and (h.startswith(t) or t.startswith(h)) for h in have)
               for t in topic)


PERSON_ENDED = "ended:"  # the attribute of a retraction of what one of the user's people no longer is or does


def _of_person(key: str | None, stored: tuple[str, str] | None) -> bool:
    """Whether a record keyed ``stored`` may be one a retraction keyed ``key`` ends: any record, except that an
    end said of a person (``husband:tom/ended:...``) reaches only records about them (the same person, named or
    not) and keyless ones, never another's or the user's own that happen to share its words."""
    subject, _, attribute = (key or "").partition("/")
    if not attribute.startswith(PERSON_ENDED) or stored is None:
        return True
    other = stored[0].partition("/")[0]
    # "husband:tom" is "husband" (not named yet) and "tom" (named, the relation not said yet)
    return other == subject or other in subject.split(":") or subject in other.split(":") or \
        stored[0] == "user/statement"


_PROSPECT = re.compile(r"\b(?:interview|interviews|interviewing|applied|applying|application|offer|offered)\b",
                       re.IGNORECASE)


# Judges by meaning whether a candidate states the attribute of records its key cannot match: by record id,
# "new" (another value of it), "same" (the same value again); the others are not about it.
Judge = Callable[["Candidate", Sequence[Record]], Mapping[str, str]]


def decide(c: Candidate, neighbors: Sequence[Record], judge: Judge | None = None) -> list[Decision]:
    """The offline decision for one candidate against its neighbours (ranked best first).

    See :func:`_decide`; a new value also resolves the prospects it realises (:func:`_realised`).
    """
    out = _decide(c, neighbors, judge)
    if c.retract or not out or out[0].action == "skip":
        return out
    done = {d.target for d in out}
    return out + [Decision("delete", r.id, "the prospect came true") for r in _realised(c, neighbors)
                  if r.id not in done]


def _realised(c: Candidate, neighbors: Sequence[Record]) -> list[Record]:
    """Records of the same subject that were a prospect of the value ``c`` now states.

    "I have an interview at Wayne Transit" (an event or a note) once "I'm at Wayne Transit now": the
    interview was the way there and is over; keeping it active makes two records name the one employer.
    """
    value = norm_value(c.value)
    if not c.key or "/" not in c.key or len(value) < 3:
        return []
    subject = c.key.split("/", 1)[0]
    out = []
    for r in neighbors:
        kv = record_key(r)
        if kv is None or kv[0] == c.key or kv[0].split("/", 1)[0] != subject:
            continue
        kind = kv[0].split("/", 1)[1].split(":", 1)[0]
        if kind in ("event", "note") and _PROSPECT.search(r.summary) and \
                re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", norm_value(r.summary)):
            out.append(r)
    return out


def _decide(c: Candidate, neighbors: Sequence[Record], judge: Judge | None = None) -> list[Decision]:
    """The decision for one candidate against its neighbours, before prospects.

    Rules, in order: a retraction deletes every neighbour with its key (and value, if given) or topic;
    the same key with the same value is a restatement (skip); the same single-valued key with another
    value, or any same-key record when the candidate ``revises``, is replaced (extra same-key records are
    deleted, so a single-valued key keeps one active record); without a key match, a neighbour saying
    nearly the same words (and the same negation) is a restatement; anything else is added. "Same key"
    includes a named person's key meeting the unnamed one (:func:`keys_match`). A single-valued key that
    meets no record of its key is compared by meaning (``judge``) with what its key cannot match
    (:func:`_by_meaning`).
    """
    keyed = [(r, record_key(r)) for r in neighbors]
    if c.retract:
        out = []
        bare = (lambda v: v) if WEEKLY in (c.key or "") else _bare  # a habit's day is its value, not when it was said
        for r, kv in keyed:
            by_key = bool(c.key and kv and keys_match(c.key, kv[0])
                          and (not c.value or _names_held(bare(norm_value(c.value)), bare(kv[1]))))
            if (by_key and not c.topic) or (_topic_hit(c.topic, r) and _of_person(c.key, kv)):
                out.append(Decision("delete", r.id, "retracted by the conversation"))
        return out
    value = norm_value(c.value)
    same_key = [(r, kv[1]) for r, kv in keyed
                if c.key and kv and (keys_match(c.key, kv[0]) or same_habit(c.key, kv[0]))]
    for r, v in same_key:
        if v == value and (v or similarity(c.summary, r.summary) >= 0.5):
            return [Decision("skip", r.id, "same key and value")]
    if c.ends:
        # "bought a Clio and sold the Tesla": the end of the Tesla is not the end of the Clio
        # (when it ended is not what ended: "Left Initech last month" ends "Works at Initech")
        ended = {t for t in c.topic if t not in _WHEN and not t.isdigit()}
        newer = [r for r, v in same_key if not ended <= set(key_terms(v))]
        if newer:
            return [Decision("skip", newer[0].id, "the attribute has a newer value")]
    if c.revises and c.topic and not same_key:
        # "they moved my MRI to Tuesday": the stored event about the same thing, whatever its key says
        kind = (c.key or "").rsplit("/", 1)[-1].split(":", 1)[0]
        related = [(r, kv[1]) for r, kv in keyed if kv and kv[0].rsplit("/", 1)[-1].split(":", 1)[0] == kind
                   and _topic_hit(c.topic, r)]
        if not related and c.key and WEEKLY in c.key:
            # "my tango class moved to Mondays, no more Thursdays": the habit said in passing before, kept as a
            # statement with no key ("Rushing to tango class, every Thursday in Palermo"), names the old day and
            # the activity
            what = set(key_terms(c.key.split(WEEKLY, 1)[1].replace("_", " ")))
            related = [(r, "") for r, kv in keyed if kv is None and _topic_hit(c.topic, r)
                       and what & set(key_terms(r.summary))]
        if related:
            return [_habit_moved(c, related[0][0], related[0][1]) or
                    Decision("replace", related[0][0].id, "the same event, rescheduled")]
    if same_key and (c.revises or not c.multi):
        ranked = sorted(same_key, key=lambda rv: -similarity(c.summary, rv[0].summary)) if c.revises \
            else same_key
        first, rest = ranked[0][0], [r for r, _ in ranked[1:]]
        moved = _habit_moved(c, first, ranked[0][1]) if c.revises else None  # what the habit is stays said
        out = [moved or Decision("replace", first.id, "same key, new value")]
        if not c.multi:
            out += [Decision("delete", r.id, "duplicate of a single-valued key") for r in rest]
        return out
    if c.switch and not same_key:
        family = [r for r, kv in keyed if kv and kv[0] != c.key and _switches(c.key or "", kv)]
        if family:
            return [Decision("replace", family[0].id, "the same family, switched")] + [
                Decision("delete", r.id, "the same family, switched") for r in family[1:]]
    alias = _alias_match(c, keyed)
    if alias is not None:
        return [alias]
    held = [r for r, _ in keyed if not c.ends and roles.new_holder(c.summary, r.summary)]
    if held:  # "Wife is Ingrid" after "Has a wife named Łucja" and "Wife Łucja is turning forty"
        return [Decision("replace", held[0].id, NEW_HOLDER)] + [Decision("delete", r.id, NEW_HOLDER) for r in held[1:]]
    meant = _by_meaning(c, keyed, judge)
    if meant is not None:
        return [meant]
    for r, kv in keyed:
        comparable = kv is None or not c.key
        if comparable and (norm_value(r.summary) == norm_value(c.summary)
                           or similarity(c.summary, r.summary) >= 0.8):
            return [Decision("skip", r.id, "restates an existing record")]
    return [Decision("add", None, "new information")]


def _by_meaning(c: Candidate, keyed: Sequence[tuple[Record, tuple[str, str] | None]],
                judge: Judge | None) -> Decision | None:
    """A keyed candidate against the records its key cannot match, by meaning (``judge``).

    Those are keyless records (a statement, "Just moved to a flat in Porto"; one written by hand) and the
    items of a multi-valued family of the same subject read by a generic template ("Drives a Golf",
    ``user/drive:golf``, beside ``user/car``; "Manager is Jürgen", ``manager/note:jurgen``, beside
    ``manager/note:priya``), and, for an item of such a family, the subject's single-valued attributes (a
    generic template's "Drives a Passat", ``user/drive:passat``, says what ``user/car`` holds). Other
    single-valued keys are attributes the rules told apart, and tastes and yes/no items are not values a
    single-valued attribute can replace.
    """
    if judge is None or not c.key or c.retract or c.ends or "/" not in c.key:
        return None
    subject = c.key.split("/", 1)[0]
    others = [r for r, kv in keyed if kv is None or (
        kv[0].split("/", 1)[0] == subject and (_family(kv[0]) or (c.multi and _family(c.key)))
        and kv[1] not in ("like", "dislike", "yes", "no"))]
    if not others:
        return None
    verdicts = judge(c, others)
    for r in others:
        v = verdicts.get(r.id)
        if v == "new":
            return Decision("replace", r.id, "the same attribute by meaning, a new value")
        if v == "same":
            return Decision("skip", r.id, "the same attribute and value by meaning")
    return None


def _habit_moved(c: Candidate, old: Record, value: str) -> Decision | None:
    """A habit moved to another day ("training is moving from Wednesday to Thursday") said of a stored one
    ("Coaches the under-12 hurling team every Wednesday"): the stored record, its day put right, so what the
    habit is stays said. None when ``c`` is no habit's day or the stored summary does not name its old day."""
    kv = record_key(old)
    if not (c.key and c.value and kv and WEEKLY in c.key and WEEKLY in kv[0]):
        return None
    said = re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", old.summary, re.IGNORECASE)
    if said is None:
        return None
    summary = old.summary[:said.start()] + c.value + old.summary[said.end():]
    return Decision("replace", old.id, "the same habit, another day", summary=summary, key=kv[0])


def _names_held(said: str, held: str) -> bool:
    """A retraction's value names a stored one: the same, or its short form ("Left Hallmann" ends the employer
    "Hallmann Architekten"): every word of ``said`` is one of ``held``'s (both :func:`_bare`)."""
    words = said.split()
    return said == held or (bool(words) and max(map(len, words)) >= 3 and set(words) <= set(held.split()))


def _bare(value: str) -> str:
    """A normalised value without when it was said ("initech last month" -> "initech")."""
    return " ".join(w for w in value.split() if not w.isdigit() and not set(key_terms(w)) & _WHEN) or value


def keys_match(key: str, stored: str) -> bool:
    """Whether a candidate keyed ``key`` is about what a record keyed ``stored`` is about.

    The same key, or the same attribute of a person first described without a name and named later:
    "What does your friend do?" / "A journalist." is ``friend/job``, and "my friend Hannah is a vet" (key
    ``friend:hannah/job``) is a new value of that job, not a second friend's. Only in that direction: an
    unnamed "my friend" said after a friend is named may be another friend (the extractor resolves it
    when only one is known).
    """
    if key == stored:
        return True
    subject, _, attribute = key.partition("/")
    s_subject, _, s_attribute = stored.partition("/")
    return bool(attribute) and attribute == s_attribute and ":" in subject and subject.split(":", 1)[0] == s_subject


def same_habit(key: str, stored: str) -> bool:
    """Whether a new day for the habit keyed ``key`` is one for the habit keyed ``stored``, named in other words: a
    word of one begins a word of the other ("hurl" in "under_12_hurler": "The hurling training moved to Wednesdays"
    after "I coach the under-12 hurlers every Tuesday"), words of four letters or more. Not used for endings, which
    name what ends."""
    subject, _, attribute = key.partition("/")
    s_subject, _, s_attribute = stored.partition("/")
    if subject != s_subject or not attribute.startswith(WEEKLY) or not s_attribute.startswith(WEEKLY):
        return False
    one, other = attribute[len(WEEKLY):].split("_"), s_attribute[len(WEEKLY):].split("_")
    return any(a.startswith(b) or b.startswith(a) for a in one for b in other
               if min(len(a), len(b)) >= 4 and not a.isdigit() and not b.isdigit())


def _family(key: str) -> str:
    """``user/learning:korean`` -> ``user/learning``: a multi-valued key without its item."""
    return key.split(":", 1)[0] if ":" in key.split("/", 1)[-1] else ""


def _switches(key: str, kv: tuple[str, str]) -> bool:
    """Whether a record keyed ``kv`` is one of the items a switch to ``key`` takes the place of.

    The other items of the same family (an item said to be over too: "Gave up yoga" is history once the new
    hobby is said), except what the speaker dislikes ("into pottery now" does not end "hates running"); for
    a hobby, also the single-valued hobby slots of older records ("Main hobby is yoga"); for a pastime, the
    items of the other pastime families (:data:`PASTIMES`).
    """
    family = _family(key)
    if not family or kv[1] == "dislike":
        return False
    if _family(kv[0]) == family:
        return True
    subject, _, attribute = kv[0].partition("/")
    pastimes = family.partition("/")[2] in PASTIMES and _family(kv[0]).partition("/")[2] in PASTIMES
    if pastimes and family.partition("/")[0] == subject:
        return not kv[1].startswith("to ")  # "Goes to the gym" is a place one goes, not a pastime
    return family == f"{subject}/hobby" and attribute in ALIASES


def _item(value: str) -> str:
    return "_".join(key_terms(value)[:3])


def _alias_match(c: Candidate, keyed: Sequence[tuple[Record, tuple[str, str] | None]]) -> Decision | None:
    """The same item under an alias key (see :data:`ALIASES`): a restatement (skip), or the slot taking over."""
    if not c.key or "/" not in c.key or c.retract:
        return None
    subject, attribute = c.key.split("/", 1)
    family, _, item = attribute.partition(":")
    for r, kv in keyed:
        if kv is None or "/" not in kv[0]:
            continue
        r_subject, r_attribute = kv[0].split("/", 1)
        if r_subject != subject:
            continue
        r_family, _, r_item = r_attribute.partition(":")
        if item and family in ALIASES.get(r_attribute, ()) and norm_value(c.value) == "like" \
                and _item(kv[1]) == item:
            return Decision("skip", r.id, f"restates {kv[0]}")
        if item and {family, r_family} == {"hobby", "taste"} and r_item == item:
            return Decision("skip" if kv[1] == norm_value(c.value) else "replace", r.id, f"the same item as {kv[0]}")
        if not item and r_family in ALIASES.get(attribute, ()) and kv[1] == "like" and r_item == _item(c.value or ""):
            return Decision("replace", r.id, f"{attribute} takes over {kv[0]}")
    return None


def _pending_record(op: AddOp, pid: str, at: datetime) -> Record:
    return Record(id=pid, agent="", actor=None, session=None, level=op.level, namespace=op.namespace,
                  kind=op.kind, summary=op.summary, content=op.content, labels={}, status="active",
                  preview=False, created_at=at, updated_at=at, fact_key=op.fact_key)


@dataclass
class Batch:
    """Applies decisions in order so later candidates of the same batch see earlier ones.

    Pending adds get ids ``pending:N``; a decision naming one rewrites this batch's ops instead of
    touching the store (an add then replaced in the same batch is written once, with the final value).
    A stored record is replaced or deleted at most once per batch.
    """

    ops: list[Op | None] = field(default_factory=list)
    pending: dict[str, int] = field(default_factory=dict)
    consumed: set[str] = field(default_factory=set)
    clock: datetime = datetime(2000, 1, 1)

    def neighbors(self, c: Candidate, stored: Sequence[Record]) -> list[Record]:
        """This batch's pending records of ``c``'s namespace (most similar first), then the unconsumed stored."""
        mine = []
        for pid, i in self.pending.items():
            op = self.ops[i]
            if isinstance(op, AddOp) and op.namespace == c.namespace:
                mine.append(_pending_record(op, pid, self.clock))
        mine.sort(key=lambda r: -similarity(c.query(), r.summary + " " + (r.fact_key or "")))
        return mine + [r for r in stored if r.id not in self.consumed and r.status == "active"]

    def pending_only(self, c: Candidate) -> list[Record]:
        return self.neighbors(c, ())

    def _add(self, c: Candidate, replaces: str | None) -> None:
        op = AddOp(level=c.level, namespace=c.namespace, summary=c.summary, kind=c.kind, strategy=c.strategy,
                   source_event_ids=c.source_event_ids, content=c.content() or None, replaces=replaces,
                   at=c.at, fact_key=c.fact_key())
        self.pending[f"{PENDING_PREFIX}{len(self.ops)}"] = len(self.ops)
        self.ops.append(op)

    def _drop_pending(self, pid: str) -> AddOp:
        i = self.pending.pop(pid)
        op = self.ops[i]
        assert isinstance(op, AddOp)
        self.ops[i] = None
        return op

    def end(self, record_id: str, strategy: str, source_event_ids: tuple[str, ...], reason: str) -> bool:
        """Delete the stored record ``record_id`` unless this batch already replaced or deleted it."""
        if record_id in self.consumed:
            return False
        self.consumed.add(record_id)
        self.ops.append(DeleteOp(record_id, strategy, source_event_ids, reason))
        return True

    def apply(self, c: Candidate, decisions: Sequence[Decision]) -> None:
        """Turn a candidate's decisions into ops (see the class docstring for pending targets)."""
        for d in decisions:
            pending = d.target is not None and d.target.startswith(PENDING_PREFIX)
            if pending and d.target not in self.pending:
                pending, d = False, Decision(d.action, None, d.reason)
            if d.action == "add" or (d.action == "replace" and d.target is None):
                self._add(c, None)
            elif d.action == "replace":
                assert d.target is not None
                said = replace(c, summary=d.summary or c.summary, key=d.key or c.key) if d.summary or d.key else c
                if pending:
                    old = self._drop_pending(d.target)
                    self._add(said, old.replaces)
                elif d.target in self.consumed:
                    self._add(said, None)
                else:
                    self.consumed.add(d.target)
                    self._add(said, d.target)
            elif d.action == "delete":
                if d.target is None:
                    continue
                if pending:
                    old = self._drop_pending(d.target)
                    if old.replaces:
                        self.ops.append(DeleteOp(old.replaces, c.strategy, c.source_event_ids, d.reason))
                else:
                    self.end(d.target, c.strategy, c.source_event_ids, d.reason)
            elif d.action == "skip":
                if pending:
                    assert d.target is not None
                    i = self.pending[d.target]
                    op = self.ops[i]
                    assert isinstance(op, AddOp)
                    merged = tuple(dict.fromkeys(op.source_event_ids + c.source_event_ids))
                    self.ops[i] = replace(op, source_event_ids=merged)
                else:
                    self.ops.append(SkipOp(c.summary, d.target, c.strategy, d.reason))

    def result(self) -> list[Op]:
        return [op for op in self.ops if op is not None]


Lookup = Callable[[str, str, int], list[Record]]


def _candidate_record(c: Candidate, pid: str) -> Record:
    op = AddOp(level=c.level, namespace=c.namespace, summary=c.summary, kind=c.kind, strategy=c.strategy,
               source_event_ids=c.source_event_ids, content=c.content(), fact_key=c.fact_key())
    return _pending_record(op, pid, c.at or datetime(2000, 1, 1))


def reduce_batch(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Consolidate a batch with itself, before it meets the store (used when a model decides the rest).

    A restatement merges into the earlier candidate (sources united), a new value of a single-valued key
    replaces the earlier candidate, a retraction drops earlier candidates it names and stays in the list
    so it can still reach stored records.
    """
    kept: list[tuple[str, Candidate]] = []
    for n, c in enumerate(candidates):
        pseudo = [_candidate_record(k, pid) for pid, k in kept if k.namespace == c.namespace and not k.retract]
        decisions = decide(c, pseudo)
        targets = {d.target for d in decisions if d.target}
        if c.retract:
            kept = [(pid, k) for pid, k in kept if pid not in targets]
            kept.append((f"{PENDING_PREFIX}{n}", c))
            continue
        d = decisions[0]
        if d.action == "skip":
            kept = [(pid, replace(k, source_event_ids=tuple(dict.fromkeys(k.source_event_ids + c.source_event_ids)))
                     if pid == d.target else k) for pid, k in kept]
        else:
            kept = [(pid, k) for pid, k in kept if pid not in targets]
            kept.append((f"{PENDING_PREFIX}{n}", c))
    return [k for _, k in kept]


_NAMES = re.compile(r"^user/family:(?P<word>[a-z_]+):(?P<name>[a-z][a-z'-]*)$")


def named_later(c: Candidate, records: Sequence[Record]) -> list[tuple[Candidate, Decision]]:
    """Records about a person said before they were known, rewritten about them once ``c`` names them.

    "My neighbour works as a dentist" (``neighbour/job``), then in a later session "my neighbour Tariq ..."
    (``c`` is ``user/family:neighbour:tariq``): the job is Tariq's ("Neighbour Tariq works as a dentist",
    ``neighbour:tariq/job``), replacing the unnamed record; not when another person of the same word is
    already named among ``records`` (then "my neighbour" may be either). The same for a person known by
    name only ("Ben is a carpenter", ``ben/job``) once "my brother Ben" says who Ben is.
    """
    m = _NAMES.match(c.key or "")
    if m is None or c.retract:
        return []
    word, name = m.group("word"), m.group("name")
    keyed = [(r, kv) for r in records if r.status == "active" and (kv := record_key(r)) is not None]
    other = any(kv[0].startswith(f"{word}:") and not kv[0].startswith(f"{word}:{name}/") for _, kv in keyed)
    display = f"{word.replace('_', ' ').capitalize()} {name.capitalize()}"
    before = {name: name.capitalize()} | ({} if other else {word: word.replace("_", " ").capitalize()})
    out = []
    for r, (key, value) in keyed:
        bare = before.get(key.split("/", 1)[0])
        if bare is None or "/" not in key or not r.summary.startswith(bare + " "):
            continue
        evidence = strip_key(r.content) if r.fact_key is None else (r.content or "")
        renamed = replace(c, summary=display + r.summary[len(bare):], evidence=evidence, details="",
                          key=f"{word}:{name}/{key.split('/', 1)[1]}", value=value, kind=r.kind)
        out.append((renamed, Decision("replace", r.id, f"about {display}, named later")))
    return out


def with_holders(c: Candidate, stored: Sequence[Record], lookup: Lookup, k: int) -> list[Record]:
    """``stored`` and, for a candidate naming who holds a one-holder role, the records found by any word for
    that role: its earlier holders, in whatever words they were written ("Husband Tomasz ..." for "Spouse
    is Ingrid")."""
    words = roles.role_words(c.summary)
    if not words:
        return list(stored)
    seen = {r.id for r in stored}
    return [*stored, *(r for r in lookup(c.namespace, words, 2 * k) if r.id not in seen)]


def consolidate(candidates: Sequence[Candidate], lookup: Lookup, *, k: int = 5,
                batch: Batch | None = None, judge: Judge | None = None) -> list[Op]:
    """Offline consolidation of a batch, in order: each candidate against stored and pending neighbours.

    A candidate naming a person also renames the records about them said before the name
    (:func:`named_later`). ``judge`` compares attributes by meaning (:func:`_by_meaning`).
    """
    b = batch if batch is not None else Batch()
    for c in candidates:
        stored = with_holders(c, lookup(c.namespace, c.query(), k), lookup, k)
        b.apply(c, decide(c, b.neighbors(c, stored), judge))
        if _NAMES.match(c.key or ""):
            word = c.key.split(":", 2)[1] if c.key else ""
            for renamed, d in named_later(c, b.neighbors(c, lookup(c.namespace, word, 2 * k))):
                b.apply(renamed, [d])
    return b.result()
