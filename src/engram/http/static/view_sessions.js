// Actors and sessions: lists with search, and a session's timeline of events with history search.
import { api } from "./api.js";
import { profileView } from "./view_profile.js";
import { actorLink, errorBox, pageHead, sessionHref, sessionLink, setQuery, table } from "./common.js";
import { badge, debounce, h, mount, score, scoreBar, shortId, time } from "./dom.js";

const enc = encodeURIComponent;
const EVENTS_PAGE = 100;
const PREVIEW_CHARS = 400;

function filterBox(value, placeholder, onInput) {
  const input = h("input", {
    type: "search", value, placeholder: placeholder + "  ( / )", "data-search": "", "aria-label": placeholder,
  });
  input.addEventListener("input", debounce(() => onInput(input.value.trim().toLowerCase()), 80));
  return input;
}

export async function actorsView(ctx) {
  const agent = ctx.grant.agent;
  if (ctx.grant.actor) return profileView({ ...ctx, params: { actor: ctx.grant.actor } });
  const [actors, sessions] = await Promise.all([
    api.actors(agent, { limit: 1000 }).then((r) => r.actors),
    api.sessions(agent, null, { limit: 200 }).catch(() => ({ sessions: [] })).then((r) => r.sessions),
  ]);
  const actorsBox = h("div");
  const sessionsBox = h("div");
  const render = (needle) => {
    const a = actors.filter((x) => !needle || x.actor.toLowerCase().includes(needle));
    const s = sessions.filter((x) => !needle || `${x.actor || ""} ${x.session}`.toLowerCase().includes(needle));
    mount(actorsBox, table([
      { title: "Actor", render: (x) => actorLink(x.actor) },
      { title: "Sessions", cls: "nowrap", render: (x) => String(x.sessions) },
      { title: "Events", cls: "nowrap", render: (x) => String(x.events) },
      { title: "Last active", cls: "nowrap", render: (x) => time(x.last_at) },
    ], a.slice(0, 200), { empty: needle ? "No actor matches." : "No actor has events yet." }),
    a.length > 200 ? h("p.muted.small", `${a.length - 200} more; refine the search.`) : null);
    mount(sessionsBox, table([
      { title: "Session", render: (x) => sessionLink(x.actor, x.session) },
      { title: "Actor", render: (x) => actorLink(x.actor) },
      { title: "Events", cls: "nowrap", render: (x) => String(x.events) },
      { title: "First", cls: "nowrap", render: (x) => time(x.first_at) },
      { title: "Last", cls: "nowrap", render: (x) => time(x.last_at) },
    ], s, { empty: needle ? "No session matches." : "No sessions yet." }));
    setQuery(needle ? { q: needle } : {}, { path: ctx.path });
  };
  const q = (ctx.query.q || "").toLowerCase();
  const node = h("section",
    pageHead("Actors & sessions", null, filterBox(q, "Search actors and sessions", render)),
    h("h2", `Actors (${actors.length})`), actorsBox,
    h("h2", "Recent sessions"), sessionsBox);
  render(q);
  return node;
}

// -- one session ---------------------------------------------------------------------------------------------
function json(value) {
  return JSON.stringify(value, null, 2);
}

function longText(text, cls, label) {
  if (text.length <= PREVIEW_CHARS * 2) return h("div", { class: cls }, text);
  return h("div",
    h("div", { class: cls }, text.slice(0, PREVIEW_CHARS) + "…"),
    h("details", h("summary", `${label} (${text.length.toLocaleString()} characters)`), h("pre", text)));
}

function eventNode(e, hit) {
  const meta = e.metadata && Object.keys(e.metadata).length ? e.metadata : null;
  const offloaded = meta && (meta.offloaded || meta.offload || meta.ref);
  const head = h("div.head",
    h("span.role", e.role === "tool" ? "tool result" : e.role),
    e.name ? h("code", e.name) : null,
    e.tool_call_id ? h("span", { title: "tool call id" }, "↩ ", h("code", shortId(e.tool_call_id))) : null,
    offloaded ? h("span.badge.badge-warn", { title: "the model saw a preview and a reference; the whole result is kept here" },
      "offloaded" + (meta.tokens ? ` · ${Number(meta.tokens).toLocaleString()} tokens` : "")) : null,
    hit ? badge(`match ${score(hit.score)}`, "info") : null,
    h("span.spacer"),
    time(e.at), h("span", { title: e.id }, "#" + e.seq));
  const body = [];
  if (e.role === "tool") {
    body.push(e.content.length > PREVIEW_CHARS || offloaded
      ? h("div", h("pre", e.content.length > PREVIEW_CHARS ? e.content.slice(0, PREVIEW_CHARS) + "…" : e.content),
        h("details", h("summary", `Show the full result (${e.content.length.toLocaleString()} characters)`), h("pre", e.content)))
      : h("pre", e.content));
  } else if (e.content) {
    body.push(longText(e.content, "body", "Show the whole message"));
  }
  for (const c of e.tool_calls || []) {
    const args = JSON.stringify(c.arguments);
    body.push(h("div.toolcall", "→ call ", h("strong", c.name), " ", h("code.muted", { title: "tool call id" }, shortId(c.id)),
      args.length <= 100 ? h("code", " ", args) : h("pre", json(c.arguments))));
  }
  if (meta) body.push(h("details", h("summary", "metadata"), h("pre", json(meta))));
  return h("li.event", { id: "ev-" + e.id, class: `role-${e.role}` + (hit ? " hit" : ""), "data-row": "" }, head, body);
}

