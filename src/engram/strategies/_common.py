"""What every strategy needs while planning: the run's context, kinds, prompts and model calls."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from importlib import resources
from typing import Any, TypeVar

import numpy as np

from ..config import Strategy
from ..core import validate
from ..core.consolidate import Candidate, record_key
from ..core.namespace import fill
from ..core.strategy_types import FACT_TYPES
from ..errors import ModelOutputError
from ..extract import Fact, OfflineExtractor, later_fix, named, relations_from_keys
from ..extract.spans import truecase
from ..extract.statements import RULE as STATEMENT
from ..models.base import Message, Model, parse_json_object
from ..types import Event, Record, Scope
from . import attribute_match
from .base import NeighborLookup

T = TypeVar("T")

_RELATION_QUERY = ("has a daughter son wife husband partner girlfriend boyfriend sister brother mother father "
                   "child kid dog cat pet named family")

_BASELINES: dict[Callable[[Sequence[str]], Any], float] = {}  # by embedder (its embed method): its baseline

# The kind each sort of record prefers; when a configuration drops a kind, "fact", then the first kind.
KIND_FOR = {"fact": "fact", "preference": "guidance", "event": "event", "summary": "reference",
            "episode": "event", "reflection": "guidance"}


@dataclass
class Run:
    """One call of :func:`engram.strategies.pipeline.plan`: its inputs and what strategies share."""

    events: Sequence[Event]
    scope: Scope
    strategies: Sequence[Strategy]
    neighbors: NeighborLookup
    now: datetime
    kinds: Sequence[str]
    k: int = 5
    prior_summary: Record | None = None
    history: Sequence[Event] = ()
    calls: int = 0
    _offline: list[Fact] | None = field(default=None, repr=False)
    _said: list[Fact] = field(default_factory=list, repr=False)
    extractor: OfflineExtractor = field(default_factory=OfflineExtractor)
    embed: Callable[[Sequence[str]], Any] | None = None  # the engine's embedder, when it has one
    _vectors: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    _looked: dict[tuple[str, str, int], list[Record]] = field(default_factory=dict, repr=False)

    def kind(self, sort: str) -> str:
        want = KIND_FOR.get(sort, "fact")
        if want in self.kinds:
            return want
        return validate.default_kind(self.kinds)

    def namespace(self, strategy: Strategy, template: str | None = None) -> str:
        return fill(template or strategy.namespace_template, self.scope, strategy_id=strategy.strategy_id,
                    field=f"strategies.{strategy.strategy_id}.namespace")

    def offline_facts(self) -> list[Fact]:
        """The offline rules' facts for this batch, computed once and shared by every strategy."""
        if self._offline is None:
            read = self.extractor.facts(self.events, history=self.history, known=self.known_relations())
            read += later_fix.fixes(self.events, self.history, read, self.held)  # "one fix from our last chat: ..."
            read += later_fix.by_name(self.events, read, self.held)  # "Arup is history", "we had to rehome Tigger"
            self._offline = [f for f in read if f.rule not in (STATEMENT, named.RULE)]
            self._said = [f for f in read if f.rule == STATEMENT or (f.rule == named.RULE and self._new_names(f))]
        return self._offline

    def _new_names(self, f: Fact) -> bool:
        """Whether a name kept in passing (:mod:`engram.extract.named`) names something no active record names:
        "Reach them by WhatsApp" is not kept beside "Prefers to be contacted by WhatsApp"."""
        held = " ".join(r.summary for r in self.held(f.summary)).lower()
        return any(n.lower() not in held for n in named.names(f.summary))

    def offline_statements(self) -> list[Fact]:
        """What the user disclosed in this batch that no rule read (:mod:`engram.extract.statements`)."""
        self.offline_facts()
        return self._said

    def held(self, text: str) -> list[Record]:
        """Active long-term records most like ``text``, from each fact namespace (what a later fix matches)."""
        return [r for st in self.strategies if st.type in FACT_TYPES and "{sessionId}" not in st.namespace_template
                for r in self.lookup(self.namespace(st), text)]

    def known_relations(self) -> list[tuple[str, str | None]]:
        """People and pets already on record for this actor (from stored keys), oldest first.

        One neighbour lookup in each fact namespace, only when the batch's user text could refer to
        someone ("she", "his", a capitalised word anywhere: "we moved Sam to ..."), so "her birthday" resolves
        across sessions.
        """
        # each message starts a line, as the rules read it (a message in lower case has its names' capitals back)
        text = "\n".join(truecase(e.content) for e in self.events if e.role == "user")
        if not re.search(r"\b(?:he|she|her|him|his)\b|\b(?!I\b)[A-Z][a-z]+\b", text):
            return []
        records: dict[str, Record] = {}
        for st in self.strategies:
            if st.type in FACT_TYPES and "{sessionId}" not in st.namespace_template:
                ns = self.namespace(st)
                for r in self.neighbors(ns, _RELATION_QUERY, 10):
                    if r.namespace == ns and r.status == "active":
                        records[r.id] = r
        keys = [kv[0] for r in sorted(records.values(), key=lambda r: r.created_at)
                if (kv := record_key(r)) is not None]
        return relations_from_keys(keys)

    def memory_texts(self) -> list[str]:
        """Summaries of the stored long-term records most like what the assistant said in this batch.

        The assistant restating one of them (it was handed them as memory) is not new evidence; see
        :mod:`engram.extract.echo`. One lookup per long-term fact namespace, only when the assistant spoke.
        """
        said = " ".join(e.content for e in self.events if e.role == "assistant" and e.content)[:1000]
        if not said.strip():
            return []
        out: list[str] = []
        for st in self.strategies:
            if st.type in FACT_TYPES and "{sessionId}" not in st.namespace_template:
                out += [r.summary for r in self.lookup(self.namespace(st), said)]
        return out

    def cosines(self, text: str, others: Sequence[str]) -> list[float] | None:
        """The embedder's cosine of ``text`` with each of ``others`` (one batched call for the texts not
        embedded yet in this run), or None when the run has no embedder."""
        if self.embed is None:
            return None
        todo = list(dict.fromkeys(t for t in (text, *others) if t not in self._vectors))
        if todo:
            for t, v in zip(todo, np.asarray(self.embed(todo), dtype=np.float32), strict=True):
                self._vectors[t] = v
        mine = self._vectors[text]
        return [float(mine @ self._vectors[o]) for o in others]

    def attribute_baseline(self) -> float:
        """The embedder's baseline for attribute texts (:func:`attribute_match.baseline`), computed once per
        embedder and process (call only with an embedder)."""
        assert self.embed is not None
        base = _BASELINES.get(self.embed)
        if base is None:
            v = np.asarray(self.embed(list(attribute_match.PANEL)), dtype=np.float32)
            n = len(v)
            base = attribute_match.baseline([float(v[i] @ v[j]) for i in range(n) for j in range(i + 1, n)])
            if len(_BASELINES) >= 16:
                _BASELINES.clear()
            _BASELINES[self.embed] = base
        return base

    def lookup(self, namespace: str, text: str, k: int | None = None) -> list[Record]:
        """Active neighbours in ``namespace`` only (``k`` of them at most, the run's ``k`` by default). Asked once
        per run: nothing is written while a run plans, and several steps ask the same (a name kept in passing is
        looked up before it is kept and again when it is consolidated)."""
        key = (namespace, text, k or self.k)
        if key not in self._looked:
            self._looked[key] = [r for r in self.neighbors(namespace, text, key[2])
                                 if r.namespace == namespace and r.status == "active"]
        return list(self._looked[key])


