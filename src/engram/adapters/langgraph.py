"""LangGraph: a ``BaseStore`` whose items are engram records of one scope, searched by engram's recall.

``EngramStore(mem, scope, level="actor")`` keeps every item as a record at ``level`` of ``scope`` (the
agent, and the actor and session the level needs), under that level's own namespace plus ``store/`` plus the
item's LangGraph namespace and key, e.g. ``("memories",)``, key ``"diet"`` for actor ``ada`` ->
``/actors/ada/store/memories/diet/``. So a graph can only reach its own scope's items, whatever namespace it
names, and two actors' stores never meet even under equal namespaces. ``level`` must be one the agent's
configuration lets the scope both write and read (``scope.write``, ``scope.read``): else ``PermissionDenied``
naming ``level`` when the store is built.

- ``put`` writes a new record; putting an existing key supersedes the old record (its value stays readable in
  ``Memory.history``); ``delete`` forgets it. All puts and deletes of one ``batch`` are one transaction.
- Concurrent writers (threads sharing a store, processes on one database) see one item per key, as with
  LangGraph's own stores: a write that loses a race to another write of the key is planned again from a
  fresh read, so the put that commits last wins and none raises; two puts that create a key at once may both
  commit, reads return the newer of the two, and whichever commits second deletes the older before it
  returns (:meth:`EngramStore._settle`). Errors name the put's fields (``value``, ``level``, ``key``).
- ``search`` with a query is ``Memory.recall`` limited to the namespace prefix (scores in [0, 1], below
  ``minScore`` left out); its results are logged as RETRIEVED uses, since a graph searches to hand memory
  to its model. Without a query it lists items newest first. ``filter`` matches value fields exactly or
  with ``$eq $ne $gt $gte $lt $lte`` as LangGraph's ``InMemoryStore`` does (a missing field reads as None);
  another operator is a ``ValidationError`` naming the field.
- TTL (minutes) is kept with the item: expired items are never returned, a read refreshes the TTL (by
  writing a new version) when the TTL config says so, and :meth:`EngramStore.sweep` forgets expired items.
  There is no background sweeper thread.

A record's summary is the item's text: the fields named by ``index`` (per put, or the store's default, a
list of field paths or a LangGraph ``IndexConfig``'s ``fields``), else the value's string leaves. The full
item rides in the record's content as JSON, and engram indexes a record's content too, so ``index`` chooses
the summary a search shows and ranks by first, not the only words a query can match; ``index=False`` keeps
an item out of query searches altogether.

Checkpoints are not stored here, on purpose: see docs/frameworks.md ("Why no checkpointer").
"""

from __future__ import annotations

import asyncio
import json
import operator
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal

from langgraph.store.base import (
    BaseStore,
    GetOp,
    IndexConfig,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
    TTLConfig,
    validate_op_namespace,
)

from ..core import namespace as ns
from ..core.scope import missing
from ..core.validate import MAX_BATCH, MAX_LIMIT, MAX_RECORD_CONTENT, MAX_SUMMARY
from ..errors import ConflictError, EngramError, PermissionDenied, ValidationError
from ..types import Record, Scope
from ._binding import bind
from ._paths import segment
from ._timeline import count

if TYPE_CHECKING:
    from ..engine import Memory

TAG = "langgraph_item"  # the key of the item's JSON in the record's content
ATTEMPTS = 10  # how often a batch's writes are planned again after losing a race (ConflictError) before it raises
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "$eq": operator.eq, "$ne": operator.ne, "$gt": operator.gt, "$gte": operator.ge, "$lt": operator.lt,
    "$lte": operator.le}


@dataclass(frozen=True, slots=True)
class Stored:
    """An item as read back from its record."""

    record: Record
    namespace: tuple[str, ...]
    key: str
    value: dict[str, Any]
    created_at: datetime
    expires_at: datetime | None
    ttl: float | None
    indexed: bool

    def item(self) -> Item:
        return Item(value=self.value, key=self.key, namespace=self.namespace, created_at=self.created_at,
                    updated_at=self.record.updated_at)

    def live(self, now: datetime) -> bool:
        """Whether the item has not expired by ``now``."""
        return self.expires_at is None or self.expires_at > now


