// engram inspector: shell, router, sign-in, keyboard and theme. Views live in view_*.js.
import { api, ApiError, clearKey, getKey, setKey } from "./api.js";
import { h, mount, toast } from "./dom.js";
import { errorBox, go, pageHead } from "./common.js";
import { actorsView, sessionView } from "./view_sessions.js";
import { profileView } from "./view_profile.js";
import { recordsView, recordView } from "./view_records.js";
import { recallView } from "./view_recall.js";
import { pinsView } from "./view_pins.js";
import { jobsView } from "./view_jobs.js";
import { configView } from "./view_config.js";
import { eraseView } from "./view_erase.js";

// ``shown(grant)``: whether the key can use the page at all; a page it cannot use has no link (its address
// still answers, with a sentence saying why, never a raw PermissionDenied).
const NAV = [
  { path: "records", title: "Records", keys: "g r", view: recordsView },
  { path: "actors", title: "Actors & sessions", keys: "g a", view: actorsView },
  { path: "recall", title: "Recall playground", keys: "g q", view: recallView },
  { path: "pins", title: "Pins", keys: "g p", view: pinsView },
  { path: "jobs", title: "Extraction jobs", keys: "g j", view: jobsView },
  { path: "config", title: "Configuration", keys: "g c", view: configView, shown: (g) => !g.actor },
  { path: "erase", title: "Erase an actor", keys: "g e", view: eraseView, sep: true, shown: (g) => Boolean(g.delete) },
];

function navFor(grant) {
  return NAV.filter((n) => !n.shown || n.shown(grant));
}

/** Where a signed-in key lands: its own actor's profile, or the list of actors (an agent-wide key). */
function landing(grant) {
  return grant.actor ? "actors/" + encodeURIComponent(grant.actor) : "actors";
}

// Routes: #/records, #/records/<id>, #/actors, #/actors/<actor>, #/sessions/<actor>/<session>, #/sessions/<session> (no actor), …
const ROUTES = [
  [/^records\/([^/]+)$/, (m) => ({ nav: "records", view: recordView, params: { id: m[1] } })],
  [/^sessions\/([^/]+)\/([^/]+)$/, (m) => ({ nav: "actors", view: sessionView, params: { actor: m[1], session: m[2] } })],
  [/^sessions\/([^/]+)$/, (m) => ({ nav: "actors", view: sessionView, params: { actor: null, session: m[1] } })],
  [/^actors\/([^/]+)$/, (m) => ({ nav: "actors", view: profileView, params: { actor: m[1] } })],
];

const state = { grant: null, renderSeq: 0, lastKey: "", lastKeyAt: 0 };

function parseHash(grant) {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, qs] = raw.split("?");
  const query = Object.fromEntries(new URLSearchParams(qs || ""));
  const clean = path.replace(/\/+$/, "") || landing(grant);
  for (const [re, build] of ROUTES) {
    const m = re.exec(clean);
    if (m) {
      const r = build(m.map((x) => (x === undefined ? x : decodeURIComponent(x))));
      return { ...r, query, path: clean };
    }
  }
  const nav = NAV.find((n) => n.path === clean);
  if (!nav) return { nav: null, view: noSuchPage, params: {}, query, path: clean };
  return { nav: nav.path, view: nav.view, params: {}, query, path: clean };
}

/** An address no page answers (a typo, an old link): said so, with the way to the pages there are. */
async function noSuchPage(ctx) {
  return h("section#no-such-page", { "aria-labelledby": "no-page-title" },
    pageHead(h("span#no-page-title", "No such page"), null),
    h("div.error-box", { role: "alert" }, "The inspector has no page at ", h("code", "#/" + ctx.path), "."),
    h("p", "Go to ", h("a", { href: "#/" + landing(ctx.grant) }, "the start page"), " or pick a section from the menu."));
}


function theme() {
  return document.documentElement.dataset.theme || "";
}

function applyTheme(value) {
  if (value) document.documentElement.dataset.theme = value;
  else delete document.documentElement.dataset.theme;
  localStorage.setItem("engram.theme", value);
}

function toggleTheme() {
  const dark = theme() ? theme() === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
  applyTheme(dark ? "light" : "dark");
  const b = document.getElementById("theme-toggle");
  if (b) b.setAttribute("aria-pressed", String(!dark));
}

// -- sign in -------------------------------------------------------------------------------------------
const AGENT_KEY = "engram.agent";

/** Why the server refuses `agent` as an agent id ("" when it takes it): the server judges the id by its own
 * rule (no copy of it here), a 422 stating the rule. An id the URL cannot carry as one path segment ("/", a dot
 * segment the URL resolves away) reaches another path or none: that is no valid id either. Any other error is
 * the caller's to show. */
async function agentIdError(agent, key) {
  try {
    const got = await api.agentConfig(agent, key);
    return got && got.agent === agent ? "" : "That is not a valid agent id.";
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) return `That is not a valid agent id: ${err.message}`;
    if (err instanceof ApiError && err.status === 404) return "That is not a valid agent id.";
    throw err;
  }
}

