"""Memory: the engine. Orchestrates a Store, an Embedder and a Model; every public verb starts here."""

from __future__ import annotations

import builtins
import dataclasses
import json
import threading
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

import numpy as np

from . import config as cfgmod
from . import erasure
from . import preview as previewmod
from .agent_configs import AgentConfigs
from .core import fusion, validate
from .core import namespace as ns
from .core import text as textmod
from .core.scope import ReadFilter, check_erase, check_events, check_write_level, read_filter
from .embedders.base import Embedder, embed_query
from .errors import (
    ConfigError,
    EmbedderMismatch,
    HistoryDisabled,
    ModelError,
    NotFound,
    PinBudgetExceeded,
    ValidationError,
)
from .indexer import Indexer
from .lifecycle import stop_at_exit
from .models.base import Model
from .stores.base import ContextItem, Neighbourhood, Store
from .turn import Turn, _PendingRecord, new_id
from .types import LEVELS, EraseReport, Event, Hit, Job, Record, Scope, ScoreParts, Use, Version

HISTORY_HALF_LIFE_DAYS = 30.0
HISTORY_RECENCY_WEIGHT = 0.1
SEARCH_CANDIDATES = 30  # lexical and vector candidates fetched per search (at least 2 x limit)
SEARCH_ANCHORS = 10  # best first-pass candidates scored with their neighbours (at least limit)
EMBED_HISTORY = ("background", "inline")


def open_store(url: str) -> Store:
    """A store for ``sqlite:///path``, ``sqlite://:memory:`` or ``postgresql://…``."""
    if not isinstance(url, str):
        raise ValidationError("must be a database URL string", field="url")
    if url.startswith("sqlite://"):
        from .stores.sqlite.store import SqliteStore
        from .stores.sqlite.url import parse

        parsed = parse(url)
        return SqliteStore(parsed.path, synchronous=parsed.synchronous)
    if url.startswith(("postgresql://", "postgres://")):
        try:
            from .stores.postgres.store import PostgresStore
        except ImportError as exc:
            raise ConfigError("PostgreSQL needs the postgres extra: pip install 'engram[postgres]'",
                              field="url") from exc
        return PostgresStore(url)
    raise ValidationError("must start with sqlite:// or postgresql://", field="url")


def _parts(sc: fusion.Scored) -> ScoreParts:
    return ScoreParts(lexical=sc.lexical, vector=sc.vector, recency=sc.recency, context=sc.context,
                      episode=sc.episode, time=sc.time)


