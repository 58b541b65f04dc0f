"""The offline extractor: reads what the user said, clause by clause, and runs the registered rules.

It reads only what the *user* said (assistant and tool text is never a source of the user's facts), one
clause at a time. Questions, hedges and hypotheticals ("maybe I'll move to Rome?", "if I were rich...")
are not facts; what a clause yields is decided by the rule groups of :mod:`engram.extract.registry`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core import timeref
from ..types import Event
from . import corrections
from . import rules as _rules  # noqa: F401  (registers the rules)
from .base import Clause, Context, Fact, Rel, dedupe
from .lexicon import FAMILY, HEDGES, PERSIST, PETS, QUESTION_START
from .registry import STATEMENTS, run
from .text import appositive, elliptical, expand, last_object, split_clauses, split_sentences, strip_markers


def _starts_statement(text: str) -> bool:
    return bool(re.match(r"^(?:I|we|my|our)\b", text, re.IGNORECASE)) and not re.match(
        r"^(?:I|we)\s+(?:wonder|was wondering)", text, re.IGNORECASE)


def _request_with_persistence(text: str) -> bool:
    """"Could you always answer in metric from now on?": a question that sets a standing preference."""
    return bool(re.match(r"^(?:can|could|would|will)\s+(?:you|we)\b", text, re.IGNORECASE) and PERSIST.search(text))


class OfflineExtractor:
    """Rule-based English extraction of facts, preferences and dated events. Deterministic; no model."""

    model_id = "engram-offline-extractor"

    def facts(self, events: Sequence[Event], *, history: Sequence[Event] = (),
              known: Sequence[tuple[str, str | None]] = ()) -> list[Fact]:
        """Facts and preferences the user stated in ``events`` (oldest first), in the order said.

        ``history`` (earlier, already extracted events) only sets context: who "she" is, what "it" is.
        ``known`` lists people and pets already on record, oldest first, as ``(word, name)`` pairs such as
        ``("daughter", "Ana")`` (see :func:`relations_from_keys`), so "her" and "Leo" resolve across sessions.
        """
        ctx = Context()
        for word, name in known:
            if word in FAMILY or word in PETS:
                ctx.remember(Rel(word, name))
        out: list[Fact] = []
        seen = {ev.id for ev in events}
        for ev in [*history, *events]:
            self._read(ev, ctx, out if ev.id in seen else [])
        return dedupe(out)

    def _read(self, ev: Event, ctx: Context, out: list[Fact]) -> None:
        """Add the facts of one event to ``out`` (context only for non-user events)."""
        if ev.role != "user" or not ev.content or ev.tool_calls:
            return
        last: list[tuple[Clause, list[Fact]]] = []  # the clauses of the previous sentence, with their facts
        for sentence in split_sentences(ev.content):
            expanded = appositive(expand(sentence))
            fix = corrections.find(expanded)
            if fix is not None and fix.before:
                last = self._sentence(fix.before, sentence, ev, ctx, out)
            if fix is not None and self._correct(last, fix, ctx, out):
                continue
            last = self._sentence(expanded, sentence, ev, ctx, out)

    def _sentence(self, expanded: str, raw: str, ev: Event, ctx: Context,
                  out: list[Fact]) -> list[tuple[Clause, list[Fact]]]:
        """Read one sentence clause by clause; returns each clause with the facts it added."""
        done: list[tuple[Clause, list[Fact]]] = []
        is_q = expanded.rstrip().endswith("?")
        clauses = split_clauses(expanded.rstrip(".!?"))
        for i, part in enumerate(clauses):
            text, note = strip_markers(part)
            if not text:
                continue
            text = elliptical(re.sub(r"^We\b", "we", text))  # the rules read "we" as they read "I"
            question = bool(QUESTION_START.match(text)) or (is_q and i == len(clauses) - 1
                                                            and not _starts_statement(text))
            c = self._prepare(text, raw, ev, question, note)
            found = self._clause(c, ctx)
            out.extend(found)
            ctx.recent.extend(f for f in found if not f.retract)
            done.append((c, found))
        return done

    @staticmethod
    def _prepare(text: str, raw: str, ev: Event, question: bool, note: bool) -> Clause:
        dated, times = timeref.rewrite(text, ev.at)
        return Clause(text, raw, ev, question, bool(HEDGES.search(text)), note, dated, times)

    def _correct(self, last: list[tuple[Clause, list[Fact]]], fix: corrections.Correction, ctx: Context,
                 out: list[Fact]) -> bool:
        """Read the last clause that said something again with the correction in place; drop what it said."""
        for c, found in reversed(last):
            if not found:
                continue
            wrong = corrections.slip(c.text, found, fix.slip)
            if wrong is None:
                return False
            fixed = self._prepare(corrections.apply(c.text, wrong, fix.replacement), c.raw, c.event, c.question,
                                  c.note)
            again = self._clause(fixed, ctx)
            if not again:
                return False
            ids = {id(f) for f in found}
            out[:] = [f for f in out if id(f) not in ids]
            ctx.recent[:] = [f for f in ctx.recent if id(f) not in ids]
            out.extend(again)
            ctx.recent.extend(f for f in again if not f.retract)
            return True
        return False

    def _clause(self, c: Clause, ctx: Context) -> list[Fact]:
        facts, final = run("mentions", c, ctx)
        if final:
            return facts
        if c.question and not _request_with_persistence(c.text):
            ctx.last_object = last_object(c.text) or ctx.last_object
            return facts
        if c.hedged:
            return facts
        fixed, _ = run("correction", c, ctx)
        if fixed:
            return facts + fixed
        for group in STATEMENTS:
            found, _ = run(group, c, ctx)
            if found:
                facts += found
                break
        obj = last_object(c.text)
        if obj:
            ctx.last_object = obj
        return facts


def relations_from_keys(keys: Sequence[str]) -> list[tuple[str, str | None]]:
    """People and pets named by stored keys: ``user/family:daughter:ana`` -> ``("daughter", "Ana")``,
    ``son:leo/taste:x`` -> ``("son", "Leo")``, ``daughter/allergy:eggs`` -> ``("daughter", None)``."""
    out: list[tuple[str, str | None]] = []
    for key in keys:
        subject, _, attribute = key.partition("/")
        if subject == "user":
            m = re.match(r"^(?:family|pet):(?P<w>[a-z ]+):(?P<n>[a-z0-9à-ÿ'-]*)$", attribute)
            pair = (m.group("w"), m.group("n").capitalize() or None) if m else None
        else:
            word, _, name = subject.partition(":")
            pair = (word, name.capitalize() or None)
        if pair and (pair[0] in FAMILY or pair[0] in PETS) and pair not in out:
            out.append(pair)
    return out

