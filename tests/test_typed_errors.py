"""Issue 13, item 5 and the NaN note: hostile input gets a typed error naming the field, never a driver error or
a 500. On every backend."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from engram import ConflictError, Hit, Memory, NotFound, Scope, ValidationError
from engram.core import validate
from engram.keys import create_key
from engram.turn import new_id
from engram.types import Job
from tests.support.http_app import AC, SE, make_env

S1 = Scope("bot", "u1", "s1")
EXTREMES = ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00"]
MANY = 200
LABELS = {f"l{i}": {"number": i + 1, "description": f"label {i}"} for i in range(MANY)}
CONFIG = {"harness": {"memory": {
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "labels": LABELS}}}


@pytest.mark.parametrize("at", EXTREMES)
def test_extreme_times_are_validation_errors(make_memory: Callable[..., Memory], at: str) -> None:
    mem = make_memory(CONFIG)
    with pytest.raises(ValidationError) as err:
        mem.append(S1, [{"role": "user", "content": "hi", "at": at}])
    assert err.value.field == "messages[0].at"
    for name in ("before", "after"):
        with pytest.raises(ValidationError) as err:
            mem.events(S1, **{name: datetime.fromisoformat(at)})
        assert err.value.field == name
    assert mem.events(S1) == []


def test_label_and_kind_filters_are_bounded(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG)
    mem.remember(S1, "a fact", labels={"l0": "x"})
    filters = {f"l{i}": "x" for i in range(MANY)}
    with pytest.raises(ValidationError) as err:
        mem.list(S1, labels=filters)
    assert err.value.field == "labels"
    with pytest.raises(ValidationError) as err:
        mem.recall(S1, "fact", labels=filters)
    assert err.value.field == "labels"
    with pytest.raises(ValidationError) as err:
        mem.list(S1, kind=[f"k{i}" for i in range(5000)])
    assert err.value.field == "kind"
    assert len(mem.list(S1, labels={"l0": "x"}, status=["active"] * 5000)) == 1  # repeated statuses collapse
    with pytest.raises(ValidationError):
        mem.delete_events(S1, [f"e_{i}" for i in range(50_000)])


def test_a_duplicate_key_hash_is_a_conflict(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG)
    _, grant = create_key(mem.store, "bot")
    twin = dataclasses.replace(grant, id="another")
    with pytest.raises(ConflictError), mem.store.write() as tx:
        tx.insert_key(twin)


def test_metadata_nan_and_infinity_are_refused(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG)
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ValidationError) as err:
            mem.append(S1, [{"role": "user", "content": "hi", "metadata": {"score": [1.0, bad]}}])
        assert err.value.field == "messages[0].metadata.score[1]"
        with pytest.raises(ValidationError):
            mem.append(S1, [{"role": "assistant", "content": "", "tool_calls": [
                {"id": "c1", "name": "f", "arguments": {"x": bad}}]}])
    assert mem.events(S1) == []
    ok = mem.append(S1, [{"role": "user", "content": "hi", "metadata": {"score": 0.1 + 0.2}}])
    assert mem.events(S1)[0].metadata == ok[0].metadata == {"score": 0.1 + 0.2}


def test_metadata_and_tool_arguments_are_bounded_like_content(make_memory: Callable[..., Memory]) -> None:
    """A framework's session state rides in event metadata: 2 MB of it was stored without complaint."""
    from engram.core.validate import MAX_METADATA

    mem = make_memory(CONFIG)
    big = {"state": "x" * MAX_METADATA}
    with pytest.raises(ValidationError) as err:
        mem.append(S1, [{"role": "user", "content": "hi"}, {"role": "user", "content": "", "metadata": big}])
    assert err.value.field == "messages[1].metadata"
    with pytest.raises(ValidationError) as err:
        call = {"id": "c1", "name": "f", "arguments": big}
        mem.append(S1, [{"role": "assistant", "content": "", "tool_calls": [call]}])
    assert err.value.field == "messages[0].tool_calls[0].arguments"
    assert mem.events(S1) == [], "nothing of a refused call is stored"
    fits = {"state": "x" * (MAX_METADATA - 20)}
    assert mem.append(S1, [{"role": "user", "content": "hi", "metadata": fits}])[0].metadata == fits


