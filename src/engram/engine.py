"""Memory: the engine's facade. Every public verb starts here; the work is done by the parts it assembles.

A memory is a :class:`~engram.runtime.Runtime` (store, embedder, model, history indexer, clock) and a
:class:`~engram.policy.Policy` over it (the configuration in force for each agent, and the rules read from it:
read filters, event rights, the pin budget, the expiry cutoff). The parts each name in their constructor the
pieces they use: :class:`~engram.reads.Reads` (a record, a filtered list, a session's events),
:class:`~engram.turn.Turn` (buffered writes, one transaction), :class:`~engram.retrieval.Retrieval` (history
search and recall, one pipeline), :class:`~engram.extraction.Extraction` (the strategies),
:class:`~engram.jobs.JobRunner` (jobs and their worker). The verbs are short: they check the caller's scope
through the policy and hand the work to the part that owns it. A view (:meth:`Memory.with_config`) is the same
parts over a pinned policy and the base's runtime, which it never closes.
"""

from __future__ import annotations

import builtins
import dataclasses
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from . import config as cfgmod
from . import erasure, expiry
from .agent_configs import AgentConfigs
from .core import fusion, validate
from .core import text as textmod
from .core.scope import check_erase, check_write_level
from .embedders import default_for as default_embedder_for
from .embedders import is_default as is_default_embedder
from .embedders import load_embedder
from .embedders.base import Embedder
from .errors import (
    ConfigError,
    ConflictError,
    EmbedderMismatch,
    EngramError,
    NotFound,
    ValidationError,
)
from .extraction import Extraction
from .indexer import Indexer
from .jobs import JobRunner
from .models.base import Model
from .models.registry import load_model
from .policy import Policy
from .reads import Reads
from .retrieval import Retrieval
from .runtime import Runtime, utc_now
from .stores.base import Store
from .turn import Turn
from .types import STATUSES, EraseReport, Event, Hit, Job, Provenance, Record, Scope, Use, Version

EMBED_HISTORY = ("background", "inline")
ACTOR_SESSIONS = 100_000  # sessions of one actor summed by Memory.actors (one row each)


def open_store(url: str) -> Store:
    """A store for ``sqlite:///path``, ``sqlite://:memory:`` or ``postgresql://…``."""
    if not isinstance(url, str):
        raise ValidationError("must be a database URL string", field="url")
    # each backend is imported only when a URL names it (PostgreSQL's driver is an optional extra)
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


@contextmanager
def _item_errors(prefix: str, whole: str | None = None) -> Iterator[None]:
    """An error about one item of :meth:`Memory.batch` names the item: ``summary`` -> ``create[0].summary``
    (``whole``: the field that is the item itself, ``id`` -> ``delete[0]``)."""
    try:
        yield
    except EngramError as exc:
        if exc.field is not None and not exc.field.startswith(prefix):
            exc.field = prefix if exc.field == whole else f"{prefix}.{exc.field}"
        raise


