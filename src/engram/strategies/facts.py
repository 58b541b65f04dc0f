"""Fact-like strategies (SEMANTIC, USER_PREFERENCE, CUSTOM): candidates offline or from one model call."""

from __future__ import annotations

import re
from typing import Any

from ..config import Strategy
from ..core.consolidate import Candidate, norm_key, norm_value
from ..core.strategy_types import BY_NAME
from ..core.text import key_terms
from ..core.timeref import MONTHS, WEEKDAYS
from ..errors import ModelOutputError
from ..extract import Fact
from ..models.base import Model
from ._common import Run, call_json, fact_candidate, need, prompt, render_block, render_events
from .attributes import claimed_family, family, same_subject
from .registry import fact_module

FACTS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["memories"],
    "properties": {
        "memories": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["summary", "key", "value", "category", "action", "multi_valued", "sources",
                             "evidence"],
                "properties": {
                    "summary": {"type": "string"},
                    "key": {"type": "string"},
                    "value": {"type": "string"},
                    "category": {"type": "string", "enum": ["fact", "preference", "event"]},
                    "action": {"type": "string", "enum": ["assert", "retract"]},
                    "multi_valued": {"type": "boolean"},
                    "sources": {"type": "array", "items": {"type": "integer"}},
                    "evidence": {"type": "string"},
                },
            },
        }
    },
}


def categories(run: Run, strategy: Strategy) -> frozenset[str]:
    """Which fact categories ``strategy`` keeps in this configuration."""
    return fact_module(strategy.type).categories(strategy, run.strategies)


def offline_candidates(run: Run, strategy: Strategy) -> list[Candidate]:
    """The offline extractor's facts this strategy keeps; retractions reach every fact namespace."""
    cats = categories(run, strategy)
    if not cats:
        return []
    ns = run.namespace(strategy)
    return [fact_candidate(run, strategy, ns, f) for f in run.offline_facts() if f.retract or f.category in cats]


def system_prompt(strategy: Strategy) -> str:
    """The built-in prompt for the strategy, with its configured prompt appended or in its place."""
    builtin = prompt("extract") + "\n" + prompt(fact_module(strategy.type).PROMPT)
    if not strategy.prompt:
        return builtin
    if strategy.prompt_mode == "replace":
        return strategy.prompt.strip() + "\n\n" + prompt("custom_contract")
    return builtin + "\nAdditional instructions from the configuration:\n" + strategy.prompt.strip() + "\n"


def model_candidates(run: Run, strategy: Strategy, model: Model) -> list[Candidate]:
    """One structured call extracting this strategy's candidates; malformed output raises ModelOutputError."""
    context = ""
    if run.history:
        earlier = [{"role": e.role, "at": e.at.isoformat(), "text": e.content} for e in run.history]
        context = ("Earlier messages, already processed; context only, not a source of memories:\n"
                   + render_block("earlier_conversation", earlier) + "\n\n")
    user = (f"Current time: {run.now.isoformat()}\n"
            f"Extract the memories for the strategy {strategy.strategy_id!r} from this conversation.\n\n"
            + context + render_events(run.events))
    return call_json(run, model, system_prompt(strategy), user, FACTS_SCHEMA,
                     lambda data: parse_memories(run, strategy, data))


_GROUNDED = 0.5


def _grounded(evidence: str, sources: list[str]) -> bool:
    """The evidence quotes the cited messages: half its words, at least, are theirs ("" says nothing).

    A small model under a grammar writes well-formed JSON whose evidence is copied from the prompt's example
    or invented; such an answer is malformed (a failed, retryable job), not a memory.
    """
    said = set(key_terms(evidence))
    if not said:
        return True
    there = set(key_terms(" ".join(sources)))
    return len(said & there) >= _GROUNDED * len(said)