@pytest.mark.anyio
async def test_http_gets_4xx_not_500(make_memory: Callable[..., Memory]) -> None:
    env = make_env(make_memory(CONFIG))
    async with env.client("admin") as c:
        for at in EXTREMES:
            r = await c.post(SE + "/events", json={"messages": [{"role": "user", "content": "x", "at": at}]})
            assert r.status_code == 422, r.text
            for name in ("before", "after"):
                r = await c.get(SE + "/events", params={name: at})
                assert r.status_code == 422, r.text
        labels = {f"l{i}": "x" for i in range(MANY)}
        r = await c.post(SE + "/recall", json={"query": "fact", "labels": labels})
        assert r.status_code == 422, r.text
        r = await c.get(AC + "/records", params={"label": [f"l{i}:x" for i in range(MANY)]})
        assert r.status_code == 422, r.text
        body = '{"messages": [{"role": "user", "content": "x", "metadata": {"v": NaN}}]}'
        r = await c.post(SE + "/events", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 422, r.text
        r = await c.get(SE + "/events")
        assert r.status_code == 200 and r.json()["events"] == []


LONE = "half of a pair \ud83d"  # a lone surrogate: a Python str can hold one, UTF-8 cannot encode it


@pytest.mark.parametrize(("call", "field"), [
    (lambda m: m.append(S1, [{"role": "user", "content": LONE}]), "messages[0].content"),
    (lambda m: m.append(S1, [{"role": "user", "content": "x", "metadata": {"k": LONE}}]), "messages[0].metadata.k"),
    (lambda m: m.append(S1, [{"role": "tool", "content": "x", "tool_call_id": LONE}]), "messages[0].tool_call_id"),
    (lambda m: m.append(S1, [{"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": LONE}]}]),
     "messages[0].tool_calls[0].name"),
    (lambda m: m.remember(S1, LONE), "summary"),
    (lambda m: m.remember(S1, "a fact", labels={"l0": LONE}), "labels.l0"),
    (lambda m: m.recall(S1, LONE), "query"),
])
def test_a_lone_surrogate_is_a_validation_error(make_memory: Callable[..., Memory], call: Callable[[Memory], object],
                                                field: str) -> None:
    """Before, SQLite's driver raised an untyped UnicodeEncodeError, and PostgreSQL named no field."""
    mem = make_memory(CONFIG)
    with pytest.raises(ValidationError) as err:
        call(mem)
    assert err.value.field == field and "lone surrogate" in str(err.value)
    assert mem.events(S1) == [] and mem.list(S1) == []


LONG = "r" * (validate.MAX_ID + 1)  # one past the longest id a caller may name


@pytest.mark.parametrize("bad", ["r\x00x", "", 5, "r\ud800", LONG])
@pytest.mark.parametrize("call", ["get", "history", "forget", "pin", "unpin", "chain", "uses"])
def test_a_bad_record_id_is_a_validation_error_on_every_backend(make_memory: Callable[..., Memory], call: str,
                                                               bad: object) -> None:
    """A NUL, an empty id, a number or an id over ``MAX_ID`` characters was NotFound on SQLite and, on
    PostgreSQL, an error naming no field (or a StoreError): the same typed error naming ``id`` on both now, and
    nothing is written."""
    mem = make_memory()
    scope = Scope(agent="bot", actor="ana", session="s1")
    kept = mem.remember(scope, "Likes tea")
    with pytest.raises(ValidationError) as err:
        getattr(mem, call)(scope, bad)
    assert err.value.field == "id"
    assert [r.id for r in mem.list(scope)] == [kept.id] and mem.get(scope, kept.id).status == "active"


def _state(mem: Memory, *scopes: Scope) -> object:
    """Everything the scopes can see: records in every status with their versions and uses, events, jobs."""
    statuses = ("active", "superseded", "deleted")
    return [(r, mem.history(s, r.id), mem.uses(s, r.id), mem.events(s, preview=True), mem.jobs(s))
            for s in scopes for r in mem.list(s, status=statuses, preview=True, limit=1000)]


