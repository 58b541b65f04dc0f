"""``engram.Client``: the HTTP API with the method names, arguments and return types of :class:`Memory`.

Every method takes the caller's :class:`Scope` first and returns the same dataclasses the engine does,
rebuilt from JSON. A scope picks the path depth: ``Scope(agent)`` uses the agent paths, ``Scope(agent,
actor)`` the actor paths, ``Scope(agent, actor, session)`` the session paths. Errors come back as the
engram error classes the server raised (by the ``type`` of the JSON error body); a server that cannot be
reached is a :class:`~engram.errors.StoreError`.
"""

from __future__ import annotations

import builtins
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

import httpx

from .config import Config
from .errors import StoreError, ValidationError
from .http.errors import error_from
from .types import EraseReport, Event, Hit, Job, Provenance, Record, Scope, ScoreParts, ToolCall, Use, Version


def _dt(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def _event(d: dict[str, Any]) -> Event:
    return Event(id=d["id"], agent=d["agent"], actor=d["actor"], session=d["session"], seq=d["seq"], role=d["role"],
                 content=d["content"], at=_dt(d["at"]), metadata=d.get("metadata") or {},
                 tool_calls=tuple(ToolCall(c["id"], c["name"], c.get("arguments") or {})
                                  for c in d.get("tool_calls") or ()),
                 tool_call_id=d.get("tool_call_id"), name=d.get("name"), turn_id=d.get("turn_id"),
                 stored_at=_dt(d["stored_at"]) if d.get("stored_at") else None)


def _prov(d: dict[str, Any] | None) -> Provenance:
    d = d or {}
    return Provenance(turn_id=d.get("turn_id"), agent_version=d.get("agent_version"), session=d.get("session"),
                      actor=d.get("actor"), strategy=d.get("strategy"),
                      source_event_ids=tuple(d.get("source_event_ids") or ()),
                      config_version=d.get("config_version"))


def _record(d: dict[str, Any]) -> Record:
    return Record(id=d["id"], agent=d["agent"], actor=d["actor"], session=d["session"], level=d["level"],
                  namespace=d["namespace"], kind=d["kind"], summary=d["summary"], content=d["content"],
                  labels=d.get("labels") or {}, status=d["status"], preview=d["preview"],
                  created_at=_dt(d["created_at"]), updated_at=_dt(d["updated_at"]), version=d["version"],
                  replaces=d.get("replaces"), superseded_by=d.get("superseded_by"), deletes=d.get("deletes"),
                  pinned=d.get("pinned", False), provenance=_prov(d.get("provenance")))


def _version(d: dict[str, Any]) -> Version:
    return Version(record_id=d["record_id"], version=d["version"], op=d["op"], summary=d["summary"],
                   content=d["content"], kind=d["kind"], labels=d.get("labels") or {}, status=d["status"],
                   at=_dt(d["at"]), provenance=_prov(d.get("provenance")))


def _hit(d: dict[str, Any]) -> Hit:
    parts = d.get("parts") or {}
    return Hit(score=d["score"], record=_record(d["record"]) if d.get("record") else None,
               event=_event(d["event"]) if d.get("event") else None,
               parts=ScoreParts(**{k: parts.get(k) for k in ScoreParts.__dataclass_fields__}))


def _use(d: dict[str, Any]) -> Use:
    return Use(record_id=d["record_id"], turn_id=d.get("turn_id"), call_index=d["call_index"], score=d["score"],
               at=_dt(d["at"]), agent=d["agent"], actor=d.get("actor"), session=d.get("session"))


def _job(d: dict[str, Any]) -> Job:
    return Job(id=d["id"], kind=d["kind"], agent=d["agent"], actor=d.get("actor"), session=d.get("session"),
               status=d["status"], attempts=d["attempts"], error=d.get("error"), payload=d.get("payload") or {},
               created_at=_dt(d["created_at"]), updated_at=_dt(d["updated_at"]))


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def _seg(value: str) -> str:
    return quote(value, safe="")


def _prefix(scope: Scope) -> str:
    if not isinstance(scope, Scope):
        raise ValidationError("must be an engram.Scope", field="scope")
    path = f"/v1/agents/{_seg(scope.agent)}"
    if scope.actor is not None:
        path += f"/actors/{_seg(scope.actor)}"
    if scope.session is not None:
        path += f"/sessions/{_seg(scope.session)}"
    return path


def _session(scope: Scope) -> str:
    if not isinstance(scope, Scope) or scope.session is None:
        raise ValidationError("needs a session scope (agent, actor and session)", field="scope.session")
    return _prefix(scope)


class Client:
    """A client of one engram server: ``Client("http://127.0.0.1:8420", key="egk_...")``."""

    def __init__(self, base_url: str, key: str | None = None, *, timeout: float = 30.0,
                 transport: httpx.BaseTransport | None = None) -> None:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._http = httpx.Client(base_url=base_url.rstrip("/"), headers=headers, timeout=timeout,
                                  transport=transport)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _call(self, method: str, path: str, *, json: Any = None, params: Any = None) -> Any:
        try:
            resp = self._http.request(method, path, json=json, params=params)
        except httpx.TransportError as exc:
            raise StoreError(f"cannot reach the engram server: {type(exc).__name__}: {exc}") from exc
        try:
            payload = resp.json() if resp.content else None
        except ValueError:
            payload = None
        if resp.status_code >= 400:
            raise error_from(resp.status_code, payload)
        return payload

    # -- service ------------------------------------------------------------------------------------------
    def health(self) -> dict[str, Any]:
        return dict(self._call("GET", "/v1/health"))

    def whoami(self) -> dict[str, Any]:
        """The grant of this client's key."""
        return dict(self._call("GET", "/v1/key"))

    @property
    def config(self) -> Config:
        return Config.model_validate(self._call("GET", "/v1/config")["config"])  # a stored, whole config

    def set_config(self, config: Any) -> int:
        doc = config.to_dict() if isinstance(config, Config) else config
        return int(self._call("PUT", "/v1/config", json={"config": doc})["version"])

    def config_for(self, agent: str) -> Config:
        """The configuration in force for ``agent`` (its own, else the default)."""
        return Config.model_validate(self._call("GET", f"/v1/agents/{quote(agent, safe='')}/config")["config"])

    def config_version(self, agent: str | None = None) -> int | None:
        path = f"/v1/agents/{quote(agent, safe='')}/config" if agent is not None else "/v1/config"
        got = self._call("GET", path)["version"]
        return int(got) if got is not None else None

    def configure(self, agent: str | None, config: Any, *, update: bool | None = None) -> int:
        """Store a new configuration version for ``agent`` (PUT, or PATCH with ``update=True``)."""
        doc = config.to_dict() if isinstance(config, Config) else config
        if agent is None:
            return self.set_config(doc)
        from .config_shapes import is_update_wrapper

        method = "PATCH" if update or (update is None and is_update_wrapper(doc)) else "PUT"
        got = self._call(method, f"/v1/agents/{quote(agent, safe='')}/config", json={"config": doc})["version"]
        return int(got)

    def config_history(self, agent: str | None = None) -> list[tuple[int, datetime, dict[str, Any]]]:
        path = f"/v1/agents/{quote(agent, safe='')}/config/history" if agent is not None else "/v1/config/history"
        return [(int(v["version"]), _dt(v["at"]), v["config"]) for v in self._call("GET", path)["versions"]]

    # -- short-term events --------------------------------------------------------------------------------
    def append(self, scope: Scope, messages: Sequence[dict[str, Any]]) -> list[Event]:
        body = {"messages": [_jsonable(dict(m)) if isinstance(m, dict) else m for m in messages]}
        return [_event(e) for e in self._call("POST", _session(scope) + "/events", json=body)["events"]]

    def events(self, scope: Scope, limit: int = 50, *, before: datetime | None = None,
               after: datetime | None = None) -> list[Event]:
        """The session's events, oldest first: the last ``limit`` (before ``before``), or the first after
        ``after``."""
        return self.events_page(scope, limit, before=before, after=after)[0]

    def events_page(self, scope: Scope, limit: int = 50, *, before: datetime | None = None,
                    after: datetime | None = None, role: Sequence[str] | None = None,
                    page_token: str | None = None) -> tuple[list[Event], str | None]:
        """One page of events and the token of the next (None at the end)."""
        params: dict[str, Any] = {"limit": limit}
        if before is not None:
            params["before"] = before.isoformat()
        if after is not None:
            params["after"] = after.isoformat()
        if role:
            params["role"] = list(role)
        if page_token:
            params["page_token"] = page_token
        got = self._call("GET", _session(scope) + "/events", params=params)
        return [_event(e) for e in got["events"]], got.get("next_page_token")

    def iter_events(self, scope: Scope, *, page_size: int = 200, after: datetime | None = None,
                    before: datetime | None = None) -> Iterator[Event]:
        """Every event of the session (after ``after``, before ``before``), oldest first, page by page."""
        token: str | None = None
        start = after or datetime(1970, 1, 1, tzinfo=UTC)
        while True:
            page, token = self.events_page(scope, page_size, before=before, after=start, page_token=token)
            yield from page
            if token is None:
                return

    def get_event(self, scope: Scope, event_id: str) -> Event:
        return _event(self._call("GET", f"{_session(scope)}/events/{_seg(event_id)}"))

    def delete_events(self, scope: Scope, ids: Sequence[str]) -> int:
        from .errors import NotFound

        n = 0
        for event_id in ids:
            try:
                n += int(self._call("DELETE", f"{_session(scope)}/events/{_seg(event_id)}")["deleted"])
            except NotFound:
                continue
        return n

    def sessions(self, scope: Scope, limit: int = 100) -> list[dict[str, Any]]:
        got = self._call("GET", _prefix(Scope(scope.agent, scope.actor)) + "/sessions", params={"limit": limit})
        return [{**s, "first_at": _dt(s["first_at"]), "last_at": _dt(s["last_at"])} for s in got["sessions"]]

    def actors(self, scope: Scope, limit: int = 100) -> list[dict[str, Any]]:
        got = self._call("GET", _prefix(Scope(scope.agent)) + "/actors", params={"limit": limit})
        return [{**a, "last_at": _dt(a["last_at"])} for a in got["actors"]]

    def search_history(self, scope: Scope, query: str, limit: int = 5, *, include_tools: bool | None = None,
                       mode: str | None = None) -> list[Hit]:
        body = {"query": query, "limit": limit, "include_tools": include_tools, "mode": mode}
        return [_hit(h) for h in self._call("POST", _session(scope) + "/history/search", json=body)["hits"]]

    # -- long-term records ----------------------------------------------------------------------------------
    def remember(self, who: Scope, summary: str, content: str | None = None, *, kind: str = "fact",
                 labels: dict[str, str] | None = None, scope: str = "session", namespace: str | None = None,
                 replaces: str | None = None, preview: bool = False, pin: bool = False) -> Record:
        body = {"summary": summary, "content": content, "kind": kind, "labels": labels, "scope": scope,
                "namespace": namespace, "replaces": replaces, "preview": preview, "pin": pin}
        return _record(self._call("POST", _prefix(who) + "/records", json=body))

    def remember_many(self, who: Scope, items: Sequence[dict[str, Any]], *, preview: bool = False) -> list[Record]:
        ops = [{"op": "create", "scope": "session", **item} for item in items]
        got = self._call("POST", _prefix(who) + "/records/batch", json={"ops": ops, "preview": preview})
        return [_record(r) for r in got["records"]]

    def batch(self, who: Scope, ops: Sequence[dict[str, Any]], *, preview: bool = False) -> list[Record]:
        """Create (``{"op": "create", ...}``), update (``{"op": "update", "id", "summary", ...}``) and delete
        (``{"op": "delete", "id"}``) records in one transaction."""
        got = self._call("POST", _prefix(who) + "/records/batch", json={"ops": list(ops), "preview": preview})
        return [_record(r) for r in got["records"]]

    def get(self, scope: Scope, record_id: str, *, preview: bool = False) -> Record:
        return _record(self._call("GET", f"{_prefix(scope)}/records/{_seg(record_id)}",
                                  params={"preview": preview}))

    def list(self, scope: Scope, *, kind: str | Sequence[str] | None = None, labels: dict[str, str] | None = None,
             namespace: str | None = None, status: str | Sequence[str] = "active", preview: bool = False,
             pinned: bool | None = None, limit: int = 50, page_token: str | None = None) -> builtins.list[Record]:
        """Records visible to the scope, newest first (see :meth:`list_page` to continue)."""
        return self.list_page(scope, kind=kind, labels=labels, namespace=namespace, status=status,
                              preview=preview, pinned=pinned, limit=limit, page_token=page_token)[0]

    def list_page(self, scope: Scope, *, kind: str | Sequence[str] | None = None,
                  labels: dict[str, str] | None = None, namespace: str | None = None,
                  status: str | Sequence[str] = "active", preview: bool = False, pinned: bool | None = None,
                  limit: int = 50, page_token: str | None = None) -> tuple[builtins.list[Record], str | None]:
        params: dict[str, Any] = {"limit": limit, "preview": preview,
                                  "status": [status] if isinstance(status, str) else list(status)}
        if kind is not None:
            params["kind"] = [kind] if isinstance(kind, str) else list(kind)
        if labels:
            params["label"] = [f"{k}:{v}" for k, v in labels.items()]
        if namespace is not None:
            params["namespace"] = namespace
        if pinned is not None:
            params["pinned"] = pinned
        if page_token:
            params["page_token"] = page_token
        got = self._call("GET", _prefix(scope) + "/records", params=params)
        return [_record(r) for r in got["records"]], got.get("next_page_token")

    def history(self, scope: Scope, record_id: str) -> builtins.list[Version]:
        got = self._call("GET", f"{_prefix(scope)}/records/{_seg(record_id)}/history")
        return [_version(v) for v in got["versions"]]

    def forget(self, scope: Scope, record_id: str, *, preview: bool = False) -> Record:
        return _record(self._call("DELETE", f"{_prefix(scope)}/records/{_seg(record_id)}",
                                  params={"preview": preview}))

    def erase(self, scope: Scope, *, actor: str | None = None) -> EraseReport:
        target = actor or scope.actor
        if target is None:
            raise ValidationError("erase needs an actor", field="actor")
        d = self._call("DELETE", _prefix(Scope(scope.agent, target)))
        return EraseReport(agent=d["agent"], actor=d["actor"], events=d["events"], records=d["records"],
                           versions=d["versions"], uses=d["uses"], jobs=d["jobs"],
                           derived_records=d.get("derived_records", 0), provenance=d.get("provenance", 0),
                           cursors=d.get("cursors", 0), term_stats=d.get("term_stats", 0),
                           index_files=d.get("index_files", 0))

    def uses(self, scope: Scope, record_id: str, limit: int = 100) -> builtins.list[Use]:
        got = self._call("GET", f"{_prefix(scope)}/records/{_seg(record_id)}/uses", params={"limit": limit})
        return [_use(u) for u in got["uses"]]

    def log_uses(self, scope: Scope, hits: Sequence[Hit], *, turn_id: str | None = None,
                 call_index: int = 0) -> None:
        uses = [{"record_id": h.record.id, "score": h.score} for h in hits if h.record is not None]
        if uses:
            self._call("POST", _prefix(scope) + "/uses",
                       json={"uses": uses, "turn_id": turn_id, "call_index": call_index})

    # -- pins ---------------------------------------------------------------------------------------------
    def pin(self, scope: Scope, record_id: str) -> Record:
        return _record(self._call("PUT", f"{_prefix(scope)}/records/{_seg(record_id)}/pin"))

    def unpin(self, scope: Scope, record_id: str) -> Record:
        return _record(self._call("DELETE", f"{_prefix(scope)}/records/{_seg(record_id)}/pin"))

    def pinned(self, scope: Scope, *, preview: bool = False) -> builtins.list[Record]:
        got = self._call("GET", _prefix(scope) + "/pins", params={"preview": preview})
        return [_record(r) for r in got["records"]]

    def pin_budget(self, scope: Scope) -> tuple[int, int]:
        got = self._call("GET", _prefix(scope) + "/pins")
        return int(got["used_tokens"]), int(got["budget_tokens"])

    # -- recall -------------------------------------------------------------------------------------------
    def recall(self, scope: Scope, query: str, limit: int | None = None, *, mode: str | None = None,
               min_score: float | None = None, kind: str | Sequence[str] | None = None,
               labels: dict[str, str] | None = None, namespace: str | None = None,
               preview: bool = False) -> builtins.list[Hit]:
        body = {"query": query, "limit": limit, "mode": mode, "min_score": min_score,
                "kind": kind if kind is None or isinstance(kind, str) else list(kind), "labels": labels,
                "namespace": namespace, "preview": preview}
        return [_hit(h) for h in self._call("POST", _prefix(scope) + "/recall", json=body)["hits"]]

    # -- extraction and jobs ----------------------------------------------------------------------------------
    def extract(self, scope: Scope, *, preview: bool = False) -> builtins.list[Record]:
        got = self._call("POST", _session(scope) + "/extract", json={"preview": preview})
        return [_record(r) for r in got["records"]]

    def jobs(self, scope: Scope, *, status: str | None = None, limit: int = 50) -> builtins.list[Job]:
        params: dict[str, Any] = {"limit": limit}
        if status is not None:
            params["status"] = status
        got = self._call("GET", _prefix(Scope(scope.agent, scope.actor)) + "/jobs", params=params)
        return [_job(j) for j in got["jobs"]]

    def retry_job(self, scope: Scope, job_id: str) -> Job:
        return _job(self._call("POST", f"{_prefix(Scope(scope.agent))}/jobs/{_seg(job_id)}/retry"))
