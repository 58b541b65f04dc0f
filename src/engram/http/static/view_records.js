// Records: a filterable table (newest first, paged by the API's tokens) and a record page with its
// supersede chain, versions and RETRIEVED uses.
import { api, ApiError } from "./api.js";
import {
  actorLink, apiScope, currentScope, describeScope, errorBox, labelChips, pageHead, pager, recordBadges,
  recordLink, scopeBar, scopeQuery, setQuery, table, writableLevels,
} from "./common.js";
import { badge, h, mount, scoreBar, shortId, time, toast } from "./dom.js";

const PAGE = 50;
let kindsCache = null;

async function kinds() {
  if (!kindsCache) {
    kindsCache = api.config().then((c) => c.config?.harness?.memory?.kinds || []).catch(() => []);
  }
  return kindsCache;
}

function parseLabels(text) {
  return String(text || "").split(",").map((s) => s.trim()).filter(Boolean)
    .map((s) => (s.includes(":") ? s : s.replace("=", ":")));
}

const LEVEL_DEPTH = { agent: 0, actor: 1, session: 2 };

/** Agent-wide keys reading agent-level memory: most records are about an actor, so name the recent ones. */
function actorsHint(agent) {
  const list = h("span.labels#actors-hint-list");
  api.actors(agent, { limit: 8 }).then((r) => {
    if (!r.actors.length) {
      box.hidden = true;
      return;
    }
    for (const a of r.actors) list.appendChild(h("a.btn", { href: `#/records?actor=${encodeURIComponent(a.actor)}` }, a.actor));
    if (r.actors.length === 8) list.appendChild(h("a", { href: "#/actors" }, "all actors…"));
  }).catch(() => { box.hidden = true; });
  const box = h("div.card.hint#actors-hint", h("p.small",
    "These are the agent's own records (level agent). What engram learned about each customer is read under that actor: ",
    "pick one, or open an actor's profile from ", h("a", { href: "#/actors" }, "Actors & sessions"), "."), list);
  return box;
}

