"""Black-box round 3, the web inspector in real headless Chromium against a real ``engram serve`` (no job worker, so
nothing moves on its own), two keys on one store: an agent-wide admin key and a key bound to actor ``cust-42``.

A bare ``#/records/<id>`` opens an actor's record for the agent-wide key (and puts the actor in the address); an
address no page answers says so; an actor id with nothing stored says so; the Pins page offers Unpin only where the
key may unpin; after a retry the job's row shows the server's new ``updated_at``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.turn import new_id
from engram.types import Job
from tests.support.browser import engram, launched, playwright_or_skip, serve
from tests.support.servers import stop

sync_api = playwright_or_skip()

AGENT, ANA = "support-bot", "cust-42"
CONFIG = {"harness": {"memory": {
    "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
    "pinned": {"max_tokens": 200}}}}


@dataclass
class Site:
    base: str
    admin: str
    ana: str
    ids: dict[str, str]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    tmp = tmp_path_factory.mktemp("round3")
    url = f"sqlite:///{tmp / 'engram.db'}"
    mem = Memory.open(url, config=CONFIG, embedder=HashingEmbedder())
    try:
        s1 = Scope(AGENT, ANA, "s1")
        mem.append(s1, [{"role": "user", "content": "Please email me about order 1042."}])
        ids = {"actor": mem.remember(s1, "Prefers email over phone", kind="guidance", scope="actor", pin=True).id,
               "agent": mem.remember(Scope(AGENT), "Support hours are 9-17 CET", scope="agent", pin=True).id}
        now = mem.now()
        job = Job(id=new_id("j_"), kind="extract", agent=AGENT, actor=ANA, session="s1", status="failed", attempts=3,
                  error="ModelError: provider unavailable (503)", payload={}, created_at=now, updated_at=now)
        with mem.store.write() as tx:
            tx.enqueue_job(job)
        ids["job"] = job.id
    finally:
        mem.close()
    admin = json.loads(engram("keys", "create", "--db", url, "--agent", AGENT, "--delete", "--admin"))["key"]
    ana = json.loads(engram("keys", "create", "--db", url, "--agent", AGENT, "--actor", ANA))["key"]
    with open(tmp / "serve.log", "w") as log:
        proc, base = serve(url, log, "--no-worker")
        try:
            yield Site(base, admin, ana, ids)
        finally:
            stop(proc)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched(sync_api) as b:
        yield b


@pytest.fixture
def page(browser: Any, site: Site) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 860}, base_url=site.base)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    ctx.close()
    assert not errors, errors


def signed_in(pg: Any, key: str) -> Any:
    """Sign ``key`` in; the page's main region."""
    pg.goto("/ui")
    pg.get_by_label("API key").fill(key)
    pg.get_by_role("button", name="Sign in").click()
    pg.get_by_role("navigation", name="Sections").wait_for()
    return pg.locator("#main")


def expect(locator: Any) -> Any:
    sync_api.expect.set_options(timeout=15_000)
    return sync_api.expect(locator)


def test_a_bare_record_address_opens_an_actors_record_for_an_agent_wide_key(page: Any, site: Site) -> None:
    main = signed_in(page, site.admin)
    page.goto(f"/ui#/records/{site.ids['actor']}")
    expect(main.locator(".summary-big")).to_have_text("Prefers email over phone")
    assert page.url.endswith(f"#/records/{site.ids['actor']}?actor={ANA}")  # the address now says whose it is
    page.reload()
    expect(main.locator(".summary-big")).to_have_text("Prefers email over phone")


def test_an_unknown_address_and_an_unknown_actor_are_said_to_be_so(page: Any, site: Site) -> None:
    main = signed_in(page, site.admin)
    page.goto("/ui#/bogus")
    expect(main.get_by_role("heading", name="No such page")).to_be_visible()
    expect(main).to_contain_text("#/bogus")
    page.goto("/ui#/actors/nobody")
    expect(main.locator("#profile-empty")).to_contain_text("engram holds nothing about actor nobody")


def test_pins_offer_unpin_only_where_the_key_may_unpin(page: Any, site: Site) -> None:
    main = signed_in(page, site.ana)
    page.goto("/ui#/pins")
    rows = main.locator("tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="Prefers email").get_by_role("button", name="Unpin")).to_have_count(1)
    expect(rows.filter(has_text="Support hours").get_by_role("button")).to_have_count(0)  # agent level: no Unpin
    page.goto(f"/ui#/records/{site.ids['agent']}")  # nor Pin/Unpin on the record's own page
    expect(main.locator(".summary-big")).to_have_text("Support hours are 9-17 CET")
    expect(main.get_by_role("button", name="Unpin")).to_have_count(0)


def test_a_retried_jobs_row_shows_when_the_server_changed_it(page: Any, site: Site) -> None:
    main = signed_in(page, site.admin)
    page.goto("/ui#/jobs")
    row = main.locator("tbody tr").filter(has=page.locator(f'code[title="{site.ids["job"]}"]'))
    before = row.locator(".job-updated time").get_attribute("datetime")
    with page.expect_response(lambda r: r.url.endswith(f"/jobs/{site.ids['job']}/retry")) as answer:
        row.get_by_role("button", name="Retry").click()
    after = answer.value.json()
    assert after["updated_at"] != before
    expect(row.locator(".job-status")).to_have_text("pending")
    expect(row.locator(".job-updated time")).to_have_attribute("datetime", after["updated_at"])