def _failed_job(mem: Memory, scope: Scope) -> str:
    now = mem.now()
    job = Job(id=new_id("j_"), kind="extract", agent=scope.agent, actor=scope.actor, session=scope.session,
              status="pending", attempts=0, error=None, payload={}, created_at=now, updated_at=now)
    with mem.store.write() as tx:
        tx.enqueue_job(job)
        tx.fail_job(job.id, "the model was down", now, retry=False)
    return job.id


ID_CALLS: dict[str, tuple[Callable[[Memory, Scope, str], object], str]] = {
    "replaces": (lambda m, s, i: m.remember(s, "Likes coffee", replaces=i), "replaces"),
    "batch update": (lambda m, s, i: m.batch(s, update=[{"id": i, "summary": "Likes coffee"}]), "update[0].id"),
    "batch delete": (lambda m, s, i: m.batch(s, create=[{"summary": "Likes coffee"}], delete=[i]), "delete[0]"),
    "turn id": (lambda m, s, i: m.turn(s, turn_id=i), "turn_id"),
    "uses turn id": (lambda m, s, i: m.log_uses(s, [], turn_id=i), "turn_id"),
    "event": (lambda m, s, i: m.get_event(s, i), "id"),
    "events to delete": (lambda m, s, i: m.delete_events(s, [m.events(s)[0].id, i]), "ids[1]"),
    "job": (lambda m, s, i: m.retry_job(s, i), "id"),
}


@pytest.mark.parametrize("call", ID_CALLS)
def test_every_id_a_caller_names_is_bounded_on_every_backend(make_memory: Callable[..., Memory], call: str) -> None:
    """Records named by ``replaces`` and batch items, turn, event and job ids: one over ``validate.MAX_ID`` is a
    ValidationError naming the field on both backends, and nothing is written for either agent; one at the
    bound is an id like any other (not found, or used as given)."""
    mem = make_memory(CONFIG)
    bot, rival = Scope("bot", "u1", "s1"), Scope("rival", "u1", "s1")
    for scope in (bot, rival):
        mem.remember(scope, "Likes tea")
        mem.append(scope, [{"role": "user", "content": "I like tea"}])
        _failed_job(mem, scope)
    run, field = ID_CALLS[call]
    before = _state(mem, bot, rival)
    with pytest.raises(ValidationError) as err:
        run(mem, bot, LONG)
    assert err.value.field == field and str(validate.MAX_ID) in err.value.message
    assert _state(mem, bot, rival) == before
    try:
        run(mem, bot, LONG[1:])
    except ValidationError as exc:
        raise AssertionError(f"an id of {validate.MAX_ID} characters was refused: {exc}") from exc
    except NotFound:
        pass


def test_a_turn_id_at_the_bound_is_kept_as_given(make_memory: Callable[..., Memory]) -> None:
    mem = make_memory(CONFIG)
    turn_id = "t" * validate.MAX_ID
    with mem.turn(S1, turn_id=turn_id) as t:
        t.append([{"role": "user", "content": "I like tea"}])
    assert [e.turn_id for e in mem.events(S1)] == [turn_id]


@pytest.mark.parametrize("bad", ["", "r\x00x", 5, "r\ud800", LONG])
def test_log_uses_checks_each_hit_before_reading(make_memory: Callable[..., Memory], bad: object) -> None:
    """A bad record id in a hit is a ValidationError naming its place (``hits[1].record.id``) on both backends,
    never NotFound (the visibility read would say that) nor a driver error; the same in a turn. A hit naming
    another agent's record is NotFound naming it. Nothing is logged for either agent."""
    mem = make_memory(CONFIG)
    bot, rival = Scope("bot", "u1", "s1"), Scope("rival", "u1", "s1")
    mine, theirs = mem.remember(bot, "Likes tea"), mem.remember(rival, "Likes tea")
    forged = Hit(score=0.5, record=dataclasses.replace(mine, id=bad))  # type: ignore[arg-type]
    with pytest.raises(ValidationError) as err:
        mem.log_uses(bot, [Hit(score=0.9, record=mine), forged])
    assert err.value.field == "hits[1].record.id"
    with pytest.raises(ValidationError) as err, mem.turn(bot) as t:
        t.log_uses([Hit(score=0.9, record=mine), forged])
    assert err.value.field == "hits[1].record.id"
    with pytest.raises(ValidationError) as err:
        mem.log_uses(bot, [Hit(score=0.9, record=mine), "r_1"])  # type: ignore[list-item]
    assert err.value.field == "hits[1]"
    with pytest.raises(NotFound) as nf:
        mem.log_uses(bot, [Hit(score=0.9, record=mine), Hit(score=0.9, record=theirs)])
    assert nf.value.field == "hits[1].record.id"
    assert mem.uses(bot, mine.id) == [] and mem.uses(rival, theirs.id) == []
    mem.log_uses(bot, [Hit(score=0.9, record=mine)], turn_id="t-1")
    assert [(u.record_id, u.turn_id, u.agent) for u in mem.uses(bot, mine.id)] == [(mine.id, "t-1", "bot")]
    assert mem.uses(rival, theirs.id) == []