def fact_candidate(run: Run, strategy: Strategy, namespace: str, f: Fact) -> Candidate:
    """A consolidation candidate from an offline fact, quoting the user's words as evidence."""
    evidence = f'User said on {f.at.date().isoformat()}: "{f.evidence}"'
    return Candidate(strategy=strategy.strategy_id, namespace=namespace, level=strategy.level,
                     kind=run.kind(f.category), summary=f.summary or f.value, source_event_ids=(f.event_id,),
                     evidence=evidence, key=f.key, value=f.value, multi=f.multi, retract=f.retract,
                     revises=f.revises, switch=f.switch, topic=f.topic, ends=f.ends, at=f.at)


@cache
def prompt(name: str) -> str:
    """A built-in prompt from ``strategies/prompts/<name>.md``."""
    return resources.files("engram.strategies").joinpath("prompts", f"{name}.md").read_text(encoding="utf-8")


def _quote(text: str) -> str:
    """JSON text that cannot close the tag around it: ``</`` becomes ``<\\/`` (still the same JSON)."""
    return text.replace("</", "<\\/")


def render_events(events: Sequence[Event]) -> str:
    """The conversation as numbered JSON lines inside <conversation> tags: data, clearly delimited."""
    lines = []
    for n, ev in enumerate(events, 1):
        item: dict[str, Any] = {"n": n, "role": ev.role, "at": ev.at.isoformat(), "text": ev.content}
        if ev.tool_calls:
            item["tool_calls"] = [{"name": tc.name, "arguments": tc.arguments} for tc in ev.tool_calls]
        if ev.name:
            item["tool"] = ev.name
        lines.append(_quote(json.dumps(item, ensure_ascii=False, default=str)))
    return "<conversation>\n" + "\n".join(lines) + "\n</conversation>"