def _item_of(recs: Sequence[Stored], now: datetime) -> Stored | None:
    """Which of a key's active records (newest first) is its item: the newest live one, which every read returns,
    else the newest expired one (a put supersedes it). A key has more than one only for a moment after two puts
    created it at once (:meth:`EngramStore._settle`), or where a TTL expired."""
    return next((s for s in recs if s.live(now)), recs[0] if recs else None)


Key = tuple[tuple[str, ...], str]  # an item's (namespace, key)


@dataclass(slots=True)
class _Plan:
    """One attempt at a batch's writes, as ``Memory.batch`` takes them, with the item each write is about (to
    name it in an error) and the keys it creates (to fold a concurrent creation of one of them afterwards)."""

    create: list[dict[str, Any]] = field(default_factory=list)
    update: list[dict[str, Any]] = field(default_factory=list)
    delete: list[str] = field(default_factory=list)
    about: dict[str, Key] = field(default_factory=dict)  # "create[0]" -> the item it writes
    created: list[Key] = field(default_factory=list)

    def add(self, op: Literal["create", "update", "delete"], write: Any, item: Key) -> None:
        """Add one write to the ``op`` list (create, update or delete)."""
        ops: list[Any] = getattr(self, op)
        self.about[f"{op}[{len(ops)}]"] = item
        ops.append(write)


# what a field of ``Memory.batch``'s items is called on a LangGraph put (the scope is the store's ``level``; the
# summary and content are made of the value; a record id stands for the item's key)
_BLAME = {"scope": "level", "summary": "value", "content": "value", "labels": "value", "kind": "kind",
          "namespace": "namespace", "id": "key", "replaces": "key"}


def _blame(exc: EngramError, plan: _Plan) -> None:
    """Name ``exc``, raised by ``Memory.batch`` about a write of ``plan``, by what the caller passed: the put's
    field (``create[0].scope`` -> ``level``, ``update[0].replaces`` -> ``key``; the batch's size -> ``ops``) and,
    in the message, the item's namespace and key, so an error never names engram's own ``create[0]``."""
    found = re.fullmatch(r"((?:create|update|delete)\[\d+\])(?:\.(\w+))?", exc.field or "")
    if exc.field in ("create", "update", "delete"):
        exc.field = "ops"
        return
    inner = (found[2] or "id") if found else exc.field
    exc.field = _BLAME.get(inner or "", exc.field)
    item = plan.about.get(found[1]) if found else None
    if item is not None:
        exc.message = f"{exc.message} (namespace {item[0]!r}, key {item[1]!r})"


def _backoff(attempt: int) -> None:
    """Wait a moment before planning a write again that lost a race: jittered, so writers that collided do not
    meet again in step, and at most 50 ms."""
    time.sleep(random.uniform(0, min(0.05, 0.001 * 2 ** attempt)))


def _leaves(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list):
        for v in value:
            yield from _leaves(v)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        yield str(value)


def _at_path(value: Any, path: str) -> Iterator[Any]:
    """The values at a LangGraph field path: ``a.b``, ``a[0].b``, ``a[*].b``."""
    found = [value]
    for part in re.findall(r"[^.\[\]]+|\[\*\]|\[\d+\]", path):
        nxt: list[Any] = []
        for v in found:
            if part == "[*]" and isinstance(v, list):
                nxt += v
            elif part.startswith("[") and isinstance(v, list):
                i = int(part[1:-1])
                nxt += [v[i]] if -len(v) <= i < len(v) else []
            elif isinstance(v, dict) and part in v:
                nxt.append(v[part])
        found = nxt
    yield from found


def index_text(value: dict[str, Any], fields: Sequence[str] | None) -> str:
    """The text engram indexes for an item (its record's summary)."""
    parts = ([t for f in fields for v in _at_path(value, f) for t in _leaves(v)] if fields
             else list(_leaves(value)))
    text = "\n".join(p for p in parts if p.strip()) or json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text[:MAX_SUMMARY]


def _index_fields(index: object) -> list[str] | None:
    """The store's default ``index``: field paths, or a LangGraph ``IndexConfig`` (its ``fields``; engram
    embeds with its own embedder, so ``embed`` and ``dims`` are not used)."""
    if isinstance(index, dict):
        index = index.get("fields")
    if index is None:
        return None
    if isinstance(index, str) or not isinstance(index, Sequence) or not all(isinstance(f, str) for f in index):
        raise ValidationError("must be a list of field paths (or a LangGraph IndexConfig with fields)",
                              field="index")
    return [f for f in index if f != "$"] or None  # "$" is LangGraph's "the whole value", engram's default