export async function recordsView(ctx) {
  const q = ctx.query;
  const scope = currentScope(ctx.grant, q);
  const results = h("div", { "aria-live": "polite" });
  const f = {
    q: q.q || "", kind: q.kind || "", label: q.label || "", namespace: q.namespace || "", level: q.level || "",
    status: q.status || "active", preview: q.preview === "1",
  };
  const search = h("input", {
    type: "search", name: "q", value: f.q, placeholder: "Search active records…  ( / )", "data-search": "",
    "aria-label": "Search records by meaning and keywords",
  });
  const kindSel = h("select", { name: "kind", "aria-label": "Kind" }, h("option", { value: "" }, "any kind"));
  const labelIn = h("input", { name: "label", value: f.label, placeholder: "name:value, …", "aria-label": "Labels" });
  const nsIn = h("input", { name: "namespace", value: f.namespace, placeholder: "/facts/{actorId}/", "aria-label": "Namespace" });
  const levelSel = h("select", { name: "level", "aria-label": "Level" },
    ["", "session", "actor", "agent"].map((v) => h("option", { value: v, selected: v === f.level }, v || "any level")));
  const statusSel = h("select", { name: "status", "aria-label": "Status" },
    ["active", "superseded", "deleted", "any"].map((v) => h("option", { value: v, selected: v === f.status }, v)));
  const preview = h("input", { type: "checkbox", name: "preview", checked: f.preview });
  kinds().then((ks) => {
    for (const k of ks) kindSel.appendChild(h("option", { value: k, selected: k === f.kind }, k));
    if (f.kind && !ks.includes(f.kind)) kindSel.appendChild(h("option", { value: f.kind, selected: true }, f.kind));
  });

  const submit = (ev) => {
    ev?.preventDefault();
    setQuery({
      q: search.value.trim(), kind: kindSel.value, label: labelIn.value.trim(), namespace: nsIn.value.trim(),
      level: levelSel.value, status: statusSel.value === "active" ? "" : statusSel.value,
      preview: preview.checked ? "1" : "", actor: scope.actor, session: scope.session,
    }, { push: true, path: ctx.path });
  };
  for (const el of [kindSel, levelSel, statusSel, preview]) el.addEventListener("change", submit);
  const filters = h("form.filters", { "aria-label": "Filter records", onsubmit: submit },
    h("label", "Search", search),
    h("label", "Kind", kindSel),
    h("label", "Labels", labelIn),
    h("label", "Namespace", nsIn),
    h("label", "Level", levelSel),
    h("label", "Status", statusSel),
    h("label.inline", preview, "preview"),
    h("button.primary", { type: "submit" }, "Apply"));

  const bar = scopeBar(ctx.grant, scope, api, (s) => setQuery({ ...q, actor: s.actor, session: s.session }, { push: true }),
    ["Reading as ", describeScope(scope), "."]);
  const node = h("section", { "aria-labelledby": "records-title" },
    pageHead(h("span#records-title", "Records"), null,
      scope.actor ? h("a.btn#profile-link", { href: `#/actors/${encodeURIComponent(scope.actor)}` }, `Profile of ${scope.actor}`) : null),
    bar,
    !scope.actor && !ctx.grant.actor && scope.agent ? actorsHint(ctx.grant.agent) : null,
    filters, results);

  if (!scope.agent) {
    mount(results, h("div.empty", "Choose an agent."));
    return node;
  }
  const s = apiScope(scope);
  const depth = f.level ? LEVEL_DEPTH[f.level] : null;
  if (depth !== null && depth > (s.session ? 2 : s.actor ? 1 : 0)) {
    mount(results, h("div.empty", `Records at level ${f.level} need a scope that names ${f.level === "session" ? "an actor and a session" : "an actor"}.`));
    return node;
  }

  const columns = [
    { title: "Summary", cls: "summary", render: (r) => [recordLink(r), r.content ? h("div.muted.small", r.content.slice(0, 140)) : null] },
    { title: "Kind", cls: "nowrap", render: (r) => r.kind },
    { title: "Level", cls: "nowrap", render: (r) => r.level },
    { title: "Labels", render: (r) => labelChips(r.labels) },
    { title: "Namespace", render: (r) => h("code", r.namespace) },
    { title: "Status", cls: "nowrap", render: (r) => recordBadges(r) },
    { title: "Created", cls: "nowrap", render: (r) => time(r.created_at) },
  ];

  if (f.q) {
    // Search: recall over active records of the scope, best first.
    const hits = (await api.recall(s, {
      query: f.q, limit: 50, min_score: 0, kind: f.kind || undefined, namespace: f.namespace || undefined,
      labels: f.label ? Object.fromEntries(parseLabels(f.label).map((x) => x.split(":"))) : undefined,
      preview: f.preview,
    })).hits;
    const recs = hits.map((x) => ({ ...x.record, _score: x.score }))
      .filter((r) => !f.level || r.level === f.level);
    mount(results,
      h("p.muted.small", `${recs.length} active records match “${f.q}”, best first.`),
      table([{ title: "Score", cls: "nowrap", render: (r) => scoreBar(r._score, "score") }, ...columns], recs,
        { empty: "No active record matches." }));
    return node;
  }

  const stack = [];
  const load = async (cursors) => {
    const token = cursors[cursors.length - 1];
    mount(results, h("div.loading", "Loading"));
    let data;
    try {
      data = await api.records(s, {
        limit: PAGE, kind: f.kind || undefined, label: parseLabels(f.label), namespace: f.namespace || undefined,
        status: f.status === "any" ? ["active", "superseded", "deleted"] : f.status, preview: f.preview || undefined,
        page_token: token,
      });
    } catch (err) {
      mount(results, errorBox(err, "Could not list records"));
      return;
    }
    const recs = f.level ? data.records.filter((r) => r.level === f.level) : data.records;
    stack.length = 0;
    stack.push(...cursors);
    mount(results,
      table(columns, recs, { empty: "No records match these filters." }),
      f.level && recs.length < data.records.length
        ? h("p.muted.small", `${data.records.length - recs.length} records of other levels hidden on this page.`) : null,
      pager(stack, data.next_page_token, load, recs.length));
  };
  await load([]);
  return node;
}

// -- one record -------------------------------------------------------------------------------------------
function scopeFromQuery(ctx) {
  const s = currentScope(ctx.grant, {});
  return apiScope({ agent: s.agent, actor: ctx.grant.actor || ctx.query.actor || "", session: ctx.query.session || "" });
}

async function getOrNull(s, id) {
  try {
    return await api.record(s, id, { preview: true });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403)) return null;
    throw err;
  }
}