/** The grant the pages work with: a grant for any agent (local mode) gets the agent the user chose. */
function effectiveGrant(grant, agent) {
  if (grant.agent) return grant;
  return agent ? { ...grant, agent, anyAgent: true } : null;
}

function renderSignIn(message, { askAgent = false } = {}) {
  const agentInput = h("input#agent", {
    name: "agent", autocomplete: "off", spellcheck: "false", placeholder: "support-bot",
    value: sessionStorage.getItem(AGENT_KEY) || "",
  });
  const agentRow = h("label", { for: "agent", hidden: !askAgent }, "Agent to inspect", agentInput,
    h("span.small", "This server grants every agent (--insecure-local): name the one to look at."));
  const input = h("input#key", {
    type: "password", name: "key", autocomplete: "off", spellcheck: "false", required: true,
    placeholder: "egk_…", "aria-describedby": "key-help",
  });
  const error = h("div.field-error", { role: "alert", id: "signin-error" }, message || "");
  const button = h("button.primary", { type: "submit" }, "Sign in");
  const form = h("form", {
    "aria-label": "Sign in",
    onsubmit: async (ev) => {
      ev.preventDefault();
      const key = input.value.trim();
      if (!key) return;
      button.disabled = true;
      error.textContent = "";
      try {
        const grant = await api.whoami(key);
        const agent = agentInput.value.trim();
        const wrong = grant.agent ? "" : agent ? await agentIdError(agent, key) : "Name the agent to inspect.";
        if (wrong) {
          agentRow.hidden = false;
          error.textContent = wrong;
          agentInput.focus();
          return;
        }
        if (!grant.agent) sessionStorage.setItem(AGENT_KEY, agent);
        state.grant = effectiveGrant(grant, agent);
        setKey(key);
        input.value = "";
        renderShell();
      } catch (err) {
        error.textContent = err instanceof ApiError && err.status === 401
          ? "That key is unknown, revoked or malformed."
          : String(err.message || err);
        input.setAttribute("aria-invalid", "true");
        input.focus();
      } finally {
        button.disabled = false;
      }
    },
  },
  h("label", { for: "key" }, "API key", input),
  agentRow,
  h("p#key-help.muted.small", "Create one with ", h("code", "engram keys create --agent A [--actor X]"),
    ". It stays in this tab's session storage and is sent only as an Authorization header."),
  error, button);
  mount(document.getElementById("app"),
    h("div.signin", h("div.card",
      h("h1", h("img", { src: "/ui/static/logo.svg", alt: "" }), "engram inspector"),
      h("p.muted", "See what your agents remember, why, and since when."),
      form)));
  (askAgent ? agentInput : input).focus();
}

// -- shell -----------------------------------------------------------------------------------------------
function grantBadges(g) {
  const parts = [h("span.badge.badge-info", { title: g.anyAgent ? "chosen agent (this server grants every agent)" : "agent" },
    "agent " + g.agent)];
  parts.push(h("span.badge", { title: "actor" }, g.actor ? "actor " + g.actor : "all actors"));
  if (g.read) parts.push(h("span.badge", { title: "readable levels" }, "read " + g.read.join("/")));
  if (g.delete) parts.push(h("span.badge.badge-warn", "can erase"));
  if (g.admin) parts.push(h("span.badge.badge-warn", "admin"));
  return parts;
}

function renderShell() {
  const g = state.grant;
  const nav = h("nav.nav#nav", { "aria-label": "Sections" },
    navFor(g).map((n) => [
      n.sep ? h("div.sep", { role: "separator" }) : null,
      h("a", { href: "#/" + n.path, dataset: { nav: n.path } }, h("span", n.title), h("kbd", n.keys)),
    ]));
  const themeBtn = h("button.ghost#theme-toggle", {
    type: "button", title: "Toggle dark/light (t)", "aria-label": "Toggle dark or light theme",
    "aria-pressed": String(theme() === "dark"), onclick: toggleTheme,
  }, "◐");
  const help = h("button.ghost", { type: "button", title: "Keyboard shortcuts (?)", onclick: showHelp }, "?");
  const out = h("button", { type: "button", id: "sign-out", onclick: signOut }, "Sign out");
  mount(document.getElementById("app"),
    h("a.skip", { href: "#main", onclick: (e) => { e.preventDefault(); document.getElementById("main").focus(); } },
      "Skip to content"),
    h("div.shell",
      h("header.topbar",
        h("a.brand", { href: "#/" }, h("img", { src: "/ui/static/logo.svg", alt: "" }), "engram",
          h("span.sub", "inspector")),
        h("div.grant", { "aria-label": "What this key may see" }, grantBadges(g)),
        h("div.spacer"), help, themeBtn, out),
      nav,
      h("main#main", { tabindex: "-1" })));
  route();
}

function signOut() {
  clearKey();
  sessionStorage.removeItem(AGENT_KEY);
  sessionStorage.removeItem("engram.scope");
  state.grant = null;
  history.replaceState(null, "", "#/");
  renderSignIn();
}