def _ttl(value: object, field: str) -> float | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)
                              or not 0 < value < float("inf")):
        raise ValidationError("must be a positive number of minutes (or None)", field=field)
    return value


def _ttl_config(ttl: object) -> TTLConfig | None:
    if ttl is None:
        return None
    if not isinstance(ttl, dict):
        raise ValidationError("must be a LangGraph TTLConfig (a dict)", field="ttl")
    _ttl(ttl.get("default_ttl"), "ttl.default_ttl")
    if not isinstance(ttl.get("refresh_on_read", True), bool):
        raise ValidationError("must be true or false", field="ttl.refresh_on_read")
    return ttl  # type: ignore[return-value]


def _check_put(put: PutOp) -> None:
    """A put's key, value and ttl, checked before anything in its batch is written."""
    if not isinstance(put.key, str) or not put.key:
        raise ValidationError("must be a non-empty string", field="key")
    _ttl(put.ttl, "ttl")
    if put.index is not None and put.index is not False:
        _index_fields(put.index)
    if put.value is None:
        return
    if not isinstance(put.value, dict):
        raise ValidationError("a store value must be a JSON object", field="value")
    try:
        json.dumps(put.value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"must be JSON-serialisable: {exc}", field="value") from None


def _is_ops(want: Any) -> bool:
    return isinstance(want, dict) and any(isinstance(k, str) and k.startswith("$") for k in want)


def check_filter(flt: Any, field: str = "filter") -> None:
    """A search filter as LangGraph defines it: field -> exact value, nested object (matched field by field), or
    ``{"$op": operand}`` with ``$eq $ne $gt $gte $lt $lte``. Anything else is a ValidationError naming the field
    path (``filter.n``), raised before the search reads anything."""
    if flt is None and field == "filter":
        return
    if not isinstance(flt, dict):
        raise ValidationError(f"must be an object of field names to values, got {type(flt).__name__}", field=field)
    for name, want in flt.items():
        if not isinstance(name, str):
            raise ValidationError("field names must be strings", field=field)
        where = f"{field}.{name}"
        if _is_ops(want):
            for op, operand in want.items():
                if op not in _OPS:
                    raise ValidationError(f"unsupported filter operator {op!r}: use {', '.join(_OPS)}", field=where)
                ordered = isinstance(operand, int | float | str) and not isinstance(operand, bool)
                if op not in ("$eq", "$ne") and not ordered:
                    raise ValidationError(f"{op} compares with a number or a string", field=where)
        elif isinstance(want, dict):
            check_filter(want, where)


def _apply(op: str, have: Any, operand: Any) -> bool:
    """One operator as ``InMemoryStore`` applies it (an order compares as numbers, numeric strings included);
    where it would raise, strings compare as strings and anything else does not match."""
    if op in ("$eq", "$ne"):
        return bool(_OPS[op](have, operand))
    try:
        return bool(_OPS[op](float(have), float(operand)))
    except (TypeError, ValueError):
        return isinstance(have, str) and isinstance(operand, str) and bool(_OPS[op](have, operand))


def _compare(have: Any, want: Any) -> bool:
    if _is_ops(want):
        return all(_apply(op, have, operand) for op, operand in want.items())
    if isinstance(want, dict):
        return isinstance(have, dict) and all(_compare(have.get(k), v) for k, v in want.items())
    if isinstance(want, list | tuple):
        return (isinstance(have, list | tuple) and len(have) == len(want)
                and all(_compare(h, w) for h, w in zip(have, want, strict=True)))
    return bool(have == want)


def matches(value: dict[str, Any], flt: dict[str, Any] | None) -> bool:
    """LangGraph's filter, as its ``InMemoryStore`` reads it: a missing field reads as None (so ``$ne`` matches
    an item without the field), a nested object matches the fields it names; see :func:`_apply`."""
    return all(_compare(value.get(name), want) for name, want in (flt or {}).items())