class Memory:
    """Short-term events and long-term records for agents, isolated by :class:`Scope`.

    Open with :meth:`open`. Every method takes the caller's scope first; writes outside a ``turn`` are
    their own one-operation turn.
    """

    def __init__(self, store: Store, *, config: cfgmod.Config, embedder: Embedder, model: Model | None = None,
                 clock: Callable[[], datetime] | None = None, embed_history: str = "background") -> None:
        if embed_history not in EMBED_HISTORY:
            raise ValidationError(f"must be one of {', '.join(EMBED_HISTORY)}", field="embed_history")
        # "background": turns commit history chunks unembedded and the indexer fills them in (see indexer.py)
        runtime = Runtime(store, embedder, model, Indexer(store, embedder) if embed_history == "background" else None,
                          clock or utc_now)
        # the database-wide default until one is stored (then the stored one, re-read as agents' own are)
        self._assemble(runtime, Policy(runtime, AgentConfigs(store), (None, config)), owns_runtime=True)

    def _assemble(self, runtime: Runtime, policy: Policy, *, owns_runtime: bool) -> None:
        """Build the parts over ``runtime`` and ``policy``; ``owns_runtime`` False: a view, which never closes it."""
        self.runtime = runtime
        self.policy = policy
        self._agent_configs = policy.configs
        self._owns_runtime = owns_runtime
        self.reads = Reads(runtime, policy)  # get, list, events (engram.reads)
        self.retrieval = Retrieval(runtime, policy)  # history search and recall (engram.retrieval)
        # the configured strategies, in a turn or a job (engram.extraction)
        self.extraction = Extraction(runtime, policy, self.retrieval, self.reads)
        self._jobs = JobRunner(runtime, policy, self.extraction)  # extraction jobs and their worker thread

    # the runtime's pieces, as the faces and tests read them
    @property
    def store(self) -> Store:
        return self.runtime.store

    @property
    def embedder(self) -> Embedder:
        return self.runtime.embedder

    @property
    def model(self) -> Model | None:
        """The model extraction uses (unless an agent's own configuration names another)."""
        return self.runtime.model

    @model.setter
    def model(self, model: Model | None) -> None:
        self.runtime.model = model

    @property
    def indexer(self) -> Indexer | None:
        return self.runtime.indexer

    # -- opening -------------------------------------------------------------------------------------------
    @classmethod
    def open(cls, url: str = "sqlite:///engram.db", *, config: Any = None, embedder: Embedder | str | None = None,
             model: Model | str | None = None, clock: Callable[[], datetime] | None = None,
             reembed: bool = False, embed_history: str = "background", expire_on_open: bool = False,
             defer_config: bool = False) -> Memory:
        """Open (and migrate) a store. ``config`` is a dict of either shape, a JSON file path or a Config;
        it is stored with the memory, and a changed config becomes a new version (once the embedder and model
        it names are loaded: an open that fails stores nothing).

        ``defer_config``: a changed ``config`` is in force at once as the database-wide default but stored only
        by the first turn that commits under it (in that turn's transaction, so its records name the version)
        or by :meth:`store_deferred_config`: for a caller that may still refuse its work, as the CLI does.

        ``embed_history``: ``"background"`` (default) commits a turn's history chunks before they are
        embedded and embeds them on a background thread, so an append costs only its write; a history search
        first embeds what is still pending of its session. ``"inline"`` embeds them inside the turn.

        ``embedder``: an :class:`~engram.embedders.Embedder` or a spec (``engram.embedders.load_embedder``); unset,
        the config's, else the default (MiniLM and e5 blended). A store embedded by MiniLM when that was the
        default keeps MiniLM under the default; ``reembed=True`` moves it to the blend.

        ``expire_on_open``: run one expiry sweep (:meth:`expire`) now; off by default, so opening a memory
        never deletes anything."""
        new_cfg = cfgmod.load_config(config) if config is not None else None
        store = open_store(url)
        mem: Memory | None = None
        try:
            with store.read() as tx:
                latest = tx.latest_config()
                embedded_by = tx.get_meta("embedder")
                stored = cfgmod.Config.model_validate(latest[1]) if latest else None
                changed = new_cfg if new_cfg is not None and (stored is None or stored.to_dict() != new_cfg.to_dict()) \
                    else None
                if changed is not None:
                    cfgmod.check_label_history([(v, cfgmod.Config.model_validate(doc))
                                                for v, _, doc in tx.config_history()], changed)
            cfg = new_cfg or stored or cfgmod.Config()
            spec = embedder if embedder is not None else cfg.memory.embedder
            if is_default_embedder(spec) and not reembed:  # a store a former default embedded keeps it
                spec = default_embedder_for(embedded_by)
            emb = cls._resolve_embedder(spec)
            mdl = cls._resolve_model(model if model is not None else cfg.memory.model)
            mem = cls(store, config=cfg, embedder=emb, model=mdl, clock=clock, embed_history=embed_history)
            if latest is not None and stored is not None:
                mem.policy.set_default(latest[0], stored)
                mem.policy.configs.note(None, latest[0], stored)
            if changed is not None:  # in force now, stored below (or by the first write, deferred)
                mem.policy.defer_default(changed)
            mem._check_embedder(embedded_by, reembed)
            mem._check_analyzer()
            if not defer_config:
                mem.policy.store_deferred()
            if expire_on_open:
                mem.expire()
        except BaseException:
            if mem is not None:
                mem.close()
            else:
                store.close()
            raise
        return mem

    @staticmethod
    def _resolve_embedder(spec: Embedder | str | None) -> Embedder:
        if spec is not None and not isinstance(spec, str):
            return spec
        return load_embedder(spec)

    @staticmethod
    def _resolve_model(spec: Model | str | None) -> Model | None:
        if spec is None or not isinstance(spec, str):
            return spec
        return load_model(spec)

    def _check_embedder(self, have: str | None, reembed: bool) -> None:
        """``have``: the store's ``embedder`` meta (set by the first commit that writes vectors), read at open."""
        want = self.runtime.embedder_id
        if have is not None and have != want:
            if not reembed:
                raise EmbedderMismatch(
                    f"this memory's vectors come from {have}, the configured embedder is {want}; "
                    "open with reembed=True to re-embed everything with the new model", field="embedder")
            self.reembed()

    def _check_analyzer(self) -> None:
        """Stored term lists made by another version of ``core.text.index_terms`` are re-derived now (no model
        runs: the analyser is plain code), so stored and query terms always come from one analyser."""
        with self.store.read() as tx:
            have = tx.get_meta("analyzer")
        if have != textmod.ANALYZER:
            with self.store.write() as tx:
                tx.reanalyse(textmod.ANALYZER, textmod.index_terms)

    def with_config(self, config: cfgmod.Config, *, version: int | None = None) -> Memory:
        """A view under one (already validated) config, for every agent, sharing this memory's store, embedder,
        model, clock and history indexer; used per request by the HTTP server (``version`` is the stored
        version it derives from, stamped on records). The view borrows the base's runtime: closing it stops
        only what the view itself started (its job worker), never the base's store or indexer: it is a
        pinned policy over the base's runtime."""
        view = Memory.__new__(Memory)
        view._assemble(self.runtime, self.policy.pin(version, config), owns_runtime=False)
        return view

    def close(self) -> None:
        """Stop the job worker; a memory opened with :meth:`open` also closes its indexer and store."""
        self.stop_worker()
        if self._owns_runtime:
            self.runtime.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def now(self) -> datetime:
        return self.runtime.now()

    # -- configuration ---------------------------------------------------------------------------------------
    @property
    def config(self) -> cfgmod.Config:
        """The database-wide default configuration (what agents without their own use); on a view
        (:meth:`with_config`), the one it pins. What an agent uses is :meth:`config_for`."""
        return self.policy.default()[1]

    def config_for(self, agent: str | None) -> cfgmod.Config:
        """The configuration in force for ``agent``: its own newest version, else the database-wide default."""
        return self.config_in_force(agent)[1]

    def config_version(self, agent: str | None = None) -> int | None:
        """The stored version number of the configuration in force for ``agent`` (None: never stored)."""
        return self.config_in_force(agent)[0]

    def config_in_force(self, agent: str | None) -> tuple[int | None, cfgmod.Config]:
        """(stored version, configuration) in force for ``agent``, read together."""
        return self.policy.in_force(agent)

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
            self.policy.set_default(version, new)
        return version

    def store_deferred_config(self) -> int | None:
        """Store the configuration :meth:`open` deferred (``defer_config=True``) unless a turn already has; returns
        the stored version of the database-wide default in force (None: none was ever stored)."""
        self.policy.store_deferred()
        return self.policy.default()[0]

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
             agent_version: str | None = None, extract: bool = True, read_only: bool = False) -> Turn:
        """One transaction: events, records, uses written inside commit together or not at all.

        ``read_only``: its searches and reads work, its writes raise (a subagent's turn, read-only tools);
        ``extract`` False: nothing is extracted when it commits."""
        return Turn(self.runtime, self.policy, self.retrieval, self.reads, scope, at_end=self.extraction,
                    preview=preview, turn_id=turn_id, agent_version=agent_version, read_only=read_only,
                    extract=extract)

    # -- short-term events ---------------------------------------------------------------------------------
    def append(self, scope: Scope, messages: Sequence[dict[str, Any]]) -> builtins.list[Event]:
        """Store messages, tool calls and tool results as events of the scope's session."""
        with self.turn(scope) as t:
            t.append(messages)
        return t.appended

    def events(self, scope: Scope, limit: int = 50, *, before: datetime | None = None,
               after: datetime | None = None, preview: bool = False) -> builtins.list[Event]:
        """The session's events, oldest first: the last ``limit`` (before ``before``), or the first after
        ``after``. Expired events are never returned; events of preview turns only with ``preview``."""
        return self.reads.events(scope, limit, before=before, after=after, preview=preview)

    def get_event(self, scope: Scope, event_id: str, *, preview: bool = False) -> Event:
        """One event of the session (NotFound once expired, or for another session's)."""
        return self.reads.get_event(scope, event_id, preview=preview)

    def delete_events(self, scope: Scope, ids: Sequence[str]) -> int:
        """Hard-delete these events of the session (at most ``validate.MAX_IDS`` ids, checked before anything is
        deleted) and drop their ids from records' ``source_event_ids``, as expiry does; returns how many went."""
        self.policy.check_event_rights(scope, write=True)
        wanted = validate.ids(ids)
        with self.store.write() as tx:
            return tx.delete_events(scope.agent, scope.actor, scope.session, wanted)

    def sessions(self, scope: Scope, limit: int = 100) -> builtins.list[dict[str, Any]]:
        """Sessions of the scope's actor (or of every actor of the agent when the scope has none)."""
        self.policy.check_event_rights(scope, write=False)
        with self.store.read() as tx:
            return tx.list_sessions(scope.agent, scope.actor, limit=validate.limit(limit))

    def actors(self, scope: Scope, limit: int = 100) -> builtins.list[dict[str, Any]]:
        """Actors of the scope's agent that have events, most recently active first: ``actor``, ``sessions``,
        ``events``, ``first_at``, ``last_at`` (preview events left out). A scope with an actor sees only it."""
        self.policy.check_event_rights(scope, write=False)
        limit = validate.limit(limit)
        with self.store.read() as tx:
            if scope.actor is None:
                return tx.list_actors(scope.agent, limit=limit)
            own = tx.list_sessions(scope.agent, scope.actor, limit=ACTOR_SESSIONS)
        if not own:
            return []
        return [{"actor": scope.actor, "sessions": len(own), "events": sum(s["events"] for s in own),
                 "first_at": min(s["first_at"] for s in own), "last_at": max(s["last_at"] for s in own)}]

    def expire(self, *, dry_run: bool = False) -> int:
        """Hard-delete events engram stored more than their agent's ``eventExpiryDuration`` days ago (whatever
        their ``at``), and drop their ids from records' ``source_event_ids``; returns how many events went
        (``dry_run``: would go), and logs it. Never runs by itself unless asked (see :mod:`engram.expiry`)."""
        return expiry.sweep(self.store, self.policy, dry_run=dry_run)

    def search_history(self, scope: Scope, query: str, limit: int = 5, *, include_tools: bool | None = None,
                       mode: str | None = None, preview: bool = False, min_score: float | None = None
                       ) -> builtins.list[Hit]:
        """Rank the session's earlier events by keywords, meaning, neighbouring turns, time and recency.

        Candidates come from the session's lexical and vector indexes; in hybrid mode the best of them are
        scored together with the events appended right before and after them (see :mod:`engram.retrieval`
        and :mod:`engram.core.fusion`). Events of preview turns are searched only by a preview read
        (``preview=True``; see :mod:`engram.preview`). Scores are absolute: events scoring below
        ``min_score`` (default ``harness.memory.search.min_score``, else 0.2) are left out, so an off-topic
        query finds nothing.
        """
        return self.retrieval.search_history(scope, query, limit, include_tools=include_tools, mode=mode,
                                             preview=preview, min_score=min_score)

    @property
    def cosine_scale(self) -> fusion.CosineScale:
        """Where this embedder's cosines sit (its own ``cosine_scale`` if it has one), for absolute scores."""
        return self.runtime.cosine_scale

    # -- long-term records -----------------------------------------------------------------------------------
    def remember(self, who: Scope, summary: str, content: str | None = None, *, kind: str | None = None,
                 labels: dict[str, str] | None = None, scope: str = "session", namespace: str | None = None,
                 replaces: str | None = None, preview: bool = False, pin: bool = False) -> Record:
        """Write a record at level ``scope`` (session | actor | agent) for ``who``; ``replaces`` supersedes."""
        with self.turn(who, preview=preview, extract=False) as t:
            t.remember(summary, content, kind=kind, labels=labels, scope=scope, namespace=namespace,
                       replaces=replaces, pin=pin)
        return t.written[-1]  # as committed: a configuration the commit stored is named in its provenance

    def remember_many(self, who: Scope, items: Sequence[dict[str, Any]], *,
                      preview: bool = False) -> builtins.list[Record]:
        """Write several records in one transaction (all or nothing), without extraction; at most
        ``validate.MAX_BATCH``."""
        validate.items(items, "items", validate.MAX_BATCH, "records")
        return self.batch(who, create=items, preview=preview)["created"]

    def batch(self, who: Scope, *, create: Sequence[dict[str, Any]] = (), update: Sequence[dict[str, Any]] = (),
              delete: Sequence[str] = (), preview: bool = False) -> dict[str, builtins.list[Record]]:
        """Create, update and delete records in one transaction, without extraction.

        An update names a record ``id`` and the fields that change; it writes a new record that supersedes
        the old one (fields not given are kept), so the old value stays readable in history. At most
        ``validate.MAX_BATCH`` writes in all, checked before anything is read or written.
        """
        validate.batch_ops(create, update, delete)
        fields = {"summary", "content", "kind", "labels", "scope", "namespace", "replaces", "pin"}
        out: dict[str, builtins.list[Record]] = {"created": [], "updated": [], "deleted": []}
        with self.turn(who, preview=preview, extract=False) as t:
            for i, item in enumerate(create):
                if not isinstance(item, dict) or "summary" not in item:
                    raise ValidationError("must be an object with a summary", field=f"create[{i}]")
                extra = set(item) - fields
                if extra:
                    raise ValidationError("unknown field", field=f"create[{i}].{sorted(extra)[0]}")
                with _item_errors(f"create[{i}]"):
                    out["created"].append(t.remember(**item))
            for i, item in enumerate(update):
                if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                    raise ValidationError("must be an object with the id of the record to update",
                                          field=f"update[{i}].id")
                extra = set(item) - {"id", "summary", "content", "kind", "labels"}
                if extra:
                    raise ValidationError("unknown field", field=f"update[{i}].{sorted(extra)[0]}")
                old = t.active_record(item["id"], f"update[{i}].id")
                with _item_errors(f"update[{i}]"):
                    out["updated"].append(t.remember(
                        item.get("summary", old.summary), item.get("content", old.content),
                        kind=item.get("kind", old.kind), labels=item.get("labels", old.labels), scope=old.level,
                        namespace=old.namespace, replaces=old.id))
            for i, rid in enumerate(delete):
                with _item_errors(f"delete[{i}]", whole="id"):
                    out["deleted"].append(t.forget(rid))
        # as committed: a configuration the commit stored (defer_config) is named in the new records' provenance
        return {**out, "created": t.as_committed(out["created"]), "updated": t.as_committed(out["updated"])}

    def ingest(self, who: Scope, messages: Sequence[dict[str, Any]], *, preview: bool = False
               ) -> builtins.list[Record]:
        """Run the configured strategies over messages straight into long-term memory, keeping no events."""
        return self.extraction.ingest(who, messages, preview=preview)

    def get(self, scope: Scope, record_id: str, *, preview: bool = False) -> Record:
        """One record visible to the scope, in any status."""
        return self.reads.get(scope, record_id, preview=preview)

    def list(self, scope: Scope, *, kind: str | Sequence[str] | None = None, labels: dict[str, str] | None = None,
             namespace: str | None = None, status: str | Sequence[str] = "active", preview: bool = False,
             pinned: bool | None = None, limit: int = 50, before: tuple[datetime, str] | None = None
             ) -> builtins.list[Record]:
        """Records visible to the scope, newest first, filtered; ``before`` continues from a (time, id).
        ``kind``: kinds the agent's configuration declares only (``harness.memory.kinds``)."""
        return self.reads.list(scope, kind=kind, labels=labels, namespace=namespace, status=status, preview=preview,
                               pinned=pinned, limit=limit, before=before)

    def history(self, scope: Scope, record_id: str) -> builtins.list[Version]:
        """Every version of a record, oldest first, with who wrote it; readable after forget/supersede."""
        validate.record_id(record_id)
        flt = self.policy.read_filter(scope, preview=True, statuses=STATUSES)
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
        return rec if preview else self.get(scope, record_id)  # as stored: its new version and updated_at

    def erase(self, scope: Scope, *, actor: str | None = None) -> EraseReport:
        """Hard-delete everything about an actor of this agent (privacy requests); report what went.

        Also the records of any level derived from the actor, the notes faces keep about it, and what lives
        outside the rows (see docs/security.md, "What erase removes"). Needs the actor's own scope or an agent-wide one
        with the ``agent`` write level; an actor with nothing stored raises :class:`NotFound`."""
        self.policy.read_filter(scope)
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
        flt = self.policy.read_filter(scope, preview=True)
        with self.store.read() as tx:
            return tx.list_uses(flt, record_id, limit=validate.limit(limit))

    def log_uses(self, scope: Scope, hits: Sequence[Hit], *, turn_id: str | None = None,
                 call_index: int = 0) -> None:
        """Log that these recalled records reached a model call (outside a turn). At most ``validate.MAX_USES``
        hits, and every id is checked before anything is read (a bad one names its place, ``hits[2].record.id``),
        and every score is in [0, 1] (``hits[2].score``); each record must be visible."""
        used = validate.hit_records(hits, most=validate.MAX_USES)
        if turn_id is not None:
            validate.caller_id(turn_id, "turn_id", "turn")
        now = self.now()
        flt = self.policy.read_filter(scope, preview=True, statuses=STATUSES)
        with self.store.read() as tx:
            visible = {r.id for r in tx.get_records(flt, [rid for _, rid, _ in used])}
        for i, rid, _ in used:
            if rid not in visible:
                raise NotFound(f"no record {rid} visible to this scope", field=f"hits[{i}].record.id")
        uses = [Use(record_id=rid, turn_id=turn_id, call_index=call_index, score=score, at=now,
                    agent=scope.agent, actor=scope.actor, session=scope.session) for _, rid, score in used]
        with self.store.write() as tx:
            tx.insert_uses(uses)

    # -- pins ------------------------------------------------------------------------------------------------
    def pinned(self, scope: Scope, *, preview: bool = False) -> builtins.list[Record]:
        """Pinned records visible to the scope (shown to every turn), newest first."""
        return self.policy.pinned(scope, preview=preview)

    def pin_budget(self, scope: Scope) -> tuple[int, int]:
        """(tokens used by pinned summaries visible to the scope, the budget)."""
        return self.policy.pin_budget(scope)

    def pin(self, scope: Scope, record_id: str) -> Record:
        """Show a record to every turn, within ``pinned.max_tokens``; needs write access to its level.

        A pinned record that is replaced passes its pin to its successor (the replace is refused with
        :class:`PinBudgetExceeded` when the successor would not fit); a deleted one leaves the pins."""
        rec = self.get(scope, record_id)
        check_write_level(scope, rec.level, self.config_for(scope.agent).memory.scope.write)
        if rec.status != "active":
            raise ValidationError(f"record {record_id} is {rec.status}; only active records can be pinned",
                                  field="id")
        if rec.pinned:
            return rec
        self.policy.check_pin_budget(scope, [rec])
        self._set_pinned(scope, rec, True)
        return self.get(scope, record_id)

    def unpin(self, scope: Scope, record_id: str) -> Record:
        rec = self.get(scope, record_id)
        check_write_level(scope, rec.level, self.config_for(scope.agent).memory.scope.write)
        if rec.pinned:
            self._set_pinned(scope, rec, False)
        return self.get(scope, record_id)

    def _set_pinned(self, scope: Scope, rec: Record, pinned: bool) -> None:
        """Pin or unpin ``rec`` as a new version (op ``pin``/``unpin``), so its history shows when it was pinned;
        refused when the record left active since it was read (only an active record is pinned)."""
        flt = self.policy.read_filter(scope, statuses=STATUSES)
        version_in_force = self.config_version(scope.agent)
        with self.store.write() as tx:
            cur = tx.get_record(flt, rec.id)
            if cur is None:
                raise NotFound(f"no record {rec.id} visible to this scope", field="id")
            if pinned and cur.status != "active":
                raise ConflictError(f"record {rec.id} became {cur.status}; only active records can be pinned",
                                    field="id")
            now, version = self.now(), cur.version + 1
            tx.update_record(cur.id, pinned=pinned, version=version, updated_at=now)
            tx.insert_version(Version(record_id=cur.id, version=version, op="pin" if pinned else "unpin",
                                      summary=cur.summary, content=cur.content, kind=cur.kind, labels=cur.labels,
                                      status=cur.status, at=now,
                                      provenance=Provenance(session=scope.session, actor=scope.actor,
                                                            config_version=version_in_force)))

    # -- recall ------------------------------------------------------------------------------------------------
    def recall(self, scope: Scope, query: str, limit: int | None = None, *, mode: str | None = None,
               min_score: float | None = None, kind: str | Sequence[str] | None = None,
               labels: dict[str, str] | None = None, namespace: str | None = None,
               preview: bool = False) -> builtins.list[Hit]:
        """The records that best match ``query``, scores in [0, 1], best first.

        Scores are absolute (comparable across queries); hits below ``min_score`` (default
        ``harness.memory.search.min_score``, else 0.2) are left out, so an off-topic query recalls nothing. A
        namespace with a retrieval config (``topK``, ``relevanceScore``) uses those as defaults. ``kind``:
        kinds the agent's configuration declares only (``harness.memory.kinds``).
        """
        return self.retrieval.recall(scope, query, limit, mode=mode, min_score=min_score, kind=kind,
                                     labels=labels, namespace=namespace, preview=preview)

    # -- extraction and jobs (engram.extraction, engram.jobs) -------------------------------------------------
    def extract(self, scope: Scope, *, preview: bool = False) -> builtins.list[Record]:
        """Run the configured strategies on the session's events not yet extracted; return records written."""
        return self.extraction.extract(scope, preview=preview)

    def jobs(self, scope: Scope, *, status: str | None = None, limit: int = 50, actor: str | None = None,
             session: str | None = None, before: tuple[datetime, str] | None = None) -> builtins.list[Job]:
        """The agent's extraction jobs, newest first; ``status``, ``actor``, ``session``: only those (filtered
        before ``limit``, so a page is never short); ``before``: the ``(created_at, id)`` of the last job seen,
        for the next page."""
        return self._jobs.jobs(scope, status=status, limit=limit, actor=actor, session=session, before=before)

    def retry_job(self, scope: Scope, job_id: str) -> Job:
        """Put a failed job back to pending."""
        return self._jobs.retry(scope, job_id)

    def run_jobs(self, *, agent: str | None = None, worker: str | None = None, max_jobs: int = 100,
                 lease_seconds: float = 300.0, max_attempts: int = 3) -> int:
        """Process pending extraction jobs until none is left (or ``max_jobs``); returns how many ran.
        ``agent``: that agent's jobs alone (None: every agent's, as a store-wide worker runs them)."""
        return self._jobs.run(agent=agent, worker=worker, max_jobs=max_jobs, lease_seconds=lease_seconds,
                              max_attempts=max_attempts)

    def start_worker(self, *, interval: float = 0.5) -> None:
        """Process jobs on a background thread until :meth:`stop_worker` (finishes the job in hand)."""
        self._jobs.start(interval=interval)

    def stop_worker(self) -> None:
        self._jobs.stop()

    def stop_threads(self) -> None:
        """Stop the job worker (the interpreter-exit hook, see :mod:`engram.lifecycle`; the indexer has its own)."""
        self._jobs.stop()

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
            tx.set_meta("embedder", self.runtime.embedder_id)
        return done
