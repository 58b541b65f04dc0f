"""The offline extractor: reads what the user said, clause by clause, and runs the registered rules.

It reads only what the *user* said (assistant and tool text is never a source of the user's facts), one
clause at a time. Questions, hedges and hypotheticals ("maybe I'll move to Rome?", "if I were rich...")
are not facts; what a clause yields is decided by the rule groups of :mod:`engram.extract.registry`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ..core import timeref
from ..types import Event
from . import answers, corrections, endings, mentions, named, normalize, rephrase, spans, statements
from . import rules as _rules  # noqa: F401  (registers the rules)
from .base import Clause, Context, Fact, Rel, dedupe
from .lexicon import FAMILY, HEDGES, PERSIST, PETS, QUESTION_START
from .registry import STATEMENTS, run
from .text import (
    MAX_SENTENCE,
    appositive,
    bounded,
    elliptical,
    expand,
    gapped,
    last_object,
    named_before,
    split_clauses,
    split_sentences,
    strip_markers,
)


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
        return dedupe([ctx.unnamed(f) for f in out if spans.says_something(f)])

    def _read(self, ev: Event, ctx: Context, out: list[Fact]) -> None:
        """Add the facts of one event to ``out`` (context only for non-user events)."""
        if ev.role == "assistant" and not ev.tool_calls:
            ctx.prompt = ev.content or ""  # what the user's next message may answer; never a source
            return
        if ev.role != "user" or not ev.content or ev.tool_calls:
            return
        read = bounded(ev.content)  # a pasted blob read in bounded runs (.text.bounded)
        if read != ev.content:
            ev = replace(ev, content=read)
        parts = self._then_fix(ev, ctx)
        if parts is not None:  # "Mei. And actually it's Wednesday, not Tuesday": the answer, then the fix
            for part in parts:
                self._read(replace(ev, content=part), ctx, out)
            return
        said = normalize.message(ev.content)  # "im w/ my bf in malmö rn" read as "I'm with my boyfriend in Malmö now"
        text, back = spans.fold_names(said.text)  # "Ørsted" read as "Orsted", put back in what is found
        if back or said.text != ev.content:
            ev = replace(ev, content=text)
        previous, ctx.last_user = ctx.last_user, ev
        fix = spans.next_fix(ev.content, previous.content) if previous is not None and \
            not corrections.restated(ev.content) else None
        found = corrections.earlier_fix(ev.content, ctx.said, ctx.recent)  # "wait, I meant Cork", any earlier message
        ctx.said.append(ev)
        if found is not None:
            fix, previous = spans.NextFix(found[0].wrong or "", found[0].right), found[1]
        if fix is not None and previous is not None:
            self._next_fix(fix, previous, ev, ctx, out)
        else:
            self._message(ev, ctx, out)
        if back:
            out[:] = [spans.unfold(f, back) if f.event_id == ev.id else f for f in out]
        out[:] = [normalize.own_words(f, said) if f.event_id == ev.id else f for f in out]

    @staticmethod
    def _then_fix(ev: Event, ctx: Context) -> tuple[str, str] | None:
        """The message in two parts, in order, when one sentence alone puts right a slip it names in an earlier
        message and the rest says something else: an answer, then the fix ("Mei. and actually it's wednesday
        not tuesday"), or the fix, then more ("Brody, not Brady. Darn phone. Anyway, a Zebco it is."), so that
        each part is read as what it is; None for any other message."""
        sentences = split_sentences(ev.content)
        if len(sentences) < 2:
            return None
        for fix, first in ((sentences[-1], False), (sentences[0], True)):
            at = ev.content.find(fix) if first else ev.content.rfind(fix)
            rest = (ev.content[at + len(fix):] if first else ev.content[:at]).strip()
            found = corrections.earlier_fix(fix, ctx.said, ctx.recent)
            if rest and found is not None and found[0].wrong and found[0].wrong.lower() not in rest.lower():
                return (fix, rest) if first else (rest, fix)
        return None

    def _next_fix(self, fix: spans.NextFix, previous: Event, ev: Event, ctx: Context, out: list[Fact]) -> None:
        """ "sorry, typo: Gdansk, not Gdnask": what the previous message said with the slip is retracted (or
        dropped, when it is in this batch), and the previous message is read again with the value put right."""
        scratch: list[Fact] = []
        ctx.prompt = ""
        self._message(previous, Context(), scratch)
        wrong = [f for f in scratch if not f.retract and fix.wrong.lower() in f"{f.value} {f.summary}".lower()]
        said = {(f.key, f.value) for f in wrong}
        out[:] = [f for f in out if not (f.event_id == previous.id and (f.key, f.value) in said)]
        ctx.recent[:] = [f for f in ctx.recent if (f.key, f.value) not in said]
        quote = f"{previous.content} {ev.content}"
        out.extend(replace(f, retract=True, summary="", revises=False, event_id=ev.id, evidence=quote, at=ev.at)
                   for f in wrong)
        fixed: list[Fact] = []
        self._message(replace(ev, content=spans.put_right(previous.content, fix)), ctx, fixed)
        out.extend(replace(f, evidence=quote) for f in fixed)

    def _message(self, ev: Event, ctx: Context, out: list[Fact]) -> None:
        """Add the facts of one user message to ``out``."""
        content, ctx.prompt = answers.read(ev.content, ctx.prompt), ""
        last: list[tuple[Clause, list[Fact]]] = []  # the clauses of the previous sentence, with their facts
        said_before = ""
        start, plain, corrected = len(out), [], False
        for sentence in split_sentences(content):
            # what "there" and "it" may name: the message so far, its last MAX_SENTENCE characters at most
            sentence, said_before = named_before(sentence, said_before), f"{said_before} {sentence}"[-MAX_SENTENCE:]
            expanded = appositive(rephrase.sentence(endings.rewrite(corrections.cleft(
                corrections.without_preamble(expand(sentence))))))
            retake = corrections.earlier(expanded)
            fix = corrections.find(expanded)
            corrected = corrected or retake is not None or fix is not None
            if retake is not None:
                self._retake(retake, sentence, ev, ctx, out)
                last = []
                continue
            denied = corrections.not_tail(expanded)
            if denied is not None and fix is None:
                corrected = True
                last = self._denied(denied, sentence, ev, ctx, out)
                continue
            if fix is not None and fix.before:
                mark = len(out)
                last = self._sentence(fix.before, sentence, ev, ctx, out, say=True)
                if not any(found for _, found in last) and (slip := corrections.named_last(fix)):
                    # no rule read it ("I'm at Bosch, no wait, Nestlé"): what it states, with the name put right
                    out[mark:] = [f for f in out[mark:] if f.rule != statements.RULE]
                    last = self._sentence(corrections.apply(fix.before, slip, fix.replacement), sentence, ev, ctx,
                                          out, say=True)
                    continue
            if fix is not None and self._correct(last, fix, ctx, out):
                continue
            plain.append(expanded)
            last = self._sentence(expanded, sentence, ev, ctx, out, say=True)
            for said in mentions.statements(expanded):  # "my company, Grundfos, is ...": "I work at Grundfos"
                self._sentence(said, sentence, ev, ctx, out)
        if corrected:
            return  # a slip names a value the message takes back: no name of it is kept in passing
        found = [t for f in out[start:] for t in (f.summary, f.value)]
        for sentence in plain:  # names said in passing that nothing above kept
            out.extend(Fact(subject="user", attribute=statements.ATTRIBUTE, value=s, summary=s, category="fact",
                            event_id=ev.id, evidence=sentence, at=ev.at, multi=True, rule=named.RULE)
                       for s in named.kept(sentence, found))

    def _retake(self, retake: corrections.Retake, raw: str, ev: Event, ctx: Context, out: list[Fact]) -> None:
        """ "Earlier I said X, that was wrong: Y": what X said is retracted, Y read in its place."""
        said = appositive(rephrase.sentence(retake.said))
        scratch: list[Fact] = []
        wrong = self._sentence(said, raw, ev, ctx, scratch)
        people = [f for f in scratch if f.attribute.startswith(("family:", "pet:"))]
        slipped = [f for f in scratch if f not in people and not f.retract]
        ctx.recent[:] = [f for f in ctx.recent if f not in slipped]
        out.extend(people)
        value = corrections.replacement_value(retake.replacement)
        before = len(out)
        if value is not None:
            for c, found in reversed(wrong):
                slip = corrections.slip(c.text, [f for f in found if f not in people], None) if found else None
                if slip:
                    self._sentence(corrections.apply(c.text, slip, value), raw, ev, ctx, out)
                    break
        else:
            self._sentence(appositive(rephrase.sentence(expand(retake.replacement))), raw, ev, ctx, out)
        right = {(f.key, f.value.lower()) for f in out[before:]}
        out.extend(replace(f, retract=True, summary="", revises=False) for f in slipped
                   if (f.key, f.value.lower()) not in right)

    def _denied(self, denied: tuple[str, str], raw: str, ev: Event, ctx: Context,
                out: list[Fact]) -> list[tuple[Clause, list[Fact]]]:
        """ "I live in Bergen, not Calgary": the statement, and the denied value retracted under the same key."""
        statement, other = denied
        done = self._sentence(statement, raw, ev, ctx, out)
        for c, found in done:
            for f in found:
                if f.retract or f.attribute.startswith(("family:", "pet:")) or not f.value:
                    continue
                said = spans.anchor(f, c.text)  # the value, or the word naming it ("Allergic to shellfish")
                if said is None:
                    continue
                alt = self._prepare(corrections.apply(c.text, said, other), raw, ev, c.question, c.note)
                for g in self._clause(alt, ctx):
                    if not g.retract and not g.attribute.startswith(("family:", "pet:")) and \
                            (g.key, g.value) != (f.key, f.value):
                        out.append(replace(g, retract=True, summary="", revises=False))
                        ctx.recent[:] = [r for r in ctx.recent if r is not g]
        return done

    def _sentence(self, expanded: str, raw: str, ev: Event, ctx: Context,
                  out: list[Fact], *, say: bool = False) -> list[tuple[Clause, list[Fact]]]:
        """Read one sentence clause by clause; returns each clause with the facts it added.

        With ``say``, a declarative clause no rule read is kept as statements (:mod:`.statements`); they
        are not among the returned facts (corrections and retakes work on what the rules read).
        """
        done: list[tuple[Clause, list[Fact]]] = []
        is_q = expanded.rstrip().endswith("?")
        clauses = split_clauses(expanded.rstrip(".!?"))
        for i, part in enumerate(clauses):
            text, note = strip_markers(part)
            if not text:
                continue
            written = text
            if len(clauses) > 1:  # a clause of a list is a statement of its own: "new job at Arup, new flat in Leeds"
                said = gapped(text, done[-1][0].text if done else "")
                text = rephrase.sentence(endings.rewrite(said)).rstrip(".!") or text
            text = elliptical(re.sub(r"^We\b", "we", text))  # the rules read "we" as they read "I"
            question = bool(QUESTION_START.match(text)) or (is_q and i == len(clauses) - 1
                                                            and not _starts_statement(text))
            c = self._prepare(text, raw, ev, question, note)
            found = self._clause(c, ctx)
            found += self._listed(c, found, ctx, expanded.rstrip(".!?"))
            out.extend(found)
            ctx.recent.extend(f for f in found if not f.retract)
            done.append((c, found))
            if say and not found and not c.question and not c.hedged and not c.note:
                out.extend(_statements(c, written))
        return done

    def _listed(self, c: Clause, found: list[Fact], ctx: Context, sentence: str) -> list[Fact]:
        """The other items of a list a found value begins ("I speak Tagalog and Greek", "I enjoy badminton,
        running, and swimming"): the clause read once per item, keeping what it says that was not found
        already (see :func:`spans.conjoined`). The list is looked for in the whole sentence, since commas
        also split clauses."""
        if c.question or c.hedged:
            return []
        have = {(f.key, f.value) for f in found}
        more: list[Fact] = []
        for f in found:
            for item, text in spans.conjoined(f, sentence):
                part = next((p for p in split_clauses(text) if item in p), "")
                body, _ = strip_markers(part)
                if not body:
                    continue
                for g in self._clause(self._prepare(elliptical(body), c.raw, c.event, c.question, c.note), ctx):
                    if (g.key, g.value) not in have and not g.retract:
                        have.add((g.key, g.value))
                        more.append(g)
        return more

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
            wrong = corrections.slip(c.text, found, fix.slip, fix.replacement)
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


def _statements(c: Clause, written: str) -> list[Fact]:
    """What a clause no rule read discloses, as keyless statement facts (see :mod:`.statements`);
    ``written`` is the clause as the user wrote it (before a dropped "I" was put back)."""
    return [Fact(subject="user", attribute=statements.ATTRIBUTE, value=s.summary, summary=s.summary,
                 category=s.category, event_id=c.event.id, evidence=c.raw, at=c.event.at, multi=True,
                 ends=s.ending, rule=statements.RULE)
            for s in statements.read(c.text, c.dated, written)]


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

