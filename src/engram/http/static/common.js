// Shared by every view: navigation helpers, error boxes, the record/scope widgets, pagination.
import { ApiError } from "./api.js";
import { badge, h } from "./dom.js";

/** Change the query part of the current route without adding a history entry (or with, if push). */
export function setQuery(query, { push = false, path } = {}) {
  const base = location.hash.replace(/^#\/?/, "").split("?")[0];
  // A view that finishes loading after the user (or a link) moved on must not rewrite the new page's query:
  // ``path`` is the route the view was drawn for (ctx.path); "" is the landing page, drawn for any path.
  if (path !== undefined && base !== "" && base.replace(/\/+$/, "") !== path) return;
  const qs = new URLSearchParams(
    Object.entries(query).filter(([, v]) => v !== "" && v !== null && v !== undefined && v !== false),
  ).toString();
  const hash = "#/" + base + (qs ? "?" + qs : "");
  if (push) location.hash = hash;
  else history.replaceState(null, "", hash);
}

export function go(hash) {
  location.hash = hash;
}

/** An error as a visible box; a 401 signs the user out (the shell listens for the event). */
export function errorBox(err, where) {
  if (err instanceof ApiError && err.status === 401) {
    window.dispatchEvent(new CustomEvent("engram:unauthorized"));
  }
  const e = err instanceof ApiError ? err : null;
  return h("div.error-box", { role: "alert" },
    where ? h("strong", where + ": ") : null,
    e ? `${e.type}: ${e.message}` : String((err && err.message) || err),
    e && e.field ? h("span.muted", ` (field ${e.field})`) : null);
}

export function pageHead(title, crumbs, ...right) {
  return h("div.page-head",
    h("div", crumbs && crumbs.length ? h("div.crumbs", crumbs.flatMap((c, i) => [i ? " / " : "", c])) : null,
      h("h1", title)),
    h("div.form-row", right));
}

export function statusBadge(status) {
  return badge(status, status);
}

export function recordBadges(r) {
  return [
    statusBadge(r.status),
    r.preview ? badge("preview", "preview") : null,
    r.pinned ? badge("pinned", "pinned") : null,
  ];
}

export function labelChips(labels) {
  const entries = Object.entries(labels || {});
  if (!entries.length) return null;
  return h("span.labels", entries.map(([k, v]) => h("span.label-chip", `${k}=${v}`)));
}

const enc = encodeURIComponent;

/** The inspector's address of a session: ``#/sessions/<actor>/<session>``, or ``#/sessions/<session>`` for a
 * session of the agent alone (no actor). */
export function sessionHref(actor, session) {
  return actor ? `#/sessions/${enc(actor)}/${enc(session)}` : `#/sessions/${enc(session)}`;
}

export function sessionLink(actor, session) {
  return h("a", { href: sessionHref(actor, session) }, session);
}

/** A link to an actor's profile (everything engram holds about them), or a muted "(no actor)". */
export function actorLink(actor) {
  return actor ? h("a", { href: `#/actors/${enc(actor)}`, title: "profile of " + actor }, actor)
    : h("span.muted", { title: "a session of the agent alone" }, "(no actor)");
}

export function recordLink(r, text) {
  return h("a", { href: "#/records/" + encodeURIComponent(r.id) + scopeQuery(r) }, text || r.summary);
}

/** The scope a record is read through: its own actor/session, so an agent-wide key can open it. */
export function scopeQuery(r) {
  const p = new URLSearchParams();
  if (r.actor) p.set("actor", r.actor);
  else if (r.session) p.set("actor", "");
  if (r.session) p.set("session", r.session);
  const s = p.toString();
  return s ? "?" + s : "";
}

/** A table with clickable rows (j/k/Enter move and open through the first link of a row). */
export function table(columns, rows, { empty = "Nothing here.", rowClass } = {}) {
  if (!rows.length) return h("div.table-wrap", h("div.empty", empty));
  return h("div.table-wrap", h("table",
    h("thead", h("tr", columns.map((c) => h("th", { class: c.cls || "", scope: "col" }, c.title)))),
    h("tbody", rows.map((row) => {
      const tr = h("tr.row", { "aria-selected": "false", class: rowClass ? rowClass(row) : "" },
        columns.map((c) => h("td", { class: c.cls || "", dataset: c.title ? { label: c.title } : undefined }, c.render(row))));
      tr.addEventListener("click", (ev) => {
        if (ev.target instanceof Element && ev.target.closest("a, button, input, select, summary")) return;
        const a = tr.querySelector("a");
        if (a) a.click();
      });
      return tr;
    }))));
}

/** Pagination by opaque cursors: a stack of the cursors that led to each page. */
export function pager(cursorStack, next, onPage, count) {
  const page = cursorStack.length + 1;
  return h("div.pager",
    h("span.muted.small", `Page ${page}` + (count !== undefined ? ` · ${count} shown` : "")),
    h("div.form-row",
      h("button", { type: "button", disabled: page === 1, onclick: () => onPage(cursorStack.slice(0, -1)) }, "← Newer"),
      h("button", { type: "button", disabled: !next, onclick: () => onPage([...cursorStack, next]) }, "Older →")));
}

// -- the scope the pages read through ------------------------------------------------------------------------
const SCOPE_KEY = "engram.scope";

/** The scope pages read through: the grant fixes the agent (and maybe the actor); the rest is chosen. */
export function currentScope(grant, query = {}) {
  let saved = {};
  try {
    saved = JSON.parse(sessionStorage.getItem(SCOPE_KEY) || "{}");
  } catch {
    saved = {};
  }
  const agent = grant.agent || query.agent || saved.agent || "";
  const actor = grant.actor || (query.actor !== undefined ? query.actor : saved.actor) || "";
  const session = (query.session !== undefined ? query.session : saved.session) || "";
  return { agent, actor, session };
}

export function saveScope(scope) {
  sessionStorage.setItem(SCOPE_KEY, JSON.stringify(scope));
}

export function describeScope(s) {
  if (!s.actor && s.session) return `session ${s.session} of ${s.agent} (session- and agent-level memory)`;
  if (!s.actor) return "agent-level memory of " + s.agent;
  if (!s.session) return `actor ${s.actor} (actor- and agent-level memory)`;
  return `session ${s.session} of ${s.actor} (session-, actor- and agent-level memory)`;
}

let actorsCache = null;

/** Actor ids for the pickers (agent-wide keys only), fetched once per page load. */
export async function knownActors(grant, api) {
  if (grant.actor) return [grant.actor];
  if (!actorsCache) {
    actorsCache = api.actors(grant.agent, { limit: 1000 }).then((r) => r.actors.map((a) => a.actor))
      .catch(() => []);
  }
  return actorsCache;
}

/**
 * A row of scope inputs (agent when the key names none, actor unless fixed, session); calls onChange with
 * the new scope. Datalists suggest known actors and the chosen actor's sessions.
 */
export function scopeBar(grant, scope, api, onChange, note) {
  const uid = Math.random().toString(36).slice(2, 8);
  const actorList = h("datalist", { id: "actors-" + uid });
  const sessionList = h("datalist", { id: "sessions-" + uid });
  const agent = grant.agent
    ? null
    : h("input", { name: "agent", value: scope.agent, placeholder: "agent id", required: true, "aria-label": "Agent" });
  const actor = h("input", {
    name: "actor", value: scope.actor, placeholder: grant.actor ? "" : "any (agent level)", list: "actors-" + uid,
    readonly: Boolean(grant.actor), title: grant.actor ? "this key is granted one actor" : "",
  });
  const session = h("input", { name: "session", value: scope.session, placeholder: "none", list: "sessions-" + uid });
  const apply = () => {
    const next = {
      agent: grant.agent || agent.value.trim(),
      actor: grant.actor || actor.value.trim(),
      session: session.value.trim(),
    };
    saveScope(next);
    onChange(next);
  };
  const form = h("form.card.scope-card", { "aria-label": "Scope", onsubmit: (e) => { e.preventDefault(); apply(); } },
    agent ? h("label", "Agent", agent) : null,
    h("label", "Actor", actor),
    h("label", "Session", session),
    h("button", { type: "submit" }, "Use scope"),
    note ? h("p.muted.small", note) : null,
    actorList, sessionList);
  if (grant.agent) {
    // Suggestions load when a field is first used, so they never slow a page down.
    let actorsLoaded = false;
    actor.addEventListener("focus", () => {
      if (actorsLoaded) return;
      actorsLoaded = true;
      knownActors(grant, api).then((ids) => {
        for (const id of ids) actorList.appendChild(h("option", { value: id }));
      });
    });
    let sessionsFor = null;
    session.addEventListener("focus", () => {
      const a = grant.actor || actor.value.trim();
      if (a === sessionsFor) return;
      sessionsFor = a;
      sessionList.replaceChildren();
      api.sessions(grant.agent, a || null, { limit: 200 }).then((r) => {
        for (const s of r.sessions) {
          if (a || !s.actor) sessionList.appendChild(h("option", { value: s.session }));
        }
      }).catch(() => {});
    });
  }
  return form;
}

/** The API's scope object for a chosen scope. */
export function apiScope(scope) {
  return { agent: scope.agent, actor: scope.actor || null, session: scope.session || null };
}

/** The levels this key may write records at for its agent: the configuration's write levels intersected with the
 * key's, and no agent level for a key bound to one actor or session (those records belong to every actor); the
 * server's rule (engram.grants.view), so a page offers only actions the key can use. Without the configuration
 * (it could not be read), the key's own levels under the same actor rule. */
export async function writableLevels(grant, api) {
  let configured = null;
  try {
    configured = (await api.agentConfig(grant.agent)).config?.harness?.memory?.scope?.write || null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) throw err;
  }
  const bound = Boolean(grant.actor || grant.session);
  return (grant.write || []).filter((lv) => (!configured || configured.includes(lv)) && !(lv === "agent" && bound));
}