def render_block(tag: str, value: Any) -> str:
    """Any data (text or JSON-able) inside ``<tag>`` ... ``</tag>``, escaped so it cannot close the tag."""
    body = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str, indent=1)
    return f"<{tag}>\n{_quote(body)}\n</{tag}>"


REPAIRS = 1  # extra turns a refused answer gets: the model is shown why and answers again
_REPAIR_SHOWN = 4_000  # characters of the refused answer sent back with the reason (the model's own text)
REPAIR_OPENING = "That answer was refused"  # how a repair turn begins


def call_json(run: Run, model: Model, system: str, user: str, schema: dict[str, Any],
              read: Callable[[dict[str, Any]], T], *, max_tokens: int = 2048) -> T:
    """One structured model call, its answer parsed and ``read`` (which validates it); counts every call.

    An answer refused as malformed or unsound (:class:`ModelOutputError`, from the client, the parse or
    ``read``) gets :data:`REPAIRS` more turns in the same conversation: the refused answer, then a user turn
    saying why and asking for the whole answer again. At temperature 0 a plain retry of the same request gets
    the same refused answer, so only an answer told what was wrong can come out differently. When the last
    turn is refused too, its error is raised (the extraction is then a failed job, retried later).
    """
    messages = [Message(role="user", content=user)]
    for turn in range(REPAIRS + 1):
        run.calls += 1
        text = None
        try:
            text = model.complete(messages, system=system, json_schema=schema, max_tokens=max_tokens,
                                  temperature=0.0).text
            return read(parse_json_object(text))
        except ModelOutputError as exc:
            if turn == REPAIRS:
                raise
            if text is not None:
                messages.append(Message(role="assistant", content=text[:_REPAIR_SHOWN]))
            messages.append(Message(role="user", content=repair_note(exc)))
    raise AssertionError("unreachable")  # the loop returns or raises


def repair_note(exc: ModelOutputError) -> str:
    """The user turn that tells the model why its answer was refused."""
    return (f"{REPAIR_OPENING} ({exc}). Answer again with the whole JSON answer, in the same "
            "format, with that corrected and everything else the instructions ask for; keep it short enough "
            "to finish.")


def need(obj: Any, name: str, typ: type | tuple[type, ...], where: str) -> Any:
    """``obj[name]`` checked to be of ``typ``, or a ModelOutputError naming where it was wrong."""
    if not isinstance(obj, dict) or name not in obj:
        raise ModelOutputError(f"missing field {name!r}", field=where)
    value = obj[name]
    if not isinstance(value, typ) or (isinstance(value, bool) and typ in (int, (int,))):
        raise ModelOutputError(f"field {name!r} has the wrong type", field=f"{where}.{name}")
    return value