def parse_memories(run: Run, strategy: Strategy, data: dict[str, Any]) -> list[Candidate]:
    """Validate the model's ``{"memories": [...]}`` and turn each into a candidate for consolidation."""
    items = need(data, "memories", list, "response")
    # a type that follows its configured prompt keeps whatever the prompt asked the model for
    cats = frozenset({"fact", "event", "preference"}) if BY_NAME[strategy.type].needs_prompt \
        else categories(run, strategy)
    ns = run.namespace(strategy)
    out: list[Candidate] = []
    for i, item in enumerate(items):
        where = f"memories[{i}]"
        summary = need(item, "summary", str, where).strip()
        action = need(item, "action", str, where)
        category = need(item, "category", str, where)
        if action not in ("assert", "retract"):
            raise ModelOutputError(f"unknown action {action!r}", field=f"{where}.action")
        if category not in ("fact", "preference", "event"):
            raise ModelOutputError(f"unknown category {category!r}", field=f"{where}.category")
        raw_key = need(item, "key", str, where)
        value = item.get("value") if isinstance(item.get("value"), str) else ""
        multi = bool(item.get("multi_valued", False))
        sources = need(item, "sources", list, where)
        if not sources:
            raise ModelOutputError("a memory needs at least one source message", field=f"{where}.sources")
        ids = []
        for n in sources:
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(run.events):
                raise ModelOutputError(f"source {n!r} is not a message number of this conversation",
                                       field=f"{where}.sources")
            ids.append(run.events[n - 1].id)
        if not summary and action == "assert":
            raise ModelOutputError("empty summary", field=f"{where}.summary")
        evidence_raw = item.get("evidence") if isinstance(item.get("evidence"), str) else ""
        if not _grounded(evidence_raw, [run.events[n - 1].content or "" for n in sources]):
            raise ModelOutputError("the evidence is not in the messages it cites", field=f"{where}.evidence")
        if action == "assert" and category not in cats:
            continue  # another configured strategy keeps this category
        key = norm_key(raw_key) or None
        if key and "/" not in key:
            key = f"user/{key}"
        evidence = item.get("evidence") if isinstance(item.get("evidence"), str) else ""
        when = run.events[sources[0] - 1].at
        out.append(Candidate(
            strategy=strategy.strategy_id, namespace=ns, level=strategy.level, kind=run.kind(category),
            summary=summary or f"Retracted: {value}", source_event_ids=tuple(dict.fromkeys(ids)),
            evidence=f'User said on {when.date().isoformat()}: "{evidence.strip()}"' if evidence.strip() else "",
            key=key, value=value, multi=multi, retract=action == "retract",
            topic=tuple(key_terms(value or summary)[:3]) if action == "retract" and (not key or not value) else (),
            at=when))
    check_against_reading(run, strategy, out)
    return out


# The attributes the offline reading finds reliably (a named value the user said plainly): a model answer that
# drops one of them, or fuses two into one memory, is refused as malformed (a failed job, retried).
_CORE = ("residence", "employer", "car", "job", "language:", "family:", "pet:", "diet", "allergy:")


def _names(value: str, text: str) -> bool:
    v = norm_value(value)
    return bool(v) and re.search(r"(?<![\w-])" + re.escape(v) + r"(?![\w-])", norm_value(text)) is not None


_CALENDAR = frozenset((*MONTHS, *WEEKDAYS))


def _unsaid_names(value: str, said: str) -> list[str]:
    """The capitalised words of ``value`` (names; months and weekdays aside) that ``said`` does not contain."""
    return [w for w in re.findall(r"[^\W\d_][\w'’-]*|\d\w*", value)
            if w[:1].isupper() and w.lower() not in _CALENDAR and not _names(w, said)]


def _subject_names(plain: list[Fact]) -> set[str]:
    """The names in the plain facts' subjects ("brother:tom" -> "tom"): "Brother Tom lives in Denver" names
    Tom as whom the fact is about, not as a second fact."""
    return {norm_value(f.subject.split(":", 1)[1]) for f in plain if ":" in f.subject}