class EngramStore(BaseStore):
    """LangGraph's store over engram records of one scope (see the module docstring)."""

    supports_ttl = True

    def __init__(self, mem: Memory, scope: Scope, *, level: str = "actor",
                 index: Sequence[str] | IndexConfig | None = None, ttl: TTLConfig | None = None,
                 kind: str | None = None) -> None:
        self.level, self.kind = bind(mem, scope, level, kind)
        rules = mem.config_for(scope.agent).memory.scope  # the store reads back what it writes: it needs both
        for right, allowed in (("write", rules.write), ("read", rules.read)):
            if self.level not in allowed:
                raise PermissionDenied(f"the store keeps its items at level {self.level!r}, but "
                                       f"{missing(right, self.level, allowed, scope.agent)}", field="level",
                                       right=right, level=self.level)
        self.mem = mem
        self.scope = scope
        self.index_fields = _index_fields(index)
        self.ttl_config = _ttl_config(ttl)
        self.root = ns.resolve(None, scope, self.level) + "store/"

    # -- paths and records ---------------------------------------------------------------------------------
    def _path(self, namespace: Sequence[str], key: str | None = None) -> str:
        labels = [*namespace, *([key] if key is not None else [])]
        return self.root + "".join(segment(label) + "/" for label in labels)

    def _decode(self, rec: Record) -> Stored | None:
        try:
            data = json.loads(rec.content or "")[TAG]
        except (ValueError, KeyError, TypeError):
            return None  # a record under the root that this store did not write
        expires = data.get("expires_at")
        return Stored(rec, tuple(data["namespace"]), data["key"], data["value"],
                      datetime.fromisoformat(data["created_at"]),
                      datetime.fromisoformat(expires) if expires else None, data.get("ttl"),
                      data.get("indexed", True))

    def _live(self, recs: Iterable[Record]) -> list[Stored]:
        now = self.mem.now()
        out = [s for s in map(self._decode, recs) if s is not None]
        return [s for s in out if s.expires_at is None or s.expires_at > now]

    def _scan(self, prefix: str) -> Iterator[Record]:
        """Every active record under ``prefix``, newest first, page by page."""
        before: tuple[datetime, str] | None = None
        while True:
            page = self.mem.list(self.scope, namespace=prefix, limit=MAX_LIMIT, before=before)
            yield from page
            if len(page) < MAX_LIMIT:
                return
            before = (page[-1].created_at, page[-1].id)

    def _versions(self, namespace: tuple[str, ...], key: str) -> list[Stored]:
        """Every active record of an item, expired ones included, newest first (one but for a moment after a
        race, see :func:`_item_of`)."""
        path = self._path(namespace, key)
        found = (self._decode(r) for r in self._scan(path) if r.namespace == path)
        return [s for s in found if s is not None and s.namespace == namespace and s.key == key]

    def _find(self, namespace: tuple[str, ...], key: str) -> Stored | None:
        """The item at (namespace, key): its newest live record, or None."""
        found = _item_of(self._versions(namespace, key), now := self.mem.now())
        return found if found is not None and found.live(now) else None

    def _content(self, namespace: tuple[str, ...], key: str, value: dict[str, Any], *, created: datetime,
                 ttl: float | None, indexed: bool) -> str:
        expires = self.mem.now() + timedelta(minutes=ttl) if ttl is not None else None
        return json.dumps({TAG: {"namespace": list(namespace), "key": key, "value": value,
                                 "created_at": created.isoformat(), "ttl": ttl, "indexed": indexed,
                                 "expires_at": expires.isoformat() if expires else None}}, ensure_ascii=False)

    # -- the batch -----------------------------------------------------------------------------------------
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        """Reads see the state before the batch; every put and delete commits together or not at all."""
        ops = list(ops)
        for op in ops:
            validate_op_namespace(op)
            if isinstance(op, PutOp):
                _check_put(op)
            elif isinstance(op, SearchOp):
                count(op.limit, "limit")
                count(op.offset, "offset")
                check_filter(op.filter)
        results: list[Result] = []
        refresh: dict[str, Stored] = {}
        for op in ops:
            if isinstance(op, GetOp):
                found = self._find(op.namespace, op.key)
                if found is not None and self._refreshes(op.refresh_ttl):
                    refresh[found.record.id] = found
                results.append(None if found is None else found.item())
            elif isinstance(op, SearchOp):
                hits = self._search(op)
                if self._refreshes(op.refresh_ttl):
                    refresh.update((s.record.id, s) for s, _ in hits)
                results.append([SearchItem(namespace=s.namespace, key=s.key, value=s.value, created_at=s.created_at,
                                           updated_at=s.record.updated_at, score=score) for s, score in hits])
            elif isinstance(op, ListNamespacesOp):
                results.append(self._namespaces(op))
            elif isinstance(op, PutOp):
                results.append(None)
            else:
                raise ValidationError(f"unknown store operation {type(op).__name__}", field="ops")
        self._write([op for op in ops if isinstance(op, PutOp)], refresh)
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    def _refreshes(self, asked: bool | None) -> bool:
        return asked if asked is not None else (self.ttl_config or {}).get("refresh_on_read", True)

    def _search(self, op: SearchOp) -> list[tuple[Stored, float | None]]:
        prefix = self._path(op.namespace_prefix)
        want = op.offset + op.limit
        if op.query:
            if want == 0:
                return []
            hits = self.mem.recall(self.scope, op.query, MAX_LIMIT if op.filter else min(want, MAX_LIMIT),
                                   namespace=prefix)
            by_id = {s.record.id: s for s in self._live(h.record for h in hits if h.record is not None)}
            ranked = [(by_id[h.record.id], h) for h in hits if h.record is not None and h.record.id in by_id]
            newest: dict[Key, Stored] = {}  # a key two racing puts created holds two records for a moment
            for s, _ in ranked:
                k = (s.namespace, s.key)
                if k not in newest or (s.record.created_at, s.record.id) > (newest[k].record.created_at,
                                                                            newest[k].record.id):
                    newest[k] = s
            picked = [(s, h) for s, h in ranked if newest[(s.namespace, s.key)] is s and s.indexed
                      and matches(s.value, op.filter)][op.offset:want]
            if picked:
                self.mem.log_uses(self.scope, [h for _, h in picked])
            return [(s, h.score) for s, h in picked]
        out: list[tuple[Stored, float | None]] = []
        if want == 0:
            return out
        seen: set[Key] = set()
        for s in self._live(self._scan(prefix)):  # newest first: the first record of a key is its item
            if (s.namespace, s.key) in seen:
                continue
            seen.add((s.namespace, s.key))
            if matches(s.value, op.filter):
                out.append((s, None))
                if len(out) >= want:
                    break
        return out[op.offset:]

    def _namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        seen = dict.fromkeys(s.namespace for s in self._live(self._scan(self.root)))
        out = [n for n in seen if all(_matches_condition(n, c.match_type, c.path) for c in op.match_conditions or ())]
        if op.max_depth is not None:
            out = list(dict.fromkeys(n[:op.max_depth] for n in out))
        return sorted(out)[op.offset:op.offset + op.limit]

    def _write(self, puts: list[PutOp], refresh: dict[str, Stored]) -> None:
        """Store a batch's puts and deletes (the last op of a key wins) and the TTL refreshes its reads asked for,
        in one ``Memory.batch``.

        Each attempt is planned from a fresh read of the keys it writes (:meth:`_plan`). One that loses a race
        to another write of the same records (``ConflictError``: superseded or deleted meanwhile, by a thread, a
        process or a refresh) is planned again, up to ``ATTEMPTS`` times, so concurrent puts of one key end as
        LangGraph's own stores end them: one item, holding the value of the put that committed last, and no
        error. Then keys this batch created are settled (:meth:`_settle`). Errors name the put's own fields."""
        last = {(p.namespace, p.key): p for p in puts}
        refresh = {rid: s for rid, s in refresh.items() if s.ttl is not None and (s.namespace, s.key) not in last}
        for attempt in range(ATTEMPTS):
            plan = self._plan(last, refresh, recheck=attempt > 0)
            if not (plan.create or plan.update or plan.delete):
                return
            try:
                self.mem.batch(self.scope, create=plan.create, update=plan.update, delete=plan.delete)
            except ConflictError as exc:
                if attempt + 1 < ATTEMPTS:
                    _backoff(attempt)
                    continue
                _blame(exc, plan)
                raise
            except EngramError as exc:
                _blame(exc, plan)
                raise
            self._settle(plan.created)
            return

    def _plan(self, puts: dict[Key, PutOp], refresh: dict[str, Stored], *, recheck: bool) -> _Plan:
        """One attempt's writes, from what is stored now. A put supersedes the key's item (:func:`_item_of`) or
        creates one, and deletes every other active record of the key; a delete deletes them all. Keys go in
        one order, so writers take their records' locks in one order. ``recheck``: drop a refresh whose item
        another write has changed since the batch read it (that write set the item's TTL itself)."""
        now = self.mem.now()
        plan = _Plan()
        for item, put in sorted(puts.items(), key=lambda kv: kv[0]):
            recs = self._versions(*item)
            keep = _item_of(recs, now) if put.value is not None else None
            for s in recs:
                if s is not keep:
                    plan.add("delete", s.record.id, item)
            if put.value is None:
                continue
            value = dict(put.value)
            fields = self.index_fields if put.index is None else (_index_fields(put.index or None))
            live = keep if keep is not None and keep.live(now) else None
            body = {"summary": index_text(value, fields),
                    "content": self._content(*item, value, created=live.created_at if live else now,
                                             ttl=put.ttl, indexed=put.index is not False)}
            # put.ttl: BaseStore.put has applied the TTL config's default_ttl already
            if len(body["content"]) > MAX_RECORD_CONTENT:
                raise ValidationError(f"the item is over {MAX_RECORD_CONTENT} characters as JSON", field="value")
            if keep is not None:
                plan.add("update", {"id": keep.record.id, **body}, item)
            else:
                plan.add("create", {**body, "kind": self.kind, "scope": self.level, "namespace": self._path(*item)},
                         item)
                plan.created.append(item)
        for s in refresh.values():  # a read that refreshes a TTL writes the item again with a later expiry
            if recheck and ((cur := self._find(s.namespace, s.key)) is None or cur.record.id != s.record.id):
                continue
            plan.add("update", {"id": s.record.id, "content": self._content(
                s.namespace, s.key, s.value, created=s.created_at, ttl=s.ttl, indexed=s.indexed)},
                (s.namespace, s.key))
        return plan

    def _settle(self, created: list[Key]) -> None:
        """Delete every active record of the ``created`` keys but their item (:func:`_item_of`).

        Nothing in engram's stores refuses a second active record at one path, so two puts that create one key
        at once (threads or processes, on SQLite or PostgreSQL) may both commit. The one that commits second
        sees both records here, so the key ends with one record, the newest; until then every read already
        returns that one. Two settles of one key keep the same record; one that loses a race to another write
        reads again. If it still loses after ``ATTEMPTS``, the extra record stays, never read, until the key's
        next put or delete removes it: the put itself is stored, so it does not fail for that."""
        for attempt in range(ATTEMPTS):
            now = self.mem.now()
            extra: list[str] = []
            for item in created:
                recs = self._versions(*item)
                keep = _item_of(recs, now)
                extra += [s.record.id for s in recs if s is not keep]
            if not extra:
                return
            try:
                for start in range(0, len(extra), MAX_BATCH):
                    self.mem.batch(self.scope, delete=extra[start:start + MAX_BATCH])
            except ConflictError:
                _backoff(attempt)
                continue
            return

    def sweep(self) -> int:
        """Forget every expired item (their versions stay readable); returns how many went. A sweep that races
        another write of an expired item reads again (up to ``ATTEMPTS`` times, then raises ConflictError)."""
        gone = 0
        for attempt in range(ATTEMPTS):
            now = self.mem.now()
            expired = [s.record.id for s in map(self._decode, self._scan(self.root))
                       if s is not None and not s.live(now)]
            try:
                for start in range(0, len(expired), MAX_BATCH):
                    chunk = expired[start:start + MAX_BATCH]
                    self.mem.batch(self.scope, delete=chunk)
                    gone += len(chunk)
            except ConflictError:
                if attempt + 1 == ATTEMPTS:
                    raise
                _backoff(attempt)
                continue
            break
        return gone


def _matches_condition(namespace: tuple[str, ...], kind: str, path: Sequence[str]) -> bool:
    if len(path) > len(namespace):
        return False
    part = namespace[:len(path)] if kind == "prefix" else namespace[len(namespace) - len(path):]
    return all(p == "*" or p == n for p, n in zip(path, part, strict=True))
