"""The rule registry: every offline rule is a named function, registered in a group, run in a fixed order.

A rule reads one :class:`~engram.extract.base.Clause` (and the batch's :class:`~engram.extract.base.Context`)
and answers ``None`` when its shape does not match (the next rule is tried) or a list of facts when it
does; an empty list means "this is mine, and it says nothing" and ends the group.

Groups run in :data:`ORDER`. ``mentions`` is an *all* group: every rule runs and adds what it finds
(people named in passing, "an accountant like me"); a ``final`` rule that matches ends the clause. Every
other group is a *first* group: the first rule that matches gives the group's answer, and the clause
takes the first group with a non-empty answer. A group may have a guard (``when``) that skips it, and a
``setup`` step run once before its rules. Rules register in import order: the order of the modules in
:mod:`engram.extract.rules` and of the functions in each module is the order they are tried.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from .base import Clause, Context, Fact

RuleFn = Callable[[Clause, Context], "list[Fact] | None"]

# Run order. The statement groups after "correction" are tried in turn for a clause that is a statement.
ORDER = ("mentions", "correction", "preferences", "user", "retractions", "relations", "events", "generic")
STATEMENTS = ORDER[2:]


@dataclass(frozen=True, slots=True)
class Rule:
    """One named rule: ``group.name``, its function, and whether a match ends the clause (``all`` groups)."""

    name: str
    group: str
    fn: RuleFn
    final: bool = False

    @property
    def doc(self) -> str:
        return (self.fn.__doc__ or "").strip().split("\n")[0]


@dataclass(slots=True)
class Group:
    """A group of rules, how they combine, and an optional guard and setup step."""

    name: str
    mode: Literal["first", "all"] = "first"
    when: Callable[[Clause], bool] | None = None
    setup: Callable[[Clause, Context], None] | None = None
    rules: list[Rule] | None = None


_GROUPS: dict[str, Group] = {n: Group(n, "all" if n == "mentions" else "first", rules=[]) for n in ORDER}


def configure(group: str, *, when: Callable[[Clause], bool] | None = None,
              setup: Callable[[Clause, Context], None] | None = None) -> None:
    """Give a group its guard and setup step (called once, by the module that owns the group)."""
    g = _GROUPS[group]
    g.when, g.setup = when, setup


def rule(group: str, *, name: str | None = None, final: bool = False) -> Callable[[RuleFn], RuleFn]:
    """Register the decorated function as rule ``group.name`` (default name: the function's)."""
    def deco(fn: RuleFn) -> RuleFn:
        g = _GROUPS[group]
        full = f"{group}.{name or fn.__name__}"
        assert g.rules is not None
        if any(r.name == full for groups in _GROUPS.values() for r in groups.rules or ()):
            raise ValueError(f"rule {full!r} is registered twice")
        g.rules.append(Rule(full, group, fn, final))
        return fn
    return deco


def rules(group: str | None = None) -> list[Rule]:
    """The registered rules of one group, or of all groups, in the order they run."""
    names = ORDER if group is None else (group,)
    return [r for n in names for r in _GROUPS[n].rules or ()]


def _tag(facts: list[Fact], name: str) -> list[Fact]:
    return [f if f.rule else replace(f, rule=name) for f in facts]


def run(group: str, c: Clause, ctx: Context) -> tuple[list[Fact], bool]:
    """The facts group ``group`` finds in ``c``, and whether a final rule ended the clause."""
    g = _GROUPS[group]
    if g.when is not None and not g.when(c):
        return [], False
    if g.setup is not None:
        g.setup(c, ctx)
    found: list[Fact] = []
    for r in g.rules or ():
        out = r.fn(c, ctx)
        if out is None:
            continue
        if g.mode == "first":
            return _tag(out, r.name), False
        found += _tag(out, r.name)
        if r.final:
            return found, True
    return found, False