class Memory:
    """Short-term events and long-term records for agents, isolated by :class:`Scope`.

    Open with :meth:`open`. Every method takes the caller's scope first; writes outside a ``turn`` are
    their own one-operation turn.
    """

    def __init__(self, store: Store, *, config: cfgmod.Config, embedder: Embedder, model: Model | None = None,
                 clock: Callable[[], datetime] | None = None, embed_history: str = "background") -> None:
        if embed_history not in EMBED_HISTORY:
            raise ValidationError(f"must be one of {', '.join(EMBED_HISTORY)}", field="embed_history")
        self.store = store
        self._config = config  # the database-wide default: agents without their own configuration use it
        self._config_version: int | None = None
        self._agent_configs = AgentConfigs(store)
        self._pinned_config: tuple[int | None, cfgmod.Config] | None = None  # a view's one configuration
        self.embedder = embedder
        # "background": turns commit history chunks unembedded and the indexer fills them in (see indexer.py)
        self.indexer = Indexer(store, embedder) if embed_history == "background" else None
        self.model = model
        self._clock = clock or (lambda: datetime.now(UTC))
        self._worker: threading.Thread | None = None
        self._stop = threading.Event()

    # -- opening -------------------------------------------------------------------------------------------
    @classmethod
    def open(cls, url: str = "sqlite:///engram.db", *, config: Any = None, embedder: Embedder | str | None = None,
             model: Model | str | None = None, clock: Callable[[], datetime] | None = None,
             reembed: bool = False, embed_history: str = "background", expire_on_open: bool = False) -> Memory:
        """Open (and migrate) a store. ``config`` is a dict of either shape, a JSON file path or a Config;
        it is stored with the memory, and a changed config becomes a new version.

        ``embed_history``: ``"background"`` (default) commits a turn's history chunks before they are
        embedded and embeds them on a background thread, so an append costs only its write; a history search
        first embeds what is still pending of its session. ``"inline"`` embeds them inside the turn.

        ``expire_on_open``: run one expiry sweep (:meth:`expire`) now; off by default, so opening a memory
        never deletes anything."""
        new_cfg = cfgmod.load_config(config) if config is not None else None
        store = open_store(url)
        with store.write() as tx:
            latest = tx.latest_config()
            stored = cfgmod.Config.model_validate(latest[1]) if latest else None
            version = latest[0] if latest else None
            if new_cfg is not None and (stored is None or stored.to_dict() != new_cfg.to_dict()):
                cfgmod.check_label_history([(v, cfgmod.Config.model_validate(doc))
                                            for v, _, doc in tx.config_history()], new_cfg)
                version = tx.add_config(new_cfg.to_dict(), datetime.now(UTC))
            cfg = new_cfg or stored or cfgmod.Config()
        emb = cls._resolve_embedder(embedder if embedder is not None else cfg.memory.embedder)
        mdl = cls._resolve_model(model if model is not None else cfg.memory.model)
        mem = cls(store, config=cfg, embedder=emb, model=mdl, clock=clock, embed_history=embed_history)
        mem._config_version = version
        mem._check_embedder(reembed)
        if expire_on_open:
            mem.expire()
        return mem

    @staticmethod
    def _resolve_embedder(spec: Embedder | str | None) -> Embedder:
        if spec is not None and not isinstance(spec, str):
            return spec
        from .embedders import load_embedder

        return load_embedder(spec)

    @staticmethod
    def _resolve_model(spec: Model | str | None) -> Model | None:
        if spec is None or not isinstance(spec, str):
            return spec
        from .models.registry import load_model

        return load_model(spec)

    def _check_embedder(self, reembed: bool) -> None:
        want = self.embedder_id
        with self.store.read() as tx:
            have = tx.get_meta("embedder")  # set by the first commit that writes vectors
        if have is not None and have != want:
            if not reembed:
                raise EmbedderMismatch(
                    f"this memory's vectors come from {have}, the configured embedder is {want}; "
                    "open with reembed=True to re-embed everything with the new model", field="embedder")
            self.reembed()

    @property
    def embedder_id(self) -> str:
        """The model id and dimension stored with the index, to detect a change of embedder."""
        return f"{self.embedder.model_id}:{self.embedder.dim}"

    def with_config(self, config: cfgmod.Config, *, version: int | None = None) -> Memory:
        """A view under one (already validated) config, for every agent, sharing this memory's store, embedder,
        model, clock and history indexer; used per request by the HTTP server (``version`` is the stored
        version it derives from, stamped on records). Close the base, never the view."""
        view = Memory(self.store, config=config, embedder=self.embedder, model=self.model, clock=self._clock,
                      embed_history="inline")
        view.indexer = self.indexer
        view._pinned_config = (version, config)
        view._config_version = version
        return view

    def close(self) -> None:
        self.stop_worker()
        if self.indexer is not None:
            self.indexer.close()
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def now(self) -> datetime:
        return self._clock()

    # -- configuration ---------------------------------------------------------------------------------------
    @property
    def config(self) -> cfgmod.Config:
        """The database-wide default configuration (what agents without their own use)."""
        return self._pinned_config[1] if self._pinned_config is not None else self._config

    def config_for(self, agent: str | None) -> cfgmod.Config:
        """The configuration in force for ``agent``: its own newest version, else the database-wide default."""
        return self.config_in_force(agent)[1]

    def config_version(self, agent: str | None = None) -> int | None:
        """The stored version number of the configuration in force for ``agent`` (None: never stored)."""
        return self.config_in_force(agent)[0]

    def config_in_force(self, agent: str | None) -> tuple[int | None, cfgmod.Config]:
        """(stored version, configuration) in force for ``agent``, read together."""
        if self._pinned_config is not None:
            return self._pinned_config
        own = self._agent_configs.own(agent) if agent is not None else None
        return own if own is not None else (self._config_version, self._config)

    def configure(self, agent: str | None, config: Any, *, update: bool | None = None) -> int:
        """Store a new configuration version for ``agent`` (None: the database-wide default); returns its number.

        ``config`` is any accepted shape (dict, JSON file path or Config). ``update=True`` changes only the
        fields it names in the configuration now in force, like ``update-harness`` (the default, None, does
        so only for the ``{"optionalValue": ...}`` wrapper); otherwise it is a whole configuration. A label
        keeps its number across every version; an unchanged configuration returns the current version.
        """
        base = self.config_for(agent)
        version, new = self._agent_configs.store_version(agent, config, base=base, update=update, at=self.now())
        if agent is None:
            self._config, self._config_version = new, version
        return version

    def set_config(self, config: Any) -> int:
        """Validate and store a new database-wide default version; labels keep their numbers."""
        return self.configure(None, config, update=False)

    def config_history(self, agent: str | None = None) -> builtins.list[tuple[int, datetime, dict[str, Any]]]:
        """(version, stored at, config) of ``agent``'s own versions (None: the default's), oldest first."""
        if agent is not None:
            Scope(agent=agent)
        with self.store.read() as tx:
            return tx.config_history(agent)

    # -- turns -------------------------------------------------------------------------------------------
    def turn(self, scope: Scope, *, preview: bool = False, turn_id: str | None = None,
             agent_version: str | None = None, extract: bool = True) -> Turn:
        """One transaction: events, records, uses written inside commit together or not at all."""
        return Turn(self, scope, preview=preview, turn_id=turn_id, agent_version=agent_version, extract=extract)

    def _filter(self, scope: Scope, *, preview: bool = False, levels: Sequence[str] | None = None,
                **kw: Any) -> ReadFilter:
        if not isinstance(scope, Scope):
            raise ValidationError("must be an engram.Scope", field="scope")
        return read_filter(scope, self.config_for(scope.agent).memory.scope.read if levels is None else levels,
                           preview=preview, **kw)

    def _events_right(self, scope: Scope, *, write: bool) -> None:
        """The scope rule for session events (core.scope.check_events) under this memory's config."""
        if not isinstance(scope, Scope):
            raise ValidationError("must be an engram.Scope", field="scope")
        rules = self.config_for(scope.agent).memory.scope
        check_events(scope, rules.write if write else rules.read, write=write)

    # -- short-term events ---------------------------------------------------------------------------------
    def append(self, scope: Scope, messages: Sequence[dict[str, Any]]) -> builtins.list[Event]:
        """Store messages, tool calls and tool results as events of the scope's session."""
        with self.turn(scope) as t:
            t.append(messages)
        return t.appended

    def expiry_cutoff(self, agent: str | None) -> datetime:
        """Events of ``agent`` stored before this instant are expired (hidden, and removed by a sweep)."""
        return self._expiry_cutoff(agent)

    def _expiry_cutoff(self, agent: str | None) -> datetime:
        return self.now() - timedelta(days=self.config_for(agent).harness.history.event_expiry_days)

    def events(self, scope: Scope, limit: int = 50, *, before: datetime | None = None,
               after: datetime | None = None, preview: bool = False) -> builtins.list[Event]:
        """The session's events, oldest first: the last ``limit`` (before ``before``), or the first after
        ``after``. Expired events are never returned; events of preview turns only with ``preview``."""
        validate.limit(limit)
        self._events_right(scope, write=False)
        b = validate.as_utc(before, "before") if before is not None else None
        a = validate.as_utc(after, "after") if after is not None else None
        with self.store.read() as tx:
            return tx.list_events(scope.agent, scope.actor, scope.session, limit=limit, before=b, after=a,
                                  not_before=self._expiry_cutoff(scope.agent), preview=preview)

    def get_event(self, scope: Scope, event_id: str, *, preview: bool = False) -> Event:
        self._events_right(scope, write=False)
        with self.store.read() as tx:
            got = tx.get_events(scope.agent, scope.actor, scope.session, [event_id], preview=preview)
        if not got or (got[0].stored_at or got[0].at) < self._expiry_cutoff(scope.agent):
            raise NotFound(f"no event {event_id} in this session", field="id")
        return got[0]

    def delete_events(self, scope: Scope, ids: Sequence[str]) -> int:
        self._events_right(scope, write=True)
        wanted = validate.ids(ids)
        with self.store.write() as tx:
            return tx.delete_events(scope.agent, scope.actor, scope.session, wanted)

    def sessions(self, scope: Scope, limit: int = 100) -> builtins.list[dict[str, Any]]:
        """Sessions of the scope's actor (or of every actor of the agent when the scope has none)."""
        self._events_right(scope, write=False)
        with self.store.read() as tx:
            return tx.list_sessions(scope.agent, scope.actor, limit=validate.limit(limit))

    def expire(self, *, dry_run: bool = False) -> int:
        """Hard-delete events engram stored more than their agent's ``eventExpiryDuration`` days ago (whatever
        their ``at``), and drop their ids from records' ``source_event_ids``; returns how many events went
        (``dry_run``: would go), and logs it. Never runs by itself unless asked (see :mod:`engram.expiry`)."""
        from .expiry import sweep

        return sweep(self, dry_run=dry_run)

    @staticmethod
    def _index_texts(ev: Event, index: str) -> builtins.list[str]:
        """What of an event the history index holds: message text; tool calls and results when asked."""
        if ev.role == "tool":
            if index != "messages_and_tools":
                return []
            label = f"tool result {ev.name}: " if ev.name else "tool result: "
            return [label + c for c in textmod.chunks(ev.content)] if ev.content else []
        texts = [ev.content] if ev.content.strip() else []
        if ev.tool_calls and index == "messages_and_tools":
            texts += [f"tool call {c.name} {json.dumps(c.arguments, sort_keys=True)}" for c in ev.tool_calls]
        if len(texts) == 1 and len(texts[0]) > 2000:
            return textmod.chunks(texts[0], size=1500, overlap=200)
        return texts

    def search_history(self, scope: Scope, query: str, limit: int = 5, *, include_tools: bool | None = None,
                       mode: str | None = None, preview: bool = False, min_score: float | None = None
                       ) -> builtins.list[Hit]:
        """Rank the session's earlier events by keywords, meaning, neighbouring turns, time and recency.

        Candidates come from the session's lexical and vector indexes; in hybrid mode the best of them are
        scored together with the events appended right before and after them (see :mod:`engram.core.fusion`).
        Events of preview turns are searched only by a preview read (``preview=True``; see
        :mod:`engram.preview`). Scores are absolute: events scoring below ``min_score`` (default
        ``memory.search.minScore``, else 0.2) are left out, so an off-topic query finds nothing.
        """
        self._events_right(scope, write=False)  # rights first: a refused caller learns nothing of the config
        cfg = self.config_for(scope.agent)
        index = cfg.harness.history.index
        if index == "none":
            raise HistoryDisabled("history search is off (harness.history.index is none)", field="index")
        query = validate.query(query)
        limit = validate.limit(limit)
        mode = validate.mode(mode or cfg.memory.search.mode)
        min_score = self._min_score(min_score, scope.agent)
        if scope.session is None:
            raise ValidationError("history search needs a session scope", field="scope.session")
        tools = index == "messages_and_tools" if include_tools is None else bool(include_tools)
        a, u, s = scope.agent, scope.actor, scope.session
        k, n_anchors = max(SEARCH_CANDIDATES, 2 * limit), max(SEARCH_ANCHORS, limit)
        cutoff = self._expiry_cutoff(scope.agent)
        analysis = textmod.analyze_query(query, self.now())
        qvec = embed_query(self.embedder, [query])[0] if mode != "lexical" else None
        if self.indexer is not None and qvec is not None:
            self.indexer.complete((a, u, s))
        weights = fusion.Weights(recency=HISTORY_RECENCY_WEIGHT, half_life_days=HISTORY_HALF_LIFE_DAYS,
                                 cosine=self.cosine_scale)
        with self.store.read() as tx:
            stats = fusion.TermStats(0, {})
            lex: builtins.list[fusion.LexicalCandidate] = []
            shadow: builtins.list[fusion.Candidate] = []
            if preview:
                mine = [e for e in tx.list_events(a, u, s, limit=previewmod.MAX_PREVIEW_EVENTS, preview=True,
                                                  not_before=cutoff) if e.preview]
                shadow = previewmod.candidates(
                    [e for e in mine if tools or e.role != "tool"], lambda e: self._index_texts(e, index),
                    self.embedder.embed, qvec, s)
            if mode != "vector":
                stats = previewmod.with_candidates(tx.event_term_stats(a, u, s, analysis.terms), shadow)
                sel = fusion.select_terms(analysis.terms, stats)
                lex = tx.events_lexical(a, u, s, sel, limit=k, include_tools=tools, not_before=cutoff) if sel else []
            vec = (tx.events_vector(a, u, s, qvec, limit=k, include_tools=tools, not_before=cutoff)
                   if qvec is not None else [])
            events = {e.id: e for e in tx.get_events(a, u, s, list(dict.fromkeys(
                [c.id for c in lex] + [c.id for c in vec])))}
            pool = self._candidate_pool(lex, vec, {i: (e.at, s) for i, e in events.items()})
            if shadow:
                events.update({e.id: e for e in mine})
                pool.update({c.id: c for c in shadow if mode != "lexical" or c.terms})
            if mode == "hybrid" and pool:
                first = fusion.rank(list(pool.values()), analysis, stats, weights=weights, now=self.now())
                hoods = tx.event_context(a, u, s, [sc.id for sc in first[:n_anchors]], window=weights.window,
                                         include_tools=tools, not_before=cutoff)
                self._add_context(pool, hoods, qvec, weights.window)
            if mode == "hybrid" and analysis.speaker is not None:  # "what did I say": who wrote each candidate
                events.update({e.id: e for e in tx.get_events(a, u, s, [i for i in pool if i not in events],
                                                              preview=preview)})
                pool = {i: dataclasses.replace(c, role=events[i].role) if i in events else c for i, c in pool.items()}
            scored = fusion.rank(list(pool.values()), analysis, stats, mode=mode, weights=weights,
                                 min_score=min_score, now=self.now())
            top = scored[:limit]
            events.update({e.id: e for e in tx.get_events(a, u, s, [sc.id for sc in top if sc.id not in events],
                                                          preview=preview)})
        return [Hit(score=sc.score, event=events[sc.id], parts=_parts(sc))
                for sc in top if sc.id in events]

    @property
    def cosine_scale(self) -> fusion.CosineScale:
        """Where this embedder's cosines sit (its own ``cosine_scale`` if it has one), for absolute scores."""
        found = getattr(self.embedder, "cosine_scale", None)
        return found if isinstance(found, fusion.CosineScale) else fusion.CosineScale()

    def _min_score(self, given: float | None, agent: str) -> float:
        """The cut below which hits are left out: the caller's, else the configured, else the default."""
        configured = self.config_for(agent).memory.search.min_score
        fallback = fusion.DEFAULT_MIN_SCORE if configured is None else configured
        cut = validate.score(given if given is not None else fallback, "min_score")
        return fallback if cut is None else cut

    @staticmethod
    def _candidate_pool(lex: Sequence[fusion.LexicalCandidate], vec: Sequence[fusion.VectorCandidate],
                        known: dict[str, tuple[datetime, str]]) -> dict[str, fusion.Candidate]:
        """Merge lexical and vector candidates (one per item; chunks joined) that ``known`` dates and groups."""
        terms: dict[str, builtins.list[str]] = {}
        for c in lex:
            terms.setdefault(c.id, []).extend(c.terms)
        cos: dict[str, float] = {}
        for v in vec:
            cos[v.id] = max(cos.get(v.id, -1.0), v.cosine)
        return {i: fusion.Candidate(id=i, at=known[i][0], group=known[i][1], terms=terms.get(i), cosine=cos.get(i))
                for i in dict.fromkeys([*terms, *cos]) if i in known}

    @staticmethod
    def _add_context(pool: dict[str, fusion.Candidate], hoods: Sequence[Neighbourhood], qvec: Any,
                     window: int) -> None:
        """Fold neighbourhoods into the pool: full terms and cosines, and for every item of a run the items
        right before and after it (so the turn after a strong match borrows from it, and vice versa)."""
        nxt: dict[str, str] = {}
        items: dict[str, ContextItem] = {}
        for hood in hoods:
            run = [*hood.before[::-1], hood.item, *hood.after]
            for a, b in pairwise(run):
                nxt[a.id] = b.id
            items.update((i.id, i) for i in run)
        ids = list(items)
        cos: dict[str, float] = {}
        with_vec = [i for i in ids if items[i].vectors is not None]
        if qvec is not None and with_vec:
            mats = [m for i in with_vec if (m := items[i].vectors) is not None]
            flat = np.concatenate(mats) @ qvec
            pos = 0
            for i, m in zip(with_vec, mats, strict=True):
                cos[i] = float(flat[pos:pos + len(m)].max())
                pos += len(m)
        for i in ids:
            item, old = items[i], pool.get(i)
            pool[i] = fusion.Candidate(id=i, at=item.at, group=item.group, terms=item.terms,
                                       cosine=cos.get(i, old.cosine if old is not None else None))
        Memory._link(pool, nxt, window)

    @staticmethod
    def _link(pool: dict[str, fusion.Candidate], nxt: dict[str, str], window: int) -> None:
        """Set each linked item's ``before``/``after`` (nearest first) from a "next item" map."""
        prv = {b: a for a, b in nxt.items()}
        for i in {*nxt, *prv}:
            c = pool.get(i)
            if c is None:
                continue
            sides = []
            for step in (prv, nxt):
                got: builtins.list[str] = []
                j = step.get(i)
                while j is not None and len(got) < window:
                    got.append(j)
                    j = step.get(j)
                sides.append(tuple(got))
            pool[i] = fusion.Candidate(c.id, c.at, c.group, c.terms, c.cosine, sides[0], sides[1], c.role)

    # -- long-term records -----------------------------------------------------------------------------------
    def remember(self, who: Scope, summary: str, content: str | None = None, *, kind: str = "fact",
                 labels: dict[str, str] | None = None, scope: str = "session", namespace: str | None = None,
                 replaces: str | None = None, preview: bool = False, pin: bool = False) -> Record:
        """Write a record at level ``scope`` (session | actor | agent) for ``who``; ``replaces`` supersedes."""
        with self.turn(who, preview=preview, extract=False) as t:
            rec = t.remember(summary, content, kind=kind, labels=labels, scope=scope, namespace=namespace,
                             replaces=replaces, pin=pin)
        return rec

    def remember_many(self, who: Scope, items: Sequence[dict[str, Any]], *,
                      preview: bool = False) -> builtins.list[Record]:
        """Write several records in one transaction (all or nothing), without extraction."""
        return self.batch(who, create=items, preview=preview)["created"]

    def batch(self, who: Scope, *, create: Sequence[dict[str, Any]] = (), update: Sequence[dict[str, Any]] = (),
              delete: Sequence[str] = (), preview: bool = False) -> dict[str, builtins.list[Record]]:
        """Create, update and delete records in one transaction, without extraction.

        An update names a record ``id`` and the fields that change; it writes a new record that supersedes
        the old one (fields not given are kept), so the old value stays readable in history.
        """
        fields = {"summary", "content", "kind", "labels", "scope", "namespace", "replaces", "pin"}
        out: dict[str, builtins.list[Record]] = {"created": [], "updated": [], "deleted": []}
        with self.turn(who, preview=preview, extract=False) as t:
            for i, item in enumerate(create):
                if not isinstance(item, dict) or "summary" not in item:
                    raise ValidationError("must be an object with a summary", field=f"create[{i}]")
                extra = set(item) - fields
                if extra:
                    raise ValidationError("unknown field", field=f"create[{i}].{sorted(extra)[0]}")
                out["created"].append(t.remember(**item))
            for i, item in enumerate(update):
                if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                    raise ValidationError("must be an object with the id of the record to update",
                                          field=f"update[{i}].id")
                extra = set(item) - {"id", "summary", "content", "kind", "labels"}
                if extra:
                    raise ValidationError("unknown field", field=f"update[{i}].{sorted(extra)[0]}")
                old = t._visible_active(item["id"], f"update[{i}].id")
                out["updated"].append(t.remember(
                    item.get("summary", old.summary), item.get("content", old.content),
                    kind=item.get("kind", old.kind), labels=item.get("labels", old.labels), scope=old.level,
                    namespace=old.namespace, replaces=old.id))
            for rid in delete:
                out["deleted"].append(t.forget(rid))
        return out

    def ingest(self, who: Scope, messages: Sequence[dict[str, Any]], *, preview: bool = False
               ) -> builtins.list[Record]:
        """Run the configured strategies over messages straight into long-term memory, keeping no events."""
        with self.turn(who, preview=preview, extract=False) as t:
            events = t.append(messages)
            t._ops.events = []  # extracted from, never stored
            written = self._run_extraction(t, events, advance_cursor=False)
        return written

    def get(self, scope: Scope, record_id: str, *, preview: bool = False) -> Record:
        """One record visible to the scope, in any status."""
        flt = self._filter(scope, preview=preview, statuses=("active", "superseded", "deleted"))
        with self.store.read() as tx:
            rec = tx.get_record(flt, record_id)
        if rec is None:
            raise NotFound(f"no record {record_id} visible to this scope", field="id")
        return rec

    def list(self, scope: Scope, *, kind: str | Sequence[str] | None = None, labels: dict[str, str] | None = None,
             namespace: str | None = None, status: str | Sequence[str] = "active", preview: bool = False,
             pinned: bool | None = None, limit: int = 50, before: tuple[datetime, str] | None = None
             ) -> builtins.list[Record]:
        """Records visible to the scope, newest first, filtered; ``before`` continues from a (time, id)."""
        statuses = tuple(dict.fromkeys((status,) if isinstance(status, str) else tuple(status)))
        kinds = validate.kind_filter(kind)
        prefix = ns.fill(namespace, scope) if namespace else None
        flt = self._filter(scope, preview=preview, statuses=statuses, kinds=kinds,
                           labels=validate.label_filter(labels, self.config_for(scope.agent).memory.labels),
                           namespace_prefix=prefix)
        with self.store.read() as tx:
            return tx.list_records(flt, limit=validate.limit(limit), before=before, pinned=pinned)

    def history(self, scope: Scope, record_id: str) -> builtins.list[Version]:
        """Every version of a record, oldest first, with who wrote it; readable after forget/supersede."""
        flt = self._filter(scope, preview=True, statuses=("active", "superseded", "deleted"))
        with self.store.read() as tx:
            versions = tx.versions(flt, record_id)
        if not versions:
            raise NotFound(f"no record {record_id} visible to this scope", field="id")
        return versions

    def chain(self, scope: Scope, record_id: str) -> builtins.list[Record]:
        """The supersede chain through a record, oldest first."""
        rec = self.get(scope, record_id, preview=True)
        back: builtins.list[Record] = [rec]
        while back[0].replaces:
            try:
                back.insert(0, self.get(scope, back[0].replaces, preview=True))
            except NotFound:
                break
        while back[-1].superseded_by:
            try:
                back.append(self.get(scope, back[-1].superseded_by, preview=True))
            except NotFound:
                break
        return back

    def forget(self, scope: Scope, record_id: str, *, preview: bool = False) -> Record:
        """Mark a record DELETED: gone from recall and reads, its versions stay readable."""
        with self.turn(scope, preview=preview, extract=False) as t:
            rec = t.forget(record_id)
        return rec

    def erase(self, scope: Scope, *, actor: str | None = None) -> EraseReport:
        """Hard-delete everything about an actor of this agent (privacy requests); report what went.

        Also the records of any level derived from the actor, the notes faces keep about it, and what lives
        outside the rows (see README "What erase removes"). Needs the actor's own scope or an agent-wide one
        with the ``agent`` write level; an actor with nothing stored raises :class:`NotFound`."""
        self._filter(scope)
        target = actor or scope.actor
        if target is None:
            raise ValidationError("erase needs an actor", field="actor")
        Scope(agent=scope.agent, actor=target)  # validates the id
        check_erase(scope, target, self.config_for(scope.agent).memory.scope.write)
        with self.store.write() as tx:
            report = tx.erase_actor(scope.agent, target)
            report = dataclasses.replace(report, cursors=report.cursors + erasure.purge(tx, scope.agent, target))
            if not report.found:  # raising rolls back: nothing was there, nothing changes
                raise NotFound(f"nothing is stored about actor {target!r} of agent {scope.agent!r}", field="actor")
        return dataclasses.replace(report, index_files=tx.erased_index_files)

    def uses(self, scope: Scope, record_id: str, limit: int = 100) -> builtins.list[Use]:
        """RETRIEVED uses of a record: which model calls it reached, with what score, newest first."""
        self.get(scope, record_id, preview=True)  # NotFound unless the caller can see the record
        flt = self._filter(scope, preview=True)
        with self.store.read() as tx:
            return tx.list_uses(flt, record_id, limit=validate.limit(limit))

    def log_uses(self, scope: Scope, hits: Sequence[Hit], *, turn_id: str | None = None,
                 call_index: int = 0) -> None:
        """Log that these recalled records reached a model call (outside a turn)."""
        now = self.now()
        ids = [h.record.id for h in hits if h.record]
        flt = self._filter(scope, preview=True, statuses=("active", "superseded", "deleted"))
        with self.store.read() as tx:
            visible = {r.id for r in tx.get_records(flt, ids)}
        missing = [i for i in ids if i not in visible]
        if missing:
            raise NotFound(f"no record {missing[0]} visible to this scope", field="hits")
        uses = [Use(record_id=h.record.id, turn_id=turn_id, call_index=call_index, score=h.score, at=now,
                    agent=scope.agent, actor=scope.actor, session=scope.session) for h in hits if h.record]
        with self.store.write() as tx:
            tx.insert_uses(uses)

    # -- pins ------------------------------------------------------------------------------------------------
    def pinned(self, scope: Scope, *, preview: bool = False) -> builtins.list[Record]:
        """Pinned records visible to the scope (shown to every turn), newest first."""
        flt = self._filter(scope, preview=preview)
        with self.store.read() as tx:
            return tx.list_records(flt, limit=1000, pinned=True)

    def pin_budget(self, scope: Scope) -> tuple[int, int]:
        """(tokens used by pinned summaries visible to the scope, the budget)."""
        used = sum(textmod.count_tokens(r.summary) for r in self.pinned(scope))
        return used, self.config_for(scope.agent).memory.pinned.max_tokens

    def _check_pin_budget(self, scope: Scope, adding: Sequence[Record], *, pending: Sequence[Record] = ()) -> None:
        used, budget = self.pin_budget(scope)
        extra = sum(textmod.count_tokens(r.summary) for r in [*pending, *adding])
        if used + extra > budget:
            raise PinBudgetExceeded(
                f"pinning would use {used + extra} of {budget} tokens (pinned.max_tokens); consolidate the "
                "pinned records into fewer, shorter ones, or unpin one first", field="pinned.max_tokens")

    def pin(self, scope: Scope, record_id: str) -> Record:
        """Show a record to every turn, within ``pinned.max_tokens``; needs write access to its level."""
        rec = self.get(scope, record_id)
        check_write_level(scope, rec.level, self.config_for(scope.agent).memory.scope.write)
        if rec.status != "active":
            raise ValidationError(f"record {record_id} is {rec.status}; only active records can be pinned",
                                  field="id")
        if rec.pinned:
            return rec
        self._check_pin_budget(scope, [rec])
        with self.store.write() as tx:
            tx.update_record(rec.id, pinned=True, updated_at=self.now())
        return self.get(scope, record_id)

    def unpin(self, scope: Scope, record_id: str) -> Record:
        rec = self.get(scope, record_id)
        check_write_level(scope, rec.level, self.config_for(scope.agent).memory.scope.write)
        with self.store.write() as tx:
            tx.update_record(rec.id, pinned=False, updated_at=self.now())
        return self.get(scope, record_id)

    # -- recall ------------------------------------------------------------------------------------------------
    def recall(self, scope: Scope, query: str, limit: int | None = None, *, mode: str | None = None,
               min_score: float | None = None, kind: str | Sequence[str] | None = None,
               labels: dict[str, str] | None = None, namespace: str | None = None,
               preview: bool = False) -> builtins.list[Hit]:
        """The records that best match ``query``, scores in [0, 1], best first.

        Scores are absolute (comparable across queries); hits below ``min_score`` (default
        ``memory.search.minScore``, else 0.2) are left out, so an off-topic query recalls nothing. A namespace
        with a retrieval config (``topK``, ``relevanceScore``) uses those as defaults.
        """
        return self._recall(scope, query, limit, mode=mode, min_score=min_score, kind=kind, labels=labels,
                            namespace=namespace, preview=preview)

    def _recall(self, scope: Scope, query: str, limit: int | None, *, mode: str | None = None,
                min_score: float | None = None, kind: str | Sequence[str] | None = None,
                labels: dict[str, str] | None = None, namespace: str | None = None, preview: bool = False,
                pending: Sequence[_PendingRecord] = (), hidden: set[str] | None = None,
                levels: Sequence[str] | None = None) -> builtins.list[Hit]:
        cfg = self.config_for(scope.agent)
        search = cfg.memory.search
        query = validate.query(query)
        prefix = None
        if namespace is not None:
            prefix = ns.fill(namespace, scope)
            for template, retrieval in cfg.memory.retrieval_in_force.items():
                try:
                    filled = ns.fill(template, scope)
                except ValidationError:
                    continue
                if filled == prefix:
                    limit = limit or retrieval.top_k
                    min_score = retrieval.relevance_score if min_score is None else min_score
        limit = validate.limit(limit or search.max_results)
        mode = validate.mode(mode or search.mode)
        min_score = self._min_score(min_score, scope.agent)
        kinds = validate.kind_filter(kind)
        flt = self._filter(scope, preview=preview, kinds=kinds, levels=levels,
                           labels=validate.label_filter(labels, cfg.memory.labels), namespace_prefix=prefix)
        k, n_anchors = max(SEARCH_CANDIDATES, 2 * limit), max(SEARCH_ANCHORS, limit)
        analysis = textmod.analyze_query(query, self.now())
        qvec = embed_query(self.embedder, [query])[0] if mode != "lexical" else None
        pend = [p for p in pending if flt.allows(p.record)]
        self._embed_pending(pend)
        weights = fusion.Weights(recency=search.recency_weight if search.recency_half_life_days else 0.0,
                                 half_life_days=search.recency_half_life_days, cosine=self.cosine_scale)
        pend_ids = {p.record.id for p in pend}
        with self.store.read() as tx:
            stats = self._with_pending(tx.record_term_stats(flt, analysis.terms), pend)
            sel = fusion.select_terms(analysis.terms, stats) if mode != "vector" else []
            lcands = tx.records_lexical(flt, sel, limit=k) if sel else []
            vcands = tx.records_vector(flt, qvec, limit=k) if qvec is not None else []
            records = {r.id: r for r in tx.get_records(flt, list(dict.fromkeys(
                [c.id for c in lcands] + [c.id for c in vcands])))}
            records.update({p.record.id: p.record for p in pend})
            if pend:
                lcands = lcands + [fusion.LexicalCandidate(p.record.id, p.terms.split()) for p in pend]
                if qvec is not None:
                    vcands = vcands + [fusion.VectorCandidate(p.record.id, float(p.vector @ qvec))
                                       for p in pend if p.vector is not None]
            pool = self._candidate_pool(lcands, vcands, {i: (r.created_at, r.provenance.turn_id or r.id)
                                                         for i, r in records.items()})
            if mode == "hybrid" and pool:
                first = fusion.rank(list(pool.values()), analysis, stats, weights=weights, now=self.now())
                stored = [sc.id for sc in first[:n_anchors] if sc.id not in pend_ids]
                self._add_context(pool, tx.record_context(flt, stored, window=weights.window), qvec,
                                  weights.window)
                self._pending_context(pool, pend, weights.window)
                if preview:  # preview records in the context may hide what they replace or delete
                    records.update({r.id: r for r in tx.get_records(flt, [i for i in pool if i not in records])})
            hide = set(hidden or ())
            if preview:  # whatever a preview record replaces or deletes, candidate or not (engram.preview)
                hide.update(tx.preview_targets(flt))
                for p in pending:
                    if p.record.preview:
                        hide.update(x for x in (p.record.replaces, p.record.deletes) if x)
            hide.update(i for i, r in records.items() if r.deletes)
            scored = fusion.rank([c for c in pool.values() if c.id not in hide], analysis, stats, mode=mode,
                                 weights=weights, min_score=min_score, now=self.now())
            # context items come from the store already filtered: load records for the hits only
            hits: builtins.list[Hit] = []
            pos = 0
            while len(hits) < limit and pos < len(scored):
                batch = scored[pos:pos + limit - len(hits) + 5]
                pos += len(batch)
                records.update({r.id: r for r in tx.get_records(
                    flt, [sc.id for sc in batch if sc.id not in records])})
                for sc in batch:
                    rec = records.get(sc.id)
                    if rec is None or rec.deletes or not flt.allows(rec) or len(hits) >= limit:
                        continue
                    hits.append(Hit(score=sc.score, record=rec,
                                    parts=_parts(sc)))
        return hits

    def _embed_pending(self, pend: Sequence[_PendingRecord]) -> None:
        """Embed a turn's pending records now (the vectors are reused when the turn commits)."""
        todo = [p for p in pend if p.vector is None and p.text]
        if todo:
            for p, v in zip(todo, self.embedder.embed([p.text for p in todo]), strict=True):
                p.vector = v

    @staticmethod
    def _with_pending(stats: fusion.TermStats, pend: Sequence[_PendingRecord]) -> fusion.TermStats:
        """Term statistics that also count a turn's pending records."""
        if not pend:
            return stats
        df = dict(stats.doc_freq)
        for p in pend:
            for t in set(p.terms.split()):
                df[t] = df.get(t, 0) + 1
        return fusion.TermStats(stats.doc_count + len(pend), df)

    @staticmethod
    def _pending_context(pool: dict[str, fusion.Candidate], pend: Sequence[_PendingRecord], window: int) -> None:
        """A turn's pending records neighbour each other in the order the turn wrote them."""
        ids = [p.record.id for p in pend if p.record.id in pool]
        Memory._link(pool, dict(pairwise(ids)), window)

    # -- extraction ------------------------------------------------------------------------------------------
    def _neighbors(self, scope: Scope, pending: Sequence[_PendingRecord]
                   ) -> Callable[[str, str, int], builtins.list[Record]]:
        def lookup(namespace: str, text: str, k: int) -> builtins.list[Record]:
            if not text.strip():
                return []
            hits = self._recall(scope, text, min(k, 100), namespace=namespace, pending=pending, min_score=0.0,
                                levels=LEVELS)
            return [h.record for h in hits if h.record is not None and h.record.namespace == namespace]
        return lookup

    def _strategies(self, scope: Scope) -> tuple[Any, ...]:
        """The configured strategies, else the default memory review (engram.review), else none."""
        from .review import strategies

        return strategies(self.config_for(scope.agent).memory, scope, with_model=self.model is not None)

    def _extract_cursor_key(self, scope: Scope, preview: bool = False) -> str:
        """Where extraction keeps how far it got; preview turns keep their own, so live state never moves."""
        key = f"extract_cursor:{scope.agent}\x1f{scope.actor}\x1f{scope.session}"
        return key + previewmod.PREVIEW_SUFFIX if preview else key

    def _should_extract(self, scope: Scope, new_events: int, preview: bool = False) -> bool:
        mem = self.config_for(scope.agent).memory
        if not mem.enabled or not self._strategies(scope) or mem.extraction.trigger == "off":
            return False
        if mem.extraction.trigger == "every_n":
            with self.store.read() as tx:
                cur = int(tx.get_meta(self._extract_cursor_key(scope, preview) + ":pending") or 0)
            return cur + new_events >= mem.extraction.every_n
        return True

    def _plan(self, turn: Turn, events: Sequence[Event]) -> builtins.list[Any]:
        from .models.registry import load_model
        from .strategies.pipeline import plan

        def per_strategy_model(spec: str) -> Model:
            model = load_model(spec)
            if model is None:
                raise ConfigError("a strategy's model must name a provider", field="harness.memory.strategies")
            return model

        mem = self.config_for(turn.scope.agent).memory
        ops, _calls = plan(events, scope=turn.scope, strategies=self._strategies(turn.scope),
                           model=turn.extraction_model or self.model,
                           neighbors=self._neighbors(turn.scope, turn._ops.records), now=self.now(),
                           kinds=mem.kinds, models=per_strategy_model, neighbor_k=mem.extraction.neighbors)
        return list(ops)

    def _apply_ops(self, turn: Turn, ops: Sequence[Any], events: Sequence[Event] = ()) -> builtins.list[Record]:
        from .core.labels import inherited_labels
        from .strategies.base import AddOp, DeleteOp

        written: builtins.list[Record] = []
        memory_cfg = self.config_for(turn.scope.agent).memory
        kinds, declared = memory_cfg.kinds, memory_cfg.labels
        by_id = {e.id: e for e in events}
        flt = read_filter(turn.scope, ("session", "actor", "agent"), preview=turn.preview)
        for op in ops:
            if isinstance(op, AddOp):
                with self.store.read() as tx:
                    if op.source_event_ids and tx.records_from_sources(flt, op.strategy, op.source_event_ids) and \
                            op.replaces is None:
                        continue  # already extracted from these events: a retried job never duplicates
                sources = [by_id[i] for i in op.source_event_ids if i in by_id]
                labels = {**inherited_labels(declared, sources), **op.labels} if declared else op.labels
                written.append(turn.remember(
                    op.summary, op.content, kind=op.kind if op.kind in kinds else kinds[0], labels=labels,
                    scope=op.level, namespace=op.namespace,
                    replaces=op.replaces, strategy=op.strategy, source_event_ids=op.source_event_ids, at=op.at))
            elif isinstance(op, DeleteOp):
                turn.forget(op.record_id, within=self._strategy_writes(turn.scope, op.strategy))
        return written

    def _strategy_writes(self, scope: Scope, strategy_id: str) -> set[tuple[str, str]]:
        """The (namespace, level) pairs a configured strategy writes for ``scope`` (its records and reflections)."""
        from .core.namespace import level_of_template
        from .strategies.episodic import reflection_template

        out: set[tuple[str, str]] = set()
        for st in self._strategies(scope):
            if st.strategy_id != strategy_id:
                continue
            templates = [st.namespace_template] + ([reflection_template(st)] if st.type == "EPISODIC" else [])
            for t in templates:
                try:
                    out.add((ns.fill(t, scope, strategy_id=st.strategy_id), level_of_template(t)))
                except ValidationError:
                    continue
        return out

    def _extract_in_turn(self, turn: Turn) -> None:
        """Turn-end extraction: run inside the turn (commits/rolls back with it) or enqueue a job."""
        mem = self.config_for(turn.scope.agent).memory
        if not self._should_extract(turn.scope, len(turn._ops.events), turn.preview):
            if self._strategies(turn.scope) and mem.extraction.trigger == "every_n":
                key = self._extract_cursor_key(turn.scope, turn.preview) + ":pending"
                with self.store.read() as tx:
                    cur = int(tx.get_meta(key) or 0)
                turn._ops.meta[key] = str(cur + len(turn._ops.events))
            return
        if mem.extraction.trigger == "async" or turn.defer_extraction:  # deferred: over the turn's limits
            now = self.now()
            turn._ops.jobs.append(Job(id=new_id("j_"), kind="extract", agent=turn.scope.agent,
                                      actor=turn.scope.actor, session=turn.scope.session, status="pending",
                                      attempts=0, error=None, payload={"turn_id": turn.id, "preview": turn.preview},
                                      created_at=now, updated_at=now))
            return
        events = self._unextracted(turn.scope, turn.preview) + turn.pending_events
        before = (list(turn._ops.records), list(turn._ops.status), dict(turn._ops.meta))
        try:
            self._run_extraction(turn, events)
        except ModelError as exc:
            # The turn still commits; the extraction is kept as a failed job to retry, never lost.
            turn._ops.records, turn._ops.status, turn._ops.meta = before
            turn._ops.jobs.append(self._failed_job(turn.scope, exc, turn.id, turn.preview))

    def _failed_job(self, scope: Scope, exc: ModelError, turn_id: str | None, preview: bool = False) -> Job:
        """An extraction the model could not do (failed, malformed answer): kept to retry, never lost; one
        stopped by the turn's limits (``exc.defer``) is kept pending, for the worker to run."""
        now = self.now()
        deferred = bool(getattr(exc, "defer", False))
        return Job(id=new_id("j_"), kind="extract", agent=scope.agent, actor=scope.actor, session=scope.session,
                   status="pending" if deferred else "failed", attempts=0 if deferred else 1,
                   error=None if deferred else f"{type(exc).__name__}: {exc}",
                   payload={**({"turn_id": turn_id} if turn_id else {}), "preview": preview}, created_at=now,
                   updated_at=now)

    def _unextracted(self, scope: Scope, preview: bool = False) -> builtins.list[Event]:
        """Events not yet extracted: live events after the live cursor, or (``preview``) the preview turns'
        events after the preview cursor; extraction from preview events writes only preview records."""
        key = self._extract_cursor_key(scope, preview)
        with self.store.read() as tx:
            after = tx.get_meta(key)
            evs = tx.list_events(scope.agent, scope.actor, scope.session, limit=1000,
                                 after=datetime.fromisoformat(after) if after else datetime.min.replace(tzinfo=UTC),
                                 not_before=self._expiry_cutoff(scope.agent), preview=preview)
        return [e for e in evs if e.preview] if preview else evs

    def _run_extraction(self, turn: Turn, events: Sequence[Event], *,
                        advance_cursor: bool = True) -> builtins.list[Record]:
        if not events:
            return []
        # strategies write at the levels their namespaces name, whatever scope.write allows callers
        elevated = Turn(self, turn.scope, preview=turn.preview, turn_id=turn.id, extract=False, levels=LEVELS)
        elevated._ops = turn._ops  # same buffer: extraction commits or rolls back with the turn
        elevated.extraction_model = turn.extraction_model
        ops = self._plan(elevated, events)
        written = self._apply_ops(elevated, ops, events)
        if advance_cursor:
            last = max(e.at for e in events)
            turn._ops.meta[self._extract_cursor_key(turn.scope, turn.preview)] = last.isoformat()
            turn._ops.meta[self._extract_cursor_key(turn.scope, turn.preview) + ":pending"] = "0"
        turn.written += written
        return written

    def extract(self, scope: Scope, *, preview: bool = False) -> builtins.list[Record]:
        """Run the configured strategies on the session's events not yet extracted; return records written."""
        self._filter(scope)
        if not self._strategies(scope):
            return []
        try:
            return self._extract_now(scope, preview=preview)
        except ModelError as exc:
            # nothing of the extraction was written; the failure is kept as a job to retry, then raised
            with self.turn(scope, preview=preview, extract=False) as t:
                t._ops.jobs.append(self._failed_job(scope, exc, None, preview))
            raise

    def _extract_now(self, scope: Scope, *, preview: bool = False) -> builtins.list[Record]:
        with self.turn(scope, preview=preview, extract=False) as t:
            return self._run_extraction(t, self._unextracted(scope, preview))

    # -- jobs --------------------------------------------------------------------------------------------
    def jobs(self, scope: Scope, *, status: str | None = None, limit: int = 50) -> builtins.list[Job]:
        self._filter(scope)
        with self.store.read() as tx:
            return tx.list_jobs(scope.agent, status=status, limit=validate.limit(limit))

    def retry_job(self, scope: Scope, job_id: str) -> Job:
        self._filter(scope)
        with self.store.write() as tx:
            if not tx.retry_job(scope.agent, job_id, self.now()):
                job = tx.get_job(scope.agent, job_id)
                if job is None:
                    raise NotFound(f"no job {job_id} for this agent", field="id")
                raise ValidationError(f"job {job_id} is {job.status}; only failed jobs can be retried", field="id")
            job = tx.get_job(scope.agent, job_id)
        assert job is not None
        return job

    def run_jobs(self, *, worker: str | None = None, max_jobs: int = 100, lease_seconds: float = 300.0,
                 max_attempts: int = 3) -> int:
        """Process pending extraction jobs until none is left (or ``max_jobs``); returns how many ran."""
        from .errors import EngramError

        worker = worker or new_id("w_")
        ran = 0
        while ran < max_jobs:
            with self.store.write() as tx:
                job = tx.claim_job(worker, self.now(), lease_seconds)
            if job is None:
                break
            ran += 1
            scope = Scope(agent=job.agent, actor=job.actor, session=job.session)
            try:
                self._extract_now(scope, preview=bool(job.payload.get("preview")))
            except EngramError as exc:
                with self.store.write() as tx:
                    tx.fail_job(job.id, f"{type(exc).__name__}: {exc}", self.now(),
                                retry=job.attempts < max_attempts and not isinstance(exc, ValidationError))
                continue
            with self.store.write() as tx:
                tx.finish_job(job.id, self.now())
        return ran

    def start_worker(self, *, interval: float = 0.5) -> None:
        """Process jobs on a background thread until :meth:`stop_worker` (finishes the job in hand)."""
        if self._worker is not None:
            return
        self._stop.clear()

        def loop() -> None:
            while not self._stop.is_set():
                if self.run_jobs(max_jobs=10) == 0:
                    self._stop.wait(interval)

        self._worker = threading.Thread(target=loop, name="engram-jobs", daemon=True)
        self._worker.start()
        stop_at_exit(self)

    def stop_worker(self) -> None:
        if self._worker is not None:
            self._stop.set()
            self._worker.join()
            self._worker = None

    def stop_threads(self) -> None:
        """Stop the job worker (the interpreter-exit hook, see :mod:`engram.lifecycle`; the indexer has its own)."""
        self.stop_worker()

    # -- maintenance -------------------------------------------------------------------------------------
    def wait_indexed(self) -> int:
        """Embed every history chunk still waiting for the background indexer, here and now (after a bulk
        load, or before timing searches); returns how many this call embedded."""
        return self.indexer.complete(None) if self.indexer is not None else 0

    def reembed(self, *, batch: int = 256) -> int:
        """Re-embed every record and event chunk with the current embedder (after a model change).

        Embeds a page at a time outside any lock and writes each page in a short transaction; the new model
        id is recorded last, so an interrupted run is resumed by opening with ``reembed=True`` again.
        Returns how many vectors were rewritten.
        """
        done = 0
        for kind in ("records", "chunks"):
            after: str | None = None
            while True:
                with self.store.read() as tx:
                    page = tx.texts_to_embed(kind, after=after, limit=batch)
                if not page:
                    break
                vectors = self.embedder.embed([t for _, t in page])
                with self.store.write() as tx:
                    tx.set_vectors(kind, [(k, v) for (k, _), v in zip(page, vectors, strict=True)])
                done += len(page)
                after = page[-1][0]
        with self.store.write() as tx:
            tx.set_meta("embedder", self.embedder_id)
        return done
