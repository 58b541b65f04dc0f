"""Consolidation by a model: one structured call decides add / replace / delete / skip for a batch.

The batch is first consolidated with itself deterministically (:func:`engram.core.consolidate.reduce_batch`),
so the model only judges candidates against stored records. Its answer is checked strictly: every
candidate gets a decision, and a decision may only name a record that was shown to it as one of *that
candidate's* neighbours. Anything else raises :class:`~engram.errors.ModelOutputError`: a model can never
replace or delete an arbitrary record.

A decision that would lose or misread a fact is refused the same way (the extraction is kept as a failed
job, retried): a ``skip`` of a candidate whose value no neighbour holds drops the fact; a ``replace`` of a
neighbour about another attribute or another person (a new employer replacing the residence, the sister's
city replacing the user's) misreads it. Keys and summaries are read through :mod:`.attributes`; what
cannot be read is not judged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.consolidate import Batch, Candidate, Decision, norm_value, record_key, reduce_batch
from ..errors import ModelOutputError
from ..models.base import Model
from ..types import Record
from ._common import Run, call_json, need, prompt, render_block
from .attributes import claimed_family, same_subject, split_key

DECISIONS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["decisions"],
    "properties": {
        "decisions": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["candidate", "action", "target"],
                "properties": {
                    "candidate": {"type": "integer"},
                    "action": {"type": "string", "enum": ["add", "replace", "delete", "skip"]},
                    "target": {"type": ["string", "null"]},
                },
            },
        }
    },
}


def consolidate(run: Run, model: Model, candidates: Sequence[Candidate], batch: Batch) -> None:
    """Decide every candidate with one model call (none when no candidate has a stored neighbour)."""
    cands = reduce_batch(candidates)
    if not cands:
        return
    neighbors = [[r for r in run.lookup(c.namespace, c.query()) if r.id not in batch.consumed] for c in cands]
    if not any(neighbors):
        for c in cands:
            if not c.retract:
                batch.apply(c, [Decision("add", None, "no stored neighbour")])
        return
    payload = []
    for i, (c, ns) in enumerate(zip(cands, neighbors, strict=True)):
        payload.append({
            "candidate": i, "namespace": c.namespace, "action": "retract" if c.retract else "assert",
            "summary": c.summary, "key": c.key, "value": c.value,
            **({"topic": list(c.topic)} if c.topic else {}),
            "neighbors": [_neighbor(r) for r in ns],
        })
    answer = call_json(run, model, prompt("consolidate"), render_block("candidates", payload), DECISIONS_SCHEMA,
                       lambda data: parse_decisions(data, cands, neighbors))
    for c, decisions in zip(cands, answer, strict=True):
        batch.apply(c, decisions)


def _neighbor(r: Record) -> dict[str, Any]:
    kv = record_key(r)
    return {"id": r.id, "summary": r.summary, "key": kv[0] if kv else None, "value": kv[1] if kv else None}


def parse_decisions(data: dict[str, Any], cands: Sequence[Candidate],
                    neighbors: Sequence[Sequence[Record]]) -> list[list[Decision]]:
    """Validate the model's decisions; one list per candidate, in candidate order."""
    items = need(data, "decisions", list, "response")
    out: list[list[Decision]] = [[] for _ in cands]
    for j, item in enumerate(items):
        where = f"decisions[{j}]"
        i = need(item, "candidate", int, where)
        if not 0 <= i < len(cands):
            raise ModelOutputError(f"candidate {i} does not exist", field=f"{where}.candidate")
        action = need(item, "action", str, where)
        if action not in ("add", "replace", "delete", "skip"):
            raise ModelOutputError(f"unknown action {action!r}", field=f"{where}.action")
        target = item.get("target")
        if target is not None and not isinstance(target, str):
            raise ModelOutputError("target must be a record id or null", field=f"{where}.target")
        allowed = {r.id for r in neighbors[i]}
        if action in ("replace", "delete") and not target:
            raise ModelOutputError(f"{action} needs a target", field=f"{where}.target")
        if target and target not in allowed:
            raise ModelOutputError(f"target {target!r} is not one of candidate {i}'s neighbours",
                                   field=f"{where}.target")
        c = cands[i]
        if c.retract:
            if action in ("replace", "delete"):
                out[i].append(Decision("delete", target, "retracted (model)"))
            else:
                out[i].append(Decision("skip", None, "nothing to retract (model)"))
            continue
        if action == "delete":
            raise ModelOutputError(f"candidate {i} is not a retraction; it cannot delete",
                                   field=f"{where}.action")
        if action == "skip":
            _check_skip(c, [r for r in neighbors[i] if not target or r.id == target], f"{where}.action")
        elif action == "replace":
            _check_replace(c, next(r for r in neighbors[i] if r.id == target), f"{where}.target")
        decision = Decision(action, target if action != "add" else None, f"{action} (model)")
        if decision in out[i]:
            continue  # the same decision said twice (small models repeat themselves): once is enough
        if any(d.action in ("add", "replace", "skip") for d in out[i]):
            raise ModelOutputError(f"candidate {i} got more than one decision", field=f"{where}.candidate")
        out[i].append(decision)
    for i, ds in enumerate(out):
        if not ds:
            raise ModelOutputError(f"no decision for candidate {i}", field="decisions")
    return [[d for d in ds if not (cands[i].retract and d.action == "skip")] for i, ds in enumerate(out)]


def _holds(r: Record, c: Candidate) -> bool:
    """The stored record already says the candidate's value: one names the other's value, or same key and value."""
    v = norm_value(c.value)
    kv = record_key(r)
    stored = norm_value(kv[1]) if kv else ""
    if _names(v, norm_value(r.summary)) or (len(stored) > 2 and _names(stored, v)):
        return True
    return kv is not None and stored == v and split_key(kv[0]) == split_key(c.key)


def _names(value: str, text: str) -> bool:
    return bool(value) and re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", text) is not None


def _check_skip(c: Candidate, shown: Sequence[Record], field: str) -> None:
    """A skip says a neighbour already holds the fact; when none does, the answer drops it."""
    if norm_value(c.value) and not any(_holds(r, c) for r in shown):
        raise ModelOutputError(f"the answer drops {c.summary!r}: it skips it, but no neighbour says "
                               f"{c.value!r}", field=field)


def _check_replace(c: Candidate, r: Record, field: str) -> None:
    """A replace must be about the same attribute of the same person as the record it replaces."""
    kv = record_key(r)
    theirs = claimed_family(kv[0] if kv else None, r.summary)
    mine = claimed_family(c.key, c.summary)
    if mine is None or theirs is None:
        return  # what cannot be read is not judged
    if mine != theirs or (kv is not None and not same_subject(c.key, c.summary, split_key(kv[0])[0])):
        raise ModelOutputError(f"{c.summary!r} cannot replace {r.summary!r}: they are about different things "
                               "(a misread)", field=field)
