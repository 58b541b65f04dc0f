"""End to end: the web inspector in real headless Chromium against a real ``engram serve`` on 127.0.0.1.

Chromium is Debian's (``.ci/browser.sh`` installs it); Playwright only drives it (``executable_path``),
it never downloads a browser. The flows: sign in, find a record, follow its supersede chain, read a
session's timeline, run a recall, retry a failed job, see a config error inline, erase an actor; and the
same flows with a key for another actor, which must see nothing of the first; every page at 420 px; an
actor's profile; Swagger UI at /docs with no CDN. Screenshots of the main pages land in a temporary
directory; ``ENGRAM_UI_SCREENSHOTS=refresh`` writes them to ``docs/screenshots/`` instead (the committed
images change only when someone asks), ``ENGRAM_UI_SCREENSHOTS=0`` skips them.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from engram import Memory, Scope
from engram.embedders import HashingEmbedder
from engram.turn import new_id
from engram.types import Hit, Job
from tests.support.browser import ROOT, engram, launched, playwright_or_skip, serve
from tests.support.servers import stop

sync_api = playwright_or_skip()

DOC_SHOTS = ROOT / "docs" / "screenshots"
NARROW = 420  # a phone: every signed-in page must fit this width
AGENT = "support-bot"
ANA = "cust-42"      # the first actor: everything the flows look at
BOB = "cust-7"       # another actor: his key must see nothing of Ana
TWISP_SESSION = "acct-991"  # a session with no actor
XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'
CONFIG = {"harness": {
    "memory": {
        "scope": {"read": ["session", "actor", "agent"], "write": ["session", "actor", "agent"]},
        "labels": {"customer_id": {"number": 5, "description": "The customer the memory is about."},
                   "ticket": {"number": 6, "description": "Support ticket id."}},
        "pinned": {"max_tokens": 40},
    },
    "history": {"index": "messages_and_tools"},
}}


@dataclass
class Site:
    url: str
    base: str
    admin_key: str
    bob_key: str
    ids: dict[str, str] = field(default_factory=dict)


def _tool_result() -> str:
    lines = [{"sku": f"SKU-{i:04d}", "name": f"Ceramic mug, batch {i}", "status": "damaged" if i == 3 else "ok"}
             for i in range(60)]
    return json.dumps({"order": 1042, "customer": ANA, "lines": lines}, indent=1)


def seed(url: str) -> dict[str, str]:
    """Fill a fresh database through the Python API; return the ids the flows look for."""
    ids: dict[str, str] = {}
    s1 = Scope(AGENT, ANA, "2026-11-28-refund")
    s2 = Scope(AGENT, ANA, "2026-11-29-follow-up")
    mem = Memory.open(url, config=CONFIG, embedder=HashingEmbedder())
    try:
        mem.append(s2, [{"role": "user", "content": "Did the refund for order 1042 go through?"}])
        # An extraction job that failed its three attempts, as the worker leaves one when the provider is down.
        now = mem.now()
        job = Job(id=new_id("j_"), kind="extract", agent=AGENT, actor=ANA, session=s2.session, status="failed",
                  attempts=3, error="ModelError: provider unavailable (503)", payload={"turn_id": "t_demo"},
                  created_at=now, updated_at=now)
        with mem.store.write() as tx:
            tx.enqueue_job(job)
        ids["job"] = job.id
        mem.append(s1, [
            {"role": "user", "content": "Hi, order 1042 arrived broken. Please email me, I never pick up the phone.",
             "metadata": {"ticket": "T-7"}},
            {"role": "assistant", "content": "Let me look that order up.",
             "tool_calls": [{"id": "call_1", "name": "lookup_order", "arguments": {"order": 1042}}]},
            {"role": "tool", "name": "lookup_order", "tool_call_id": "call_1", "content": _tool_result(),
             "metadata": {"offloaded": True, "tokens": 2400}},  # as the harness marks a result it set aside
            {"role": "assistant", "content": "I issued a refund of 35 EUR for order 1042; you'll get an email."},
        ])
        mem.append(s1, [{"role": "user", "content": XSS}])
        chat = Scope(AGENT, ANA, "2026-11-27-long-chat")
        mem.append(chat, [{"role": "user" if i % 2 == 0 else "assistant", "content": f"Line {i} of a long chat"}
                          for i in range(130)])
        labels = {"customer_id": "42"}
        r1 = mem.remember(s1, "Prefers phone calls in the morning", kind="guidance", labels=labels, scope="actor")
        r2 = mem.remember(s1, "Prefers email over phone", kind="guidance", labels=labels, scope="actor",
                          replaces=r1.id)
        r3 = mem.remember(s2, "Prefers email; never call, not even about refunds", kind="guidance",
                          labels=labels, scope="actor", replaces=r2.id)
        ids.update(r1=r1.id, r2=r2.id, r3=r3.id)
        mem.log_uses(s2, [Hit(score=0.83, record=r3)], turn_id="t_demo_reply", call_index=0)
        mem.log_uses(s2, [Hit(score=0.61, record=r3)], turn_id="t_demo_reply", call_index=1)
        pin = mem.remember(s1, "Allergic to peanuts", kind="fact", labels=labels, scope="actor", pin=True)
        mem.pin(s2, r3.id)
        ids["pin"] = pin.id
        mem.remember(s1, "Refund of 35 EUR issued for order 1042", kind="event", labels={"ticket": "T-7"},
                     scope="session")
        mem.remember(s1, "Would rather be texted", kind="guidance", scope="actor", preview=True)
        xss = mem.remember(s1, XSS, content="<b>not bold</b> javascript:alert(1)", kind="fact", scope="actor")
        ids["xss"] = xss.id
        cities = ["Lisbon", "Porto", "Madrid", "Lyon", "Turin", "Ghent", "Graz", "Cork"]
        things = ["a teapot", "two mugs", "a kettle", "a vase", "six plates"]
        mem.remember_many(s1, [{"summary": f"Order {n} with {things[n % 5]} shipped to {cities[n % 8]}",
                                "kind": "event", "scope": "actor"} for n in range(2000, 2080)])
        mem.remember(Scope(AGENT), "Support hours are 9:00-17:00 CET", kind="reference", scope="agent")
        acct = Scope(AGENT, session=TWISP_SESSION)  # a session of the agent alone (Twisp): no actor
        mem.append(acct, [{"role": "user", "content": "Review account 991: two disputed card charges"}])
        mem.remember(acct, "Account 991 disputes two card charges", kind="fact", scope="session")
        b = Scope(AGENT, BOB, "2026-11-29-bob")
        mem.append(b, [{"role": "user", "content": "I moved to Porto, please update my address."}])
        mem.remember(b, "Lives in Porto", kind="fact", scope="actor")
    finally:
        mem.close()
    return ids


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    tmp = tmp_path_factory.mktemp("ui")
    url = f"sqlite:///{tmp / 'engram.db'}"
    ids = seed(url)
    admin = json.loads(engram("keys", "create", "--db", url, "--agent", AGENT, "--delete", "--admin",
                            "--name", "support lead"))["key"]
    bob = json.loads(engram("keys", "create", "--db", url, "--agent", AGENT, "--actor", BOB))["key"]
    log = open(tmp / "serve.log", "w")  # noqa: SIM115 (closed after the server stops)
    proc, base = serve(url, log)
    try:
        yield Site(url, base, admin, bob, ids)
    finally:
        stop(proc)
        log.close()
        served = (tmp / "serve.log").read_text()
        assert admin not in served and bob not in served, "a key reached the server log"


SHOTS: list[Path] = []  # where shot() writes: set once per module by the browser fixture


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    mode = os.environ.get("ENGRAM_UI_SCREENSHOTS", "tmp")
    SHOTS[:] = [] if mode == "0" else [DOC_SHOTS if mode == "refresh" else tmp_path_factory.mktemp("shots")]
    with launched(sync_api) as b:
        yield b


@pytest.fixture
def page(browser: Any, site: Site) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1366, "height": 860}, color_scheme="light",
                              base_url=site.base, service_workers="block")
    ctx.set_default_timeout(5_000)
    pg = ctx.new_page()
    problems: list[str] = []
    pg.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    pg.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
          if m.type == "error" and "Failed to load resource" not in m.text else None)
    requests: list[str] = []
    pg.on("request", lambda r: requests.append(r.url))
    yield pg
    ctx.close()
    assert not problems, problems  # no JS error, no CSP violation
    for u in requests:
        assert u.startswith(site.base), f"a request left engram: {u}"
        assert "egk_" not in u, "a key was put in a URL"


def shot(pg: Any, name: str) -> None:
    """Save a screenshot of the page, scrolled to the top (to a temporary directory unless asked to refresh
    the README's images)."""
    for folder in SHOTS:
        folder.mkdir(parents=True, exist_ok=True)
        pg.evaluate("document.getElementById('main') && document.getElementById('main').scrollTo(0, 0)")
        pg.screenshot(path=str(folder / f"{name}.png"))


def sign_in(pg: Any, key: str) -> None:
    pg.goto("/ui")
    pg.get_by_label("API key").fill(key)
    pg.get_by_role("button", name="Sign in").click()
    pg.get_by_role("navigation", name="Sections").wait_for()


def main(pg: Any) -> Any:
    return pg.locator("#main")


def expect(locator: Any) -> Any:
    """Playwright's ``expect``, waiting up to 15 s (not 5): a page drawn on a loaded 2-core box is slow, not wrong."""
    sync_api.expect.set_options(timeout=15_000)
    return sync_api.expect(locator)


# -- flows with the agent-wide admin key ------------------------------------------------------------------------
def test_sign_in_keeps_the_key_in_session_storage_only(page: Any, site: Site) -> None:
    page.goto("/ui")
    expect(page.get_by_role("heading", name="engram inspector")).to_be_visible()
    shot(page, "sign-in")
    page.get_by_label("API key").fill("egk_0000000000000000_" + "x" * 43)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#signin-error")).to_contain_text("unknown, revoked or malformed")
    sign_in(page, site.admin_key)
    expect(page.locator(".grant")).to_contain_text(f"agent {AGENT}")
    assert page.evaluate("sessionStorage.getItem('engram.key')") == site.admin_key
    assert page.evaluate("localStorage.length === 0 || !Object.values(localStorage).join().includes('egk_')")
    assert "egk_" not in page.url
    page.reload()  # the tab keeps its session
    expect(page.get_by_role("navigation", name="Sections")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_label("API key")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('engram.key')") is None


def test_a_page_still_loading_never_rewrites_the_next_pages_address(page: Any, site: Site) -> None:
    # The landing list of actors is held back at the network edge while the user follows a link elsewhere; when
    # it finally loads, it must not put its own (empty) query on the new page's address. It did: under load a
    # record opened as #/records/<id>?actor=... lost its actor and answered "not visible to this scope".
    held: list[Any] = []
    page.route(re.compile(r"/actors\?"), lambda route: held.append(route))
    sign_in(page, site.admin_key)
    page.wait_for_function("() => document.querySelector('#main .loading') !== null")
    assert held, "the landing page did not ask for its actors"
    page.goto(f"/ui#/records/{site.ids['xss']}?actor={ANA}")
    expect(main(page).locator(".summary-big")).to_have_text(XSS)
    with page.expect_response(re.compile(r"/actors\?")):
        for r in held:
            r.continue_()
    page.wait_for_timeout(500)  # the stale view renders right after its response; give it time to (wrongly) act
    assert page.url.endswith(f"?actor={ANA}"), page.url
    page.reload()  # the address still says whose record this is
    expect(main(page).locator(".summary-big")).to_have_text(XSS)


def test_find_a_record_and_follow_its_supersede_chain(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.goto(f"/ui#/records?actor={ANA}")
    table = main(page).locator("table")
    expect(table.locator("tbody tr").nth(1)).to_contain_text("Order 2079")  # newest first
    expect(table.locator("tbody tr")).to_have_count(50)
    main(page).get_by_role("button", name="Older →").click()
    expect(table).to_contain_text("Allergic to peanuts")
    main(page).get_by_role("button", name="← Newer").click()
    expect(table).to_contain_text("Order 2079")
    shot(page, "records")
    # filters: kind and status
    main(page).get_by_label("Kind").select_option("guidance")
    expect(table.locator("tbody tr")).to_have_count(1)
    expect(table).to_contain_text("never call")
    main(page).get_by_label("Status").select_option("superseded")
    expect(table.locator("tbody tr")).to_have_count(2)
    # search, then open the record found
    page.keyboard.press("/")
    page.keyboard.type("never call refunds")
    page.keyboard.press("Enter")
    expect(main(page)).to_contain_text("match")
    main(page).get_by_role("link", name="Prefers email; never call, not even about refunds").click()
    expect(main(page).locator(".summary-big")).to_have_text("Prefers email; never call, not even about refunds")
    versions = main(page).locator("#versions > li")
    expect(versions).to_have_count(6)  # 3 creates + 2 supersedes along the chain + its pin
    expect(main(page).locator("#versions")).to_contain_text("pin")
    expect(main(page).locator("#versions")).to_contain_text("supersede")
    expect(main(page)).to_contain_text("t_demo_reply")  # its RETRIEVED uses
    expect(main(page)).to_contain_text("0.830")
    shot(page, "record")
    # follow the chain back to the first version
    main(page).locator("#replaces").click()
    expect(main(page).locator(".summary-big")).to_have_text("Prefers email over phone")
    main(page).locator("#replaces").click()
    expect(main(page).locator(".summary-big")).to_have_text("Prefers phone calls in the morning")
    expect(main(page).locator(".badge-superseded").first).to_be_visible()
    main(page).locator("#superseded-by").click()
    expect(main(page).locator(".summary-big")).to_have_text("Prefers email over phone")


def test_session_timeline_and_history_search(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    # an agent-wide key lands on this same page: go elsewhere first, so the heading seen below is the page drawn
    # for "g a" and not the landing page that the keypress is about to redraw (which would drop the typed filter)
    page.keyboard.press("g")
    page.keyboard.press("r")
    expect(main(page).locator("#records-title")).to_be_visible()
    page.keyboard.press("g")
    page.keyboard.press("a")
    expect(main(page).get_by_role("heading", name="Actors & sessions")).to_be_visible()
    main(page).get_by_label("Search actors and sessions").fill("42")
    expect(main(page).locator("table").first.locator("tbody tr")).to_have_count(1)
    main(page).get_by_role("link", name=ANA).first.click()
    main(page).get_by_role("link", name="2026-11-28-refund").click()
    events = main(page).locator("ol.events > li")
    expect(events).to_have_count(5)
    expect(events.nth(1)).to_contain_text("lookup_order")
    tool = events.nth(2)
    expect(tool).to_contain_text("tool result")
    expect(tool).to_contain_text("offloaded · 2,400 tokens")
    tool.get_by_text("Show the full result").click()
    expect(tool.locator("details pre").first).to_contain_text("Ceramic mug, batch 59")
    shot(page, "session")
    main(page).get_by_label("Search the session history").fill("refund email")
    main(page).get_by_role("button", name="Search").click()
    expect(main(page)).to_contain_text("matches, best first")
    expect(main(page).locator("table").first).to_contain_text("I issued a refund of 35 EUR")
    # a long session pages backward from the newest events
    page.goto(f"/ui#/sessions/{ANA}/2026-11-27-long-chat")
    expect(events).to_have_count(100)
    expect(events.first).to_contain_text("Line 30 of a long chat")
    main(page).get_by_role("button", name="Load earlier events").click()
    expect(events).to_have_count(130)
    expect(events.first).to_contain_text("Line 0 of a long chat")
    expect(main(page)).to_contain_text("130 events shown, the whole session")


def test_recall_playground_shows_score_parts_and_cutoffs(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.goto(f"/ui#/recall?actor={ANA}")
    # the playground drawn for this actor's scope (a busy machine can still be drawing the landing page)
    expect(main(page).get_by_label("Actor", exact=True)).to_have_value(ANA)
    main(page).get_by_label("Query").fill("kettle shipped to Lisbon")
    main(page).get_by_label("topK (limit)").fill("5")
    main(page).get_by_role("button", name="Recall").click()
    hits = main(page).locator("#recall-hits")
    kept = hits.locator("tbody tr.row:not(.cut)")
    expect(kept).to_have_count(5)
    expect(kept.first).to_contain_text("kettle shipped to Lisbon")
    expect(hits.locator("meter.lexical").first).to_have_attribute("value", "1")
    expect(kept.locator("meter.vector")).to_have_count(5)
    expect(main(page).locator("tr.cut-line")).to_contain_text("beyond topK 5")
    expect(hits.locator("tr.cut").first).to_contain_text("cut: topK")
    shot(page, "recall")
    main(page).get_by_label("Query").fill("warranty")
    main(page).get_by_label("min_score").fill("0.9")
    main(page).get_by_role("button", name="Recall").click()
    expect(main(page)).to_contain_text("below min_score 0.900")
    # a row cut by min_score shows its real parts: the raw cosine its (floored) vector part came from
    cut = hits.locator("tr.cut", has_text="cut: min_score").first
    expect(cut.locator(".cosine")).to_have_text(re.compile(r"^0\.\d{3}$"))
    assert cut.locator(".cosine").inner_text() != "0.000"
    nums = [float(x) for x in cut.locator(".parts .num").all_inner_texts() if x != "–"]
    assert any(n > 0 for n in nums), nums


def test_pins_show_the_token_budget(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.goto(f"/ui#/pins?actor={ANA}")
    expect(main(page).locator("tbody tr")).to_have_count(2)
    expect(main(page).locator("#pin-budget")).to_contain_text("of 40 tokens")
    shot(page, "pins")


def test_retry_a_failed_job(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.keyboard.press("g")
    page.keyboard.press("j")
    main(page).get_by_label("Status").select_option("failed")
    row = main(page).locator("tbody tr").filter(has=page.locator(f'code[title="{site.ids["job"]}"]'))
    expect(row).to_contain_text("ModelError: provider unavailable")
    shot(page, "jobs")
    expect(main(page).locator("#worker-status")).to_contain_text("A job worker runs in this server")
    row.get_by_role("button", name="Retry").click()
    # engram serve runs a job worker by default: the retried job runs, and the page follows it to the end
    expect(row.locator(".job-status")).to_have_text("done", timeout=20_000)
    expect(row.locator(".job-attempts")).to_have_text("4")
    r = httpx.get(f"{site.base}/v1/agents/{AGENT}/jobs", headers={"Authorization": f"Bearer {site.admin_key}"})
    assert {j["id"]: j["status"] for j in r.json()["jobs"]}[site.ids["job"]] == "done"


def test_config_errors_are_shown_inline_and_change_nothing(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.goto("/ui#/config")
    editor = main(page).locator("#config-editor")
    expect(editor).to_have_value(re.compile('"customer_id"'))
    main(page).get_by_role("tab", name="Managed shape").click()
    expect(editor).to_have_value(re.compile("managedMemoryConfiguration"))
    bad = editor.input_value().replace('"eventExpiryDuration": 30', '"eventExpiryDuration": 0')
    editor.fill(bad)
    main(page).get_by_role("button", name="Validate and save").click()
    error = main(page).locator("#config-error")
    expect(error).to_contain_text("eventExpiryDuration")
    expect(editor).to_have_attribute("aria-invalid", "true")
    shot(page, "config")
    after = httpx.get(f"{site.base}/v1/config", headers={"Authorization": f"Bearer {site.admin_key}"}).json()
    assert after["config"]["harness"]["memory"]["pinned"]["max_tokens"] == 40


def test_untrusted_memory_text_is_never_markup(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.goto(f"/ui#/records/{site.ids['xss']}?actor={ANA}")
    expect(main(page).locator(".summary-big")).to_have_text(XSS)
    expect(main(page).locator(".content").first).to_have_text("<b>not bold</b> javascript:alert(1)")
    page.goto(f"/ui#/sessions/{ANA}/2026-11-28-refund")
    expect(main(page).locator("ol.events")).to_contain_text("<script>")
    page.goto(f"/ui#/records?actor={ANA}&q=img+onerror+script")
    expect(main(page).locator("table")).to_contain_text("onerror")
    assert page.evaluate("window.__xss === undefined")
    assert page.locator("#main img, #main script, #main b").count() == 0


def test_keyboard_and_dark_theme(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.goto(f"/ui#/records?actor={ANA}&kind=guidance&status=superseded")
    expect(main(page).locator("tbody tr")).to_have_count(2, timeout=30_000)  # a loaded 2-core CI box
    page.keyboard.press("j")
    page.keyboard.press("j")
    expect(main(page).locator('tr[aria-selected="true"]')).to_contain_text("Prefers")
    page.keyboard.press("Enter")
    expect(main(page).locator("#versions")).to_be_visible()
    page.keyboard.press("g")
    page.keyboard.press("r")
    expect(main(page).locator("table")).to_be_visible()
    page.keyboard.press("t")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    shot(page, "records-dark")
    page.keyboard.press("?")
    expect(page.get_by_role("dialog", name="Keyboard shortcuts")).to_be_visible()
    page.keyboard.press("Escape")


def test_a_local_server_without_keys_asks_which_agent(browser: Any, site: Site, tmp_path: Path) -> None:
    with open(tmp_path / "local.log", "w") as log:
        proc, base = serve(site.url, log, "--insecure-local", "--no-worker")
        try:
            ctx = browser.new_context(viewport={"width": 1366, "height": 860}, base_url=base)
            pg = ctx.new_page()
            pg.goto("/ui")
            pg.get_by_label("API key").fill("local")
            pg.get_by_role("button", name="Sign in").click()
            expect(pg.locator("#signin-error")).to_contain_text("Name the agent")
            # the server judges the id (no copy of its rule in the page): off the pattern, with '..', or one the
            # URL cannot carry as a path segment; each answer differs from the one before, so none is stale
            for bad, why in (("..", None), ("bad id", "ASCII letters"), ("a/b", None), ("a..b", "'..'")):
                pg.get_by_label("Agent to inspect").fill(bad)
                pg.get_by_role("button", name="Sign in").click()
                if why is None:
                    expect(pg.locator("#signin-error")).to_have_text("That is not a valid agent id.")
                else:
                    expect(pg.locator("#signin-error")).to_contain_text("That is not a valid agent id: ")
                    expect(pg.locator("#signin-error")).to_contain_text(why)
                assert pg.locator(".grant").count() == 0
            pg.get_by_label("Agent to inspect").fill(AGENT)
            pg.get_by_role("button", name="Sign in").click()
            expect(pg.locator(".grant")).to_contain_text(f"agent {AGENT}")
            pg.goto(f"/ui#/records?actor={ANA}&kind=guidance")
            # the records page, once it has replaced the overview (two tables of its own) on a loaded 2-core box
            prefers = main(pg).get_by_role("link", name="Prefers email; never call, not even about refunds")
            expect(prefers).to_be_visible(timeout=30_000)
            pg.goto("/ui#/jobs")  # started with --no-worker: the page says that nothing runs the jobs
            expect(main(pg).locator("#worker-status")).to_contain_text("No job worker runs in this server")
            ctx.close()
        finally:
            stop(proc)


# -- another actor's key sees nothing of the first ----------------------------------------------------------------
def test_a_key_for_another_actor_sees_nothing_of_the_first(page: Any, site: Site) -> None:
    sign_in(page, site.bob_key)
    expect(page.locator(".grant")).to_contain_text(f"actor {BOB}")
    # it lands on its own actor's profile, and sees no link to pages it cannot use
    expect(main(page).get_by_role("heading", name=f"Actor {BOB}")).to_be_visible()
    expect(main(page).locator("#profile-kinds")).to_contain_text("Lives in Porto")
    nav = page.get_by_role("navigation", name="Sections")
    expect(nav.get_by_role("link", name="Records")).to_be_visible()
    expect(nav.get_by_role("link", name="Configuration")).to_have_count(0)
    expect(nav.get_by_role("link", name="Erase an actor")).to_have_count(0)
    page.goto("/ui#/config")  # typed by hand: a sentence, not a raw PermissionDenied
    expect(main(page).locator("#config-unavailable")).to_contain_text(f"bound to actor {BOB}")
    assert main(page).locator(".error-box").count() == 0
    # Ana's profile is refused before anything is asked
    page.goto(f"/ui#/actors/{ANA}")
    expect(main(page).locator("#profile-refused")).to_contain_text("another actor's profile")
    assert "never call" not in main(page).inner_text() and "peanuts" not in main(page).inner_text()
    # records: Bob's and the agent-wide one, nothing of Ana's
    page.goto("/ui#/records")
    table = main(page).locator("table")
    expect(table).to_contain_text("Lives in Porto")
    expect(table).to_contain_text("Support hours")
    for status in ("active", "superseded", "deleted"):
        main(page).get_by_label("Status").select_option(status)
        expect(main(page).locator(".loading")).to_have_count(0)
        text = main(page).inner_text()
        assert "email" not in text and "Lisbon" not in text and "peanuts" not in text
    # search and recall for Ana's facts
    page.goto("/ui#/records?q=prefers+email+never+call")
    expect(main(page)).to_contain_text("match")
    assert "never call" not in main(page).locator(".table-wrap").inner_text()
    page.goto("/ui#/recall?query=email+phone+refund+order&limit=50")
    expect(main(page)).to_contain_text("hits handed over")
    assert ANA not in main(page).inner_text() and "never call" not in main(page).inner_text()
    # Ana's record, session and actor by URL
    page.goto(f"/ui#/records/{site.ids['r3']}?actor={ANA}")
    expect(main(page).locator(".error-box")).to_be_visible()
    assert "never call" not in main(page).inner_text()
    page.goto(f"/ui#/records/{site.ids['r3']}")
    expect(main(page).locator(".error-box")).to_contain_text("NotFound")
    page.goto(f"/ui#/sessions/{ANA}/2026-11-28-refund")
    expect(main(page).locator(".error-box")).to_contain_text("PermissionDenied")
    # sessions and jobs: only Bob's
    page.goto("/ui#/actors")
    expect(main(page)).to_contain_text("2026-11-29-bob")
    assert "refund" not in main(page).inner_text()
    page.goto("/ui#/jobs")
    expect(main(page).locator(".empty")).to_contain_text("No extraction jobs")
    page.goto("/ui#/pins")
    expect(main(page).locator("#pin-budget")).to_contain_text("0 of 40")
    # erase: the page is fixed to Bob and this key cannot erase anyone
    page.goto("/ui#/erase")
    expect(main(page).locator("#erase-actor")).to_have_value(BOB)
    expect(main(page).get_by_role("button", name="Erase everything about this actor")).to_be_disabled()
    # the API the page calls agrees: Ana's paths are refused outright
    r = httpx.delete(f"{site.base}/v1/agents/{AGENT}/actors/{ANA}", headers={"Authorization": f"Bearer {site.bob_key}"})
    assert r.status_code == 403


# -- landing, the actor profile, a phone's width, /docs -------------------------------------------------------------
def test_an_agent_wide_key_lands_on_its_actors(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    expect(main(page).get_by_role("heading", name="Actors & sessions")).to_be_visible()
    expect(main(page).locator("table").first).to_contain_text(ANA)
    # the Records page without an actor shows the agent's own records and names the actors to read under
    page.goto("/ui#/records")
    expect(main(page).locator("table")).to_contain_text("Support hours")
    hint = main(page).locator("#actors-hint")
    expect(hint.get_by_role("link", name=ANA)).to_be_visible()
    hint.get_by_role("link", name=ANA).click()
    expect(main(page).locator("table tbody tr")).to_have_count(50)
    main(page).locator("#profile-link").click()
    expect(main(page).get_by_role("heading", name=f"Actor {ANA}")).to_be_visible()


def test_an_actor_profile_shows_everything_about_one_actor(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    main(page).get_by_role("link", name=ANA).first.click()
    expect(main(page).get_by_role("heading", name=f"Actor {ANA}")).to_be_visible()
    kinds = main(page).locator("#profile-kinds")
    expect(kinds.locator('[data-kind="event"] h3')).to_have_text("event · 80")
    expect(kinds.locator('[data-kind="guidance"]')).to_contain_text("Prefers email; never call")
    expect(kinds.locator('[data-kind="fact"]')).to_contain_text("Allergic to peanuts")
    expect(kinds.locator('[data-kind="fact"]')).to_contain_text(XSS)  # as text, never markup
    expect(main(page).locator("#profile-pins li")).to_have_count(2)
    expect(main(page).locator("#profile-uses")).to_contain_text("0.830")
    expect(main(page).locator("#profile-summary")).to_contain_text("136")  # events over its 3 sessions
    expect(main(page).locator("table")).to_contain_text("2026-11-27-long-chat")
    assert "Lives in Porto" not in main(page).inner_text()  # nothing of the other actor
    assert page.evaluate("window.__xss === undefined")
    shot(page, "profile")
    # the other actor's profile holds only his
    page.goto(f"/ui#/actors/{BOB}")
    expect(main(page).locator("#profile-kinds")).to_contain_text("Lives in Porto")
    text = main(page).inner_text()
    assert "peanuts" not in text and "never call" not in text and "long-chat" not in text
    # from a record's page, its actor links to the profile
    page.goto(f"/ui#/records/{site.ids['r3']}?actor={ANA}")
    main(page).get_by_role("link", name=ANA, exact=True).click()
    expect(main(page).get_by_role("heading", name=f"Actor {ANA}")).to_be_visible()


PAGES = ["", "records", f"records?actor={ANA}", "actors", f"actors/{ANA}", f"actors/{BOB}",
         f"sessions/{ANA}/2026-11-28-refund", f"recall?actor={ANA}&query=kettle+shipped+to+Lisbon&limit=5",
         f"pins?actor={ANA}", "jobs", "config", "erase"]


@pytest.mark.parametrize("who", ["admin", "bob"])
def test_every_page_fits_a_phone(browser: Any, site: Site, who: str) -> None:
    ctx = browser.new_context(viewport={"width": NARROW, "height": 860}, base_url=site.base)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_in(pg, site.admin_key if who == "admin" else site.bob_key)
    pages = PAGES if who == "admin" else ["", "records", "actors", f"actors/{BOB}", "recall?query=porto", "pins",
                                          "jobs", "config"]
    try:
        for path in pages:
            pg.goto(f"/ui#/{path}")
            expect(main(pg).locator(".loading")).to_have_count(0)
            expect(main(pg).locator("h1").first).to_be_visible()
            width = pg.evaluate("document.scrollingElement.scrollWidth")
            assert width <= NARROW, f"#/{path} is {width} px wide for the {who} key"
            for name in ("Sign out", "Use scope", "Retry", "Validate and save"):
                for button in pg.get_by_role("button", name=name).all():
                    box = button.bounding_box()
                    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= NARROW, (path, name, box)
            if path.startswith("recall") and who == "admin":
                shot(pg, "recall-narrow")
        assert not errors, errors
    finally:
        ctx.close()


def test_swagger_docs_load_with_no_request_leaving_the_server(page: Any, site: Site) -> None:
    page.goto("/docs")
    # Swagger UI parses the whole schema before it draws anything: slow on a busy machine, hence the wait
    expect(page.locator(".swagger-ui .information-container")).to_contain_text("engram", timeout=30_000)
    expect(page.locator(".opblock-summary-path", has_text="/v1/health").first).to_be_visible()
    # the page fixture asserts that every request the page made went to this server


# -- last: erase Ana --------------------------------------------------------------------------------------------------
def test_erase_an_actor_behind_a_typed_confirmation(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.keyboard.press("g")
    page.keyboard.press("e")
    main(page).get_by_label("Actor", exact=True).fill(ANA)
    button = main(page).get_by_role("button", name="Erase everything about this actor")
    expect(button).to_be_disabled()
    confirm = main(page).locator("#erase-confirm")
    confirm.fill(f"erase {ANA}x")
    expect(button).to_be_disabled()
    confirm.fill(f"erase {ANA}")
    expect(button).to_be_enabled()
    button.click()
    receipt = main(page).locator("#erase-receipt")
    expect(receipt).to_contain_text(f"Everything about actor {ANA}", timeout=20_000)  # a hard delete of it all
    rows = {r.locator("th").text_content(): int(r.locator("td").text_content() or "-1")
            for r in receipt.locator("tr").all()}
    assert rows["Events"] == 136 and rows["Records"] == 87
    assert rows["RETRIEVED uses"] == 2 and rows["Extraction jobs"] == 1
    shot(page, "erase")
    page.goto(f"/ui#/records?actor={ANA}&status=any")
    table_text = main(page).inner_text()
    assert "never call" not in table_text and "Lisbon" not in table_text
    expect(main(page)).to_contain_text("Support hours")  # agent-level memory is not Ana's


def test_a_session_without_actor_has_its_timeline_and_records(page: Any, site: Site) -> None:
    sign_in(page, site.admin_key)
    page.goto("/ui#/actors")
    sessions = main(page).locator("table").nth(1)
    row = sessions.locator("tbody tr", has_text=TWISP_SESSION)
    expect(row).to_contain_text("(no actor)")
    row.get_by_role("link", name=TWISP_SESSION).click()
    expect(main(page).get_by_role("heading", name=f"Session {TWISP_SESSION}")).to_be_visible()
    expect(main(page).locator("ol.events > li")).to_have_count(1)
    expect(main(page).locator("ol.events")).to_contain_text("two disputed card charges")
    page.goto(f"/ui#/records?actor=&session={TWISP_SESSION}")
    expect(main(page).locator("table tbody")).to_contain_text("Account 991 disputes two card charges")
    page.goto(f"/ui#/records?actor={ANA}&session={TWISP_SESSION}")  # the same id under an actor: another session
    expect(main(page)).not_to_contain_text("Account 991 disputes two card charges")


def test_one_agents_configuration_is_shown_and_changed(page: Any, site: Site) -> None:
    """The inspector shows the signed-in agent's configuration (the default until it has its own) and saves an
    AgentCore update (optionalValue) as a new version of that agent only."""
    auth = {"Authorization": f"Bearer {site.admin_key}"}
    before = httpx.get(f"{site.base}/v1/agents/{AGENT}/config", headers=auth).json()
    default_before = httpx.get(f"{site.base}/v1/config", headers=auth).json()
    sign_in(page, site.admin_key)
    page.goto("/ui#/config")
    expect(main(page).get_by_role("heading", name=f"Configuration of {AGENT}")).to_be_visible()
    source = main(page).locator("#config-source")
    expect(source).to_contain_text("own configuration" if before["own"] else "database-wide default")
    main(page).get_by_role("tab", name="Update (optionalValue)").click()
    expect(main(page).locator("#config-update")).to_be_checked()
    expect(main(page).locator("#config-editor")).to_have_value(re.compile("EPISODIC"))
    main(page).get_by_role("button", name="Validate and save").click()
    expect(source).to_contain_text("its own configuration")
    after = httpx.get(f"{site.base}/v1/agents/{AGENT}/config", headers=auth).json()
    assert after["own"] is True and after["version"] != before["version"]
    assert [s["type"] for s in after["config"]["harness"]["memory"]["strategies"]][-1] == "EPISODIC"
    assert after["config"]["harness"]["memory"]["labels"] == before["config"]["harness"]["memory"]["labels"]
    history = httpx.get(f"{site.base}/v1/agents/{AGENT}/config/history", headers=auth).json()["versions"]
    assert history[-1]["version"] == after["version"]
    expect(main(page).locator("ol.timeline li")).to_have_count(len(history))
    assert httpx.get(f"{site.base}/v1/config", headers=auth).json() == default_before  # the default is untouched