NOW = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
BAD_CURSORS: list[tuple[object, str]] = [
    ("2026-01-02", "before"),  # a string, not a pair
    ((NOW,), "before"),
    ((NOW, "r_1", 3), "before"),
    (5, "before"),
    (("not a time", "r_1"), "before[0]"),
    ((1_700_000_000, "r_1"), "before[0]"),
    ((datetime(1, 1, 1, tzinfo=UTC), "r_1"), "before[0]"),
    ((NOW, "r\x00x"), "before[1]"),
    ((NOW, "r\ud800"), "before[1]"),
    ((NOW, 5), "before[1]"),
    ((NOW, ""), "before[1]"),
    ((NOW, LONG), "before[1]"),
]


@pytest.mark.parametrize(("cursor", "field"), BAD_CURSORS)
@pytest.mark.parametrize("listing", ["list", "jobs"])
def test_a_bad_paging_cursor_is_a_validation_error_on_every_backend(make_memory: Callable[..., Memory],
                                                                     listing: str, cursor: object, field: str) -> None:
    """``before`` of :meth:`Memory.list` and :meth:`Memory.jobs` is a ``(created_at, id)`` pair: anything else,
    a time that is no datetime or lies outside the supported range, an id with a NUL, a lone surrogate, of the
    wrong type or over ``MAX_ID`` was an AttributeError, IndexError, UnicodeEncodeError or a driver's error; now a
    ValidationError naming ``before`` or its part, on both backends, with nothing changed for either agent."""
    mem = make_memory(CONFIG)
    bot, rival = Scope("bot", "u1", "s1"), Scope("rival", "u1", "s1")
    for scope in (bot, rival):
        mem.remember(scope, "Likes tea")
        _failed_job(mem, scope)
    before = _state(mem, bot, rival)
    with pytest.raises(ValidationError) as err:
        getattr(mem, listing)(bot, before=cursor)
    assert err.value.field == field
    assert _state(mem, bot, rival) == before


@pytest.mark.parametrize("listing", ["list", "jobs"])
def test_a_good_paging_cursor_pages_as_given_on_every_backend(make_memory: Callable[..., Memory],
                                                              listing: str) -> None:
    """A cursor taken from a page continues after it; its time may be naive (UTC, as everywhere in engram) or an
    ISO-8601 string, and a list works like a tuple. Another agent's items never show."""
    mem = make_memory(CONFIG)
    bot, rival = Scope("bot", "u1", "s1"), Scope("rival", "u1", "s1")
    for scope in (bot, rival):
        for i in range(3):
            mem.remember(scope, f"Fact {i}")
            _failed_job(mem, scope)
    items: list[Any] = getattr(mem, listing)(bot)
    assert len(items) == 3
    last = items[0]
    naive = last.created_at.astimezone(UTC).replace(tzinfo=None)
    for cursor in [(last.created_at, last.id), (naive, last.id), [last.created_at.isoformat(), last.id]]:
        assert [x.id for x in getattr(mem, listing)(bot, before=cursor)] == [x.id for x in items[1:]], cursor


def test_a_bad_job_status_is_a_validation_error_on_every_backend(make_memory: Callable[..., Memory]) -> None:
    """The status a jobs listing filters by is one of ``JOB_STATUSES``: a NUL or a lone surrogate was a driver
    error, an unknown word an empty page; a ValidationError naming ``status`` now."""
    mem = make_memory(CONFIG)
    _failed_job(mem, S1)
    for bad in ("\x00", "fail\ud800", "bogus", 5):
        with pytest.raises(ValidationError) as err:
            mem.jobs(S1, status=bad)  # type: ignore[arg-type]
        assert err.value.field == "status"
    assert [j.status for j in mem.jobs(S1, status="failed")] == ["failed"]