/** Walk replaces/superseded_by from a record, oldest first (at most 25 hops each way). */
async function chainOf(s, rec) {
  const chain = [rec];
  for (let i = 0; i < 25 && chain[0].replaces; i++) {
    const prev = await getOrNull(s, chain[0].replaces);
    if (!prev) {
      chain.unshift({ id: chain[0].replaces, missing: true });
      break;
    }
    chain.unshift(prev);
  }
  for (let i = 0; i < 25 && chain[chain.length - 1].superseded_by; i++) {
    const next = await getOrNull(s, chain[chain.length - 1].superseded_by);
    if (!next) {
      chain.push({ id: chain[chain.length - 1].superseded_by, missing: true });
      break;
    }
    chain.push(next);
  }
  return chain;
}

function eventLinks(p, rec) {
  const actor = p.actor || rec.actor;
  const session = p.session || rec.session;
  return (p.source_event_ids || []).map((id) => (actor && session
    ? h("a", { href: `#/sessions/${encodeURIComponent(actor)}/${encodeURIComponent(session)}?event=${encodeURIComponent(id)}` }, shortId(id))
    : h("code", shortId(id))));
}

function writer(p) {
  return [p.strategy ? `strategy ${p.strategy}` : "a direct write", p.agent_version ? ` · agent ${p.agent_version}` : ""];
}

/** Who wrote a version: turn, strategy or direct write, agent version, session, source events. */
function provenance(p, rec) {
  if (!p) return null;
  const evs = eventLinks(p, rec);
  return h("dl.kv",
    h("dt", "turn"), h("dd", p.turn_id ? h("code", p.turn_id) : "–"),
    h("dt", "written by"), h("dd", writer(p)),
    h("dt", "session"), h("dd", p.session ? `${p.actor || rec.actor || ""} / ${p.session}` : "–"),
    h("dt", "from events"), h("dd", evs.length ? h("span.labels", evs) : "–"));
}

function provenanceLine(p, rec) {
  if (!p) return null;
  const evs = eventLinks(p, rec);
  return h("div.prov",
    h("span", writer(p)),
    p.turn_id ? h("span", "turn ", h("code", p.turn_id)) : null,
    p.session ? h("span", "session ", h("a", { href: `#/sessions/${encodeURIComponent(p.actor || rec.actor || "")}/${encodeURIComponent(p.session)}` }, p.session)) : null,
    evs.length ? h("span", "from events ", evs) : null);
}

/** The scope a record page reads through: the address's actor and session; an address with neither (a bare
 * record id, as one is shared) asks the server where the record is among what this key may read, and puts that
 * scope in the address, so links and a reload keep it. */
async function recordScope(ctx, id) {
  const s = scopeFromQuery(ctx);
  if (ctx.query.actor !== undefined || ctx.query.session !== undefined) return s;
  const found = await api.recordScope(s, id);
  // a key bound to one actor reads even agent-level records through its actor's path
  const where = apiScope({ ...found, actor: found.actor || ctx.grant.actor || "" });
  if (!ctx.stale()) history.replaceState(null, "", `#/${ctx.path}${scopeQuery(where)}`);
  return where;
}