export async function sessionView(ctx) {
  const { actor, session } = ctx.params;
  const agent = ctx.grant.agent;
  const list = h("ol.events", { "aria-label": "Events, oldest first" });
  const more = h("button", { type: "button" }, "Load earlier events");
  const status = h("p.muted.small", { "aria-live": "polite" });
  const hitsBox = h("div", { "aria-live": "polite" });
  let next = null;
  let loaded = 0;

  const loadPage = async () => {
    more.disabled = true;
    const data = await api.events(agent, actor, session, { limit: EVENTS_PAGE, page_token: next || undefined });
    next = data.next_page_token;
    loaded += data.events.length;
    list.prepend(...data.events.map((e) => eventNode(e)));
    more.hidden = !next;
    more.disabled = false;
    status.textContent = `${loaded} events shown` + (next ? "; earlier ones are a click away." : ", the whole session.");
    return data.events;
  };
  more.addEventListener("click", () => loadPage().catch((err) => status.replaceChildren(errorBox(err))));
  await loadPage();

  // A linked event (from a record's provenance): load earlier pages until it shows, then highlight it.
  const want = ctx.query.event;
  if (want) {
    for (let i = 0; i < 20 && !list.querySelector(`[id="ev-${CSS.escape(want)}"]`) && next; i++) {
      await loadPage();
    }
    requestAnimationFrame(() => {
      const el = list.querySelector(`[id="ev-${CSS.escape(want)}"]`);
      if (el) {
        el.classList.add("hit");
        el.scrollIntoView({ block: "center" });
      }
    });
  }

  const query = h("input", {
    type: "search", name: "q", value: ctx.query.q || "", placeholder: "Search this session's history…  ( / )",
    "data-search": "", "aria-label": "Search the session history",
  });
  const tools = h("input", { type: "checkbox", name: "tools", checked: ctx.query.tools === "1" });
  const search = async (ev) => {
    ev?.preventDefault();
    const text = query.value.trim();
    setQuery({ q: text, tools: tools.checked ? "1" : "" }, { path: ctx.path });
    if (!text) {
      hitsBox.replaceChildren();
      return;
    }
    mount(hitsBox, h("div.loading", "Searching"));
    try {
      const hits = (await api.searchHistory(agent, actor, session, {
        query: text, limit: 10, include_tools: tools.checked || undefined,
      })).hits;
      mount(hitsBox, hits.length
        ? h("div.card",
          h("h3", `${hits.length} matches, best first`),
          table([
            { title: "Score", cls: "nowrap", render: (x) => scoreBar(x.score, "score") },
            { title: "Parts", cls: "nowrap", render: (x) => partsText(x.parts) },
            { title: "Event", render: (x) => [h("a", { href: `${sessionHref(actor, session)}?event=${enc(x.event.id)}` }, `${x.event.role} #${x.event.seq}`), " ", h("span.muted.small", (x.event.content || "").slice(0, 200))] },
            { title: "When", cls: "nowrap", render: (x) => time(x.event.at) },
          ], hits))
        : h("p.muted", "Nothing in this session's history matches."));
    } catch (err) {
      mount(hitsBox, errorBox(err, "History search failed"));
    }
  };
  const form = h("form.filters", { "aria-label": "History search", onsubmit: search },
    h("label", "Search history", query), h("label.inline", tools, "include tool calls and results"),
    h("button.primary", { type: "submit" }, "Search"));
  if (query.value) search();

  const crumbs = [
    ctx.grant.actor ? null : h("a", { href: "#/actors" }, "Actors"),
    actor ? h("a", { href: `#/actors/${enc(actor)}` }, actor) : h("span.muted", "(no actor)"),
  ].filter(Boolean);
  return h("section",
    pageHead(`Session ${session}`, crumbs, h("a.btn", { href: `#/recall?actor=${enc(actor || "")}&session=${enc(session)}` }, "Recall here")),
    form, hitsBox,
    h("h2", "Timeline"), h("div.pager", more, status), list);
}

export function partsText(p) {
  if (!p) return "";
  return h("span.mono.small", `lex ${score(p.lexical)} · vec ${score(p.vector)} · rec ${score(p.recency)}`);
}