BAD_SCORES: list[object] = [math.nan, math.inf, -math.inf, -0.01, 1.01, 2**70, 10**400, "0.5", None, True]


@pytest.mark.parametrize("score", BAD_SCORES, ids=repr)
def test_log_uses_checks_each_hit_score(make_memory: Callable[..., Memory], score: object) -> None:
    """A record hit's score is a number from 0 to 1, as ``Hit.score`` is documented: NaN, infinities, one
    outside [0, 1], a huge integer, a string, None or a bool was stored as given, or a driver's error (SQLite's
    NOT NULL, integer overflow, PostgreSQL's cast); now a ValidationError naming ``hits[1].score`` on both
    backends, outside a turn and in one, and nothing is logged for either agent. 0 and 1 are scores."""
    mem = make_memory(CONFIG)
    bot, rival = Scope("bot", "u1", "s1"), Scope("rival", "u1", "s1")
    mine, theirs = mem.remember(bot, "Likes tea"), mem.remember(rival, "Likes tea")
    bad = Hit(score=score, record=mine)  # type: ignore[arg-type]
    with pytest.raises(ValidationError) as err:
        mem.log_uses(bot, [Hit(score=0.9, record=mine), bad])
    assert err.value.field == "hits[1].score" and "0 to 1" in err.value.message
    with pytest.raises(ValidationError) as err, mem.turn(bot) as t:
        t.log_uses([Hit(score=0.9, record=mine), bad])
    assert err.value.field == "hits[1].score"
    assert mem.uses(bot, mine.id) == [] and mem.uses(rival, theirs.id) == []
    mem.log_uses(bot, [Hit(score=0, record=mine), Hit(score=1, record=mine)])
    assert sorted(u.score for u in mem.uses(bot, mine.id)) == [0.0, 1.0]
    assert mem.uses(rival, theirs.id) == []


@pytest.mark.parametrize(("kw", "field"), [({"status": 5}, "status"), ({"status": ["active", None]}, "status"),
                                           ({"pinned": "yes"}, "pinned"), ({"pinned": 1}, "pinned")])
def test_list_filters_of_the_wrong_type_are_validation_errors(make_memory: Callable[..., Memory],
                                                               kw: dict[str, object], field: str) -> None:
    """A status that is no string or list was a TypeError, and a ``pinned`` that is no bool a PostgreSQL cast
    error; a ValidationError naming the filter on both backends now."""
    mem = make_memory(CONFIG)
    rec = mem.remember(S1, "Likes tea")
    with pytest.raises(ValidationError) as err:
        mem.list(S1, **kw)  # type: ignore[arg-type]
    assert err.value.field == field
    assert [r.id for r in mem.list(S1, pinned=False)] == [rec.id]