async function route() {
  const main = document.getElementById("main");
  if (!main || !state.grant) return;
  const r = parseHash(state.grant);
  for (const a of document.querySelectorAll("#nav a")) {
    if (a.dataset.nav === r.nav) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  const seq = ++state.renderSeq;
  const ctx = {
    grant: state.grant, params: r.params, query: r.query, path: r.path,
    stale: () => seq !== state.renderSeq,
  };
  mount(main, h("div.loading", "Loading"));
  let node;
  try {
    node = await r.view(ctx);
  } catch (err) {
    node = errorBox(err, "Could not load this page");
  }
  if (ctx.stale()) return;
  mount(main, node);
  const title = r.nav === null ? "No such page" : NAV.find((n) => n.path === r.nav)?.title || "";
  document.title = `${title} · engram inspector`;
  const auto = main.querySelector("[data-autofocus]");
  if (auto) auto.focus();
}

// -- keyboard --------------------------------------------------------------------------------------------
function showHelp() {
  const rows = [
    ["/", "Search or filter on this page"], ["?", "This help"], ["t", "Toggle dark / light"],
    ["j / k", "Next / previous row"], ["Enter", "Open the selected row"], ["Esc", "Leave a field, close a dialog"],
    ...navFor(state.grant).map((n) => [n.keys, n.title]),
  ];
  const dlg = h("dialog", { "aria-label": "Keyboard shortcuts" },
    h("h2", "Keyboard shortcuts"),
    h("div.keys", rows.map(([k, v]) => [h("span", k.split(" ").map((x) => h("kbd", x))), h("span", v)])),
    h("form", { method: "dialog" }, h("p", h("button", { type: "submit" }, "Close"))));
  dlg.addEventListener("close", () => dlg.remove());
  document.body.appendChild(dlg);
  dlg.showModal();
}

function moveSelection(step) {
  const rows = [...document.querySelectorAll("#main tr.row, #main [data-row]")];
  if (!rows.length) return;
  let i = rows.findIndex((r) => r.getAttribute("aria-selected") === "true");
  if (i >= 0) rows[i].setAttribute("aria-selected", "false");
  i = i < 0 ? (step > 0 ? 0 : rows.length - 1) : Math.max(0, Math.min(rows.length - 1, i + step));
  rows[i].setAttribute("aria-selected", "true");
  rows[i].scrollIntoView({ block: "nearest" });
  const link = rows[i].querySelector("a");
  if (link) link.focus({ preventScroll: true });
}

function onKey(ev) {
  if (!state.grant || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const t = ev.target;
  const typing = t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  if (typing) {
    if (ev.key === "Escape") t.blur();
    return;
  }
  if (document.querySelector("dialog[open]")) return;
  const now = Date.now();
  if (state.lastKey === "g" && now - state.lastKeyAt < 1200) {
    state.lastKey = "";
    const n = navFor(state.grant).find((x) => x.keys === "g " + ev.key);
    if (n) {
      ev.preventDefault();
      go("#/" + n.path);
    }
    return;
  }
  state.lastKey = ev.key;
  state.lastKeyAt = now;
  if (ev.key === "/") {
    const s = document.querySelector("#main [data-search]");
    if (s) {
      ev.preventDefault();
      s.focus();
      if (s.select) s.select();
    }
  } else if (ev.key === "?") {
    showHelp();
  } else if (ev.key === "t") {
    toggleTheme();
  } else if (ev.key === "j") {
    moveSelection(1);
  } else if (ev.key === "k") {
    moveSelection(-1);
  } else if (ev.key === "Enter") {
    const sel = document.querySelector('#main [aria-selected="true"] a');
    if (sel) {
      ev.preventDefault();
      sel.click();
    }
  }
}

// -- start -----------------------------------------------------------------------------------------------
async function start() {
  const saved = localStorage.getItem("engram.theme");
  if (saved === "dark" || saved === "light") applyTheme(saved);
  document.body.appendChild(h("div#toasts", { "aria-live": "polite" }));
  window.addEventListener("hashchange", route);
  document.addEventListener("keydown", onKey);
  const key = getKey();
  if (!key) {
    renderSignIn();
    return;
  }
  try {
    const grant = await api.whoami(key);
    state.grant = effectiveGrant(grant, sessionStorage.getItem(AGENT_KEY));
    if (state.grant) renderShell();
    else renderSignIn("", { askAgent: true });
  } catch (err) {
    clearKey();
    renderSignIn(err instanceof ApiError && err.status === 401 ? "" : String(err.message || err));
  }
}

window.addEventListener("engram:unauthorized", () => {
  if (!state.grant) return;
  signOut();
  renderSignIn("Your key stopped working (revoked?). Sign in again.");
});

window.addEventListener("unhandledrejection", (ev) => {
  toast(String(ev.reason && ev.reason.message ? ev.reason.message : ev.reason), "error");
});

start();