def _misreads(c: Candidate, f: Fact) -> bool:
    """``c`` names ``f``'s value as another attribute, or as the same attribute of someone else."""
    mine, theirs = claimed_family(c.key, c.summary), family(f.key)
    if mine is None or theirs is None:
        return False  # what cannot be read is not judged
    return mine != theirs or not same_subject(c.key, c.summary, f.subject)


def _stored(run: Run, strategy: Strategy, f: Fact) -> bool:
    """A stored record of this strategy already names the fact's value: an answer leaving out a restatement
    ("Sofia loved the cake" after "my daughter Sofia" was stored) drops nothing."""
    return any(_names(f.value, r.summary) for r in run.lookup(run.namespace(strategy), f.summary))


def check_against_reading(run: Run, strategy: Strategy, cands: list[Candidate]) -> None:
    """Refuse a model answer that misreads, fuses or drops what the user plainly said.

    Checked against the offline reading of the same messages (:meth:`Run.offline_facts`), which is not a
    judge of everything but is reliable on a few plain attributes (``_CORE``) with a named value:

    - **misread**: an asserted memory whose value is a name (a capitalised word) none of its cited messages
      contains ("Lives in Paris" citing "I moved to Porto"), or whose summary names one the conversation
      shown does not hold (its first word aside: "Lives", "Sister"); or one that names a plainly stated value as
      another attribute or another person's (the new employer in "Arup, since May" stored as a residence,
      "My sister lives in Rome" stored as the user's residence), read through :mod:`.attributes`;
    - **fused**: one memory naming the values of two plainly stated facts of different attributes ("Brother
      lives in Nantes and manager is Aroha");
    - **dropped**: a plainly stated core fact of this strategy's categories that no memory (asserted or
      retracted) names and no stored record holds.

    Each raises :class:`ModelOutputError`, so the extraction is kept as a failed job and retried, as a
    malformed answer is.
    """
    texts = {e.id: e.content or "" for e in run.events}
    asserted = [c for c in cands if not c.retract]
    cats = categories(run, strategy)
    plain = [f for f in run.offline_facts()
             if not f.retract and f.category in cats and f.attribute.startswith(_CORE)
             and f.value[:1].isupper() and _names(f.value, f.evidence)]
    about_whom = _subject_names(plain)
    shown = " ".join(e.content or "" for e in (*run.history, *run.events))
    for c in asserted:
        named = {f.key for f in plain if _names(f.value, c.summary) and norm_value(f.value) not in about_whom}
        if len(named) > 1 and len({k.split(":", 1)[0] for k in named}) > 1:
            raise ModelOutputError(f"memory {c.summary!r} fuses {len(named)} facts into one", field="memories")
    for i, c in enumerate(asserted):
        said = " ".join(texts.get(e, "") for e in c.source_event_ids)
        value = (c.value or "").strip()
        if _unsaid_names(value, said):
            raise ModelOutputError(f"memory {c.summary!r}: its value {value!r} is not in the messages it cites",
                                   field=f"memories[{i}].value")
        unsaid = _unsaid_names(c.summary.split(" ", 1)[-1] if " " in c.summary else "", shown)
        if unsaid:
            raise ModelOutputError(f"memory {c.summary!r} names {unsaid[0]!r}, which the conversation does not "
                                   "hold", field=f"memories[{i}].summary")
        about = [f for f in plain if _names(f.value, value or c.summary)]
        if about and all(_misreads(c, f) for f in about):
            raise ModelOutputError(f"memory {c.summary!r} (key {c.key!r}) misreads what the user said: "
                                   f"{about[0].summary!r}", field=f"memories[{i}].key")
    for f in plain:
        if not any(_names(f.value, f"{c.summary} {c.value or ''}") for c in cands) and not _stored(run, strategy, f):
            raise ModelOutputError(f"the answer drops what the user said: {f.summary!r}", field="memories")