# -- the engine's bounds on a record kind and a namespace (validate.MAX_KIND, validate.MAX_NAMESPACE) -------------
LONGEST_KIND = "k" * validate.MAX_KIND
LONGEST_NAMESPACE = ("/" + "n" * 63) * (validate.MAX_NAMESPACE // 64)  # segments are ids: at most 128 characters
assert len(LONGEST_NAMESPACE) == validate.MAX_NAMESPACE
KINDS_CONFIG = {"harness": {"memory": {**CONFIG["harness"]["memory"], "kinds": ["fact", LONGEST_KIND]}}}
BOUND_CALLS: dict[str, tuple[Callable[[Memory, Scope, str], object], str, str]] = {
    "remember kind": (lambda m, s, v: m.remember(s, "Likes tea", kind=v), "kind", "kind"),
    "remember namespace": (lambda m, s, v: m.remember(s, "Likes tea", scope="agent", namespace=v), "namespace",
                           "namespace"),
    "batch create kind": (lambda m, s, v: m.batch(s, create=[{"summary": "Likes tea", "kind": v}]),
                          "create[0].kind", "kind"),
    "batch create namespace": (lambda m, s, v: m.batch(s, create=[{"summary": "Likes tea", "scope": "agent",
                                                                   "namespace": v}]), "create[0].namespace",
                               "namespace"),
    "batch update kind": (lambda m, s, v: m.batch(s, update=[{"id": m.list(s)[0].id, "kind": v}]),
                          "update[0].kind", "kind"),
    "turn kind": (lambda m, s, v: _in_turn(m, s, kind=v), "kind", "kind"),
    "list kind": (lambda m, s, v: m.list(s, kind=v), "kind", "kind"),
    "list kinds": (lambda m, s, v: m.list(s, kind=["fact", v]), "kind[1]", "kind"),
    "list namespace": (lambda m, s, v: m.list(s, namespace=v), "namespace", "namespace"),
    "recall kind": (lambda m, s, v: m.recall(s, "tea", kind=v), "kind", "kind"),
    "recall kinds": (lambda m, s, v: m.recall(s, "tea", kind=[v]), "kind[0]", "kind"),
    "recall namespace": (lambda m, s, v: m.recall(s, "tea", namespace=v), "namespace", "namespace"),
}


def _in_turn(mem: Memory, scope: Scope, **kw: Any) -> object:
    with mem.turn(scope) as t:
        return t.remember("Likes tea", **kw)


@pytest.mark.parametrize("call", BOUND_CALLS)
def test_a_kind_and_a_namespace_are_bounded_by_the_engine_on_every_backend(make_memory: Callable[..., Memory],
                                                                           call: str) -> None:
    """One character past ``validate.MAX_KIND`` (a kind written or filtered by) or ``validate.MAX_NAMESPACE`` (a
    namespace written to or filtered by) is a ValidationError naming the field and stating the bound, from the
    engine itself, whichever call carries it (HTTP, the CLI, MCP and AgentCore call these), and nothing is
    written; a value at the bound is taken. An empty kind filter is refused too (no record has an empty kind)."""
    mem = make_memory(KINDS_CONFIG)
    scope = Scope("bot", "u1", "s1")
    mem.remember(scope, "Likes coffee")
    run, field, what = BOUND_CALLS[call]
    longest = LONGEST_KIND if what == "kind" else LONGEST_NAMESPACE
    before = _state(mem, scope)
    with pytest.raises(ValidationError) as err:
        run(mem, scope, longest + "x")
    bound = validate.MAX_KIND if what == "kind" else validate.MAX_NAMESPACE
    rule = f"1-{bound} characters (a record kind)" if what == "kind" else f"at most {bound} characters (a namespace)"
    assert (type(err.value), err.value.field, err.value.message) == (ValidationError, field, f"must be {rule}")
    assert _state(mem, scope) == before
    run(mem, scope, longest)
    if what == "kind" and not call.startswith(("remember", "batch", "turn")):
        with pytest.raises(ValidationError) as err:
            run(mem, scope, "")
        assert err.value.field == field


@pytest.mark.parametrize(("memory", "field", "rule"), [
    ({"kinds": ["fact", "k" * (validate.MAX_KIND + 1)]}, "harness.memory.kinds", f"1-{validate.MAX_KIND}"),
    ({"strategies": [{"type": "SEMANTIC", "namespace": "/" + "n" * validate.MAX_NAMESPACE}]},
     "harness.memory.strategies.0.namespace", f"at most {validate.MAX_NAMESPACE}"),
    ({"retrieval": {"/" + "n" * validate.MAX_NAMESPACE: {"topK": 5}}}, "harness.memory.retrieval",
     f"at most {validate.MAX_NAMESPACE}"),
])
def test_a_configuration_is_held_to_the_same_bounds(make_memory: Callable[..., Memory], memory: dict[str, Any],
                                                    field: str, rule: str) -> None:
    """The kinds and namespace templates a configuration names are held to the engine's bounds, so none it
    accepts is one the engine then refuses; one past them is a ConfigError naming its place, nothing stored."""
    from engram.errors import ConfigError

    mem = make_memory(CONFIG)
    versions = mem.config_history()
    with pytest.raises(ConfigError) as err:
        mem.set_config({"harness": {"memory": {**CONFIG["harness"]["memory"], **memory}}})
    assert err.value.field == field and rule in err.value.message
    assert mem.config_history() == versions