export async function recordView(ctx) {
  const id = ctx.params.id;
  const s = await recordScope(ctx, id);
  const rec = await api.record(s, id, { preview: true });
  const [uses, chain, writable] = await Promise.all([
    api.uses(s, id).then((r) => r.uses).catch((err) => err),
    chainOf(s, rec),
    writableLevels(ctx.grant, api),
  ]);
  // The versions of every record of the chain, as one timeline, oldest first.
  const visible = chain.filter((r) => !r.missing);
  const histories = await Promise.all(visible.map((r) => api.versions(s, r.id).then((x) => x.versions)));
  const versions = histories.flatMap((vs, i) => vs.map((v) => ({ ...v, _pos: chain.indexOf(visible[i]) })))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a._pos - b._pos || a.version - b.version));

  // a key that may not write the record's level cannot pin or unpin it: no button (the server would refuse)
  const pinBtn = writable.includes(rec.level)
    ? h("button", { type: "button", disabled: rec.status !== "active" }, rec.pinned ? "Unpin" : "Pin") : null;
  pinBtn?.addEventListener("click", async () => {
    pinBtn.disabled = true;
    try {
      await (rec.pinned ? api.unpin(s, id) : api.pin(s, id));
      toast(rec.pinned ? "Unpinned" : "Pinned", "ok");
      window.dispatchEvent(new HashChangeEvent("hashchange"));
    } catch (err) {
      toast(err.message, "error");
      pinBtn.disabled = false;
    }
  });

  const chainNav = h("nav.chain", { "aria-label": "Supersede chain" },
    chain.flatMap((r, i) => [
      i ? h("span.arrow", { "aria-hidden": "true" }, "→") : null,
      r.missing
        ? h("span.muted", { title: "not visible to this key" }, shortId(r.id))
        : h("a", { href: "#/records/" + encodeURIComponent(r.id) + scopeQuery(r), "aria-current": r.id === id ? "true" : "false", title: r.summary },
          `${i + 1}. ${r.summary.length > 40 ? r.summary.slice(0, 40) + "…" : r.summary} `, h("span.badge", { class: "badge-" + r.status }, r.status)),
    ]));

  const crumbs = [h("a", { href: "#/records" + scopeQuery(rec) }, "Records"), shortId(id)];
  return h("article", { "aria-labelledby": "rec-title" },
    pageHead(h("span#rec-title", "Record ", h("code", shortId(id))), crumbs, pinBtn),
    h("div.grid2",
      h("div",
        h("div.card",
          h("div.form-row", recordBadges(rec), badge(rec.kind), badge(rec.level)),
          h("p.summary-big", rec.summary),
          rec.content ? h("div.content", rec.content) : null,
          rec.superseded_by ? h("p", "Superseded by ", h("a#superseded-by", { href: "#/records/" + encodeURIComponent(rec.superseded_by) + scopeQuery(rec) }, shortId(rec.superseded_by))) : null,
          rec.replaces ? h("p", "Replaces ", h("a#replaces", { href: "#/records/" + encodeURIComponent(rec.replaces) + scopeQuery(rec) }, shortId(rec.replaces))) : null,
          rec.deletes ? h("p", "Preview: would delete ", h("code", rec.deletes)) : null),
        h("h2", "Supersede chain", h("span.muted.small", " oldest → newest")),
        h("div.card", chain.length > 1 ? chainNav : h("p.muted", "This record has not replaced and has not been replaced by another one.")),
        h("h2", `Versions (${versions.length})`),
        h("ol.timeline#versions", { "aria-label": "Versions of the supersede chain, oldest first" }, versions.map((v) =>
          h("li", { class: v.record_id === id ? "current" : "" },
            h("div.meta",
              v.record_id === id ? h("strong", `this record · v${v.version}`)
                : h("a", { href: "#/records/" + encodeURIComponent(v.record_id) + scopeQuery(rec) }, `${shortId(v.record_id)} · v${v.version}`),
              badge(v.op), badge(v.status, v.status), time(v.at)),
            h("p", v.summary),
            v.content && v.content !== rec.content ? h("div.content.small", v.content) : null,
            labelChips(v.labels),
            provenanceLine(v.provenance, rec))))),
      h("aside.card", { "aria-label": "Details" },
        h("h3", "Details"),
        h("dl.kv",
          h("dt", "id"), h("dd", h("code", rec.id)),
          h("dt", "agent"), h("dd", rec.agent),
          h("dt", "actor"), h("dd", rec.actor ? actorLink(rec.actor) : "–"),
          h("dt", "session"), h("dd", rec.session || "–"),
          h("dt", "namespace"), h("dd", h("code", rec.namespace)),
          h("dt", "labels"), h("dd", labelChips(rec.labels) || "–"),
          h("dt", "version"), h("dd", String(rec.version)),
          h("dt", "created"), h("dd", time(rec.created_at)),
          h("dt", "updated"), h("dd", time(rec.updated_at))),
        h("h3", "Written by"),
        provenance(rec.provenance, rec),
        h("h3", "RETRIEVED uses"),
        uses instanceof Error ? errorBox(uses, "Could not load uses")
          : uses.length ? h("ol.uses#uses", { "aria-label": "Model calls this record reached, newest first" }, uses.map((u) => h("li",
            scoreBar(u.score, "score"),
            h("span", u.turn_id ? h("code", u.turn_id) : "–", ` · call #${u.call_index}`),
            h("span.muted", time(u.at)),
            u.actor && u.session ? h("a", { href: `#/sessions/${encodeURIComponent(u.actor)}/${encodeURIComponent(u.session)}` }, u.session) : null)))
            : h("p.muted.small", "No model call has received this record yet."))));
}

