// An actor's profile: everything engram holds about one actor on one page (records by kind, pins, sessions,
// the model calls their records reached, extraction jobs): the page a support person opens first. It reads
// through the key like every page, and a key bound to another actor is told so before anything is asked.
import { api, ApiError } from "./api.js";
import { errorBox, pageHead, recordLink, sessionLink, table } from "./common.js";
import { badge, h, scoreBar, shortId, time } from "./dom.js";

const enc = encodeURIComponent;
const RECORDS = 200; // the newest active records grouped by kind (a count past it is shown as "200+")
const PER_KIND = 5;
const USED = 12; // records whose RETRIEVED uses are looked up: the pins, then the newest
const USES = 15;

/** A part of the page that failed on its own: an error box in its place, the rest still shown. */
async function part(promise) {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) throw err;
    return err instanceof Error ? err : new Error(String(err));
  }
}

function byKind(records) {
  const groups = new Map();
  for (const r of records) {
    if (!groups.has(r.kind)) groups.set(r.kind, []);
    groups.get(r.kind).push(r);
  }
  return [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

async function recentUses(s, records) {
  const lists = await Promise.all(records.slice(0, USED).map((r) => api.uses(s, r.id, { limit: 5 })
    .then((d) => d.uses.map((u) => ({ ...u, record: r }))).catch(() => [])));
  return lists.flat().sort((a, b) => String(b.at).localeCompare(String(a.at))).slice(0, USES);
}

export async function profileView(ctx) {
  const agent = ctx.grant.agent;
  const actor = ctx.params.actor;
  const crumbs = ctx.grant.actor ? null : [h("a", { href: "#/actors" }, "Actors")];
  if (ctx.grant.actor && ctx.grant.actor !== actor) {
    return h("section", pageHead(`Actor ${actor}`, crumbs),
      h("div.error-box#profile-refused", { role: "alert" },
        `This key is bound to actor ${ctx.grant.actor}: another actor's profile is not visible to it.`));
  }
  const s = { agent, actor, session: null };
  const [records, pins, sessions, jobs] = await Promise.all([
    api.records(s, { limit: RECORDS }).then((d) => d.records),
    part(api.pins(s)),
    part(api.sessions(agent, actor, { limit: 100 }).then((d) => d.sessions)),
    part(api.jobs(agent, actor, { limit: 10 }).then((d) => d.jobs)),
  ]);
  const own = records.filter((r) => r.actor === actor);
  const shared = records.length - own.length;
  const pinned = pins instanceof Error ? [] : pins.records.filter((r) => r.actor === actor);
  const seen = new Set();
  const usedFrom = [...pinned, ...own].filter((r) => !seen.has(r.id) && seen.add(r.id));
  const more = records.length === RECORDS ? "+" : "";
  const events = sessions instanceof Error ? null : sessions.reduce((n, x) => n + x.events, 0);
  const first = sessions instanceof Error || !sessions.length ? null : sessions.map((x) => x.first_at).sort()[0];
  const last = sessions instanceof Error || !sessions.length ? null : sessions.map((x) => x.last_at).sort().at(-1);

  if (!own.length && !pinned.length && Array.isArray(sessions) && !sessions.length && Array.isArray(jobs) && !jobs.length) {
    // an id with nothing behind it (a typo, an erased actor): said in words, not as an empty profile
    return h("section", { "aria-labelledby": "profile-title" },
      pageHead(h("span#profile-title", `Actor ${actor}`), crumbs),
      h("div.card#profile-empty", { role: "status" },
        h("p", `engram holds nothing about actor ${actor}: no records, no sessions or events, no extraction jobs.`),
        h("p.muted.small", "Actor ids are exact (letter case and punctuation count)",
          ctx.grant.actor ? "." : [": see ", h("a", { href: "#/actors" }, "the actors with events"), "."])));
  }
  const kinds = byKind(own);
  const kindsBox = kinds.length
    ? kinds.map(([kind, recs]) => h("div.card.kind", { dataset: { kind } },
      h("div.kind-head", h("h3", `${kind} · ${recs.length}${more}`),
        h("a", { href: `#/records?actor=${enc(actor)}&kind=${enc(kind)}` }, "all")),
      h("ul.plain", recs.slice(0, PER_KIND).map((r) => h("li",
        recordLink(r), " ", badge(r.level), r.pinned ? badge("pinned", "pinned") : null,
        h("span.muted.small", " ", time(r.updated_at)))))))
    : h("div.card", h("p.muted", "engram holds no active record about this actor."));

  const summary = h("dl.kv#profile-summary",
    h("dt", "active records"), h("dd", `${own.length}${more}`),
    h("dt", "agent-level records"), h("dd", { title: "memory of the agent that every actor's turns may read" }, String(shared)),
    h("dt", "pins"), h("dd", pins instanceof Error ? "–" : `${pinned.length} (${pins.used_tokens} of ${pins.budget_tokens} tokens)`),
    h("dt", "sessions"), h("dd", sessions instanceof Error ? "–" : String(sessions.length)),
    h("dt", "events"), h("dd", events === null ? "–" : String(events)),
    h("dt", "first seen"), h("dd", first ? time(first) : "–"),
    h("dt", "last active"), h("dd", last ? time(last) : "–"));

  // uses take one request per record: they fill in after the rest of the page is on screen
  const usesBox = h("div", { "aria-live": "polite" }, h("p.muted.small", "Looking up uses…"));
  part(recentUses(s, usedFrom)).then((uses) => {
    if (ctx.stale()) return;
    usesBox.replaceChildren(uses instanceof Error ? errorBox(uses, "Could not load uses")
      : uses.length ? h("ol.uses#profile-uses", { "aria-label": "Model calls this actor's records reached, newest first" },
        uses.map((u) => h("li", scoreBar(u.score, "score"), recordLink(u.record, u.record.summary.slice(0, 60)),
          h("span.muted.small", u.turn_id ? shortId(u.turn_id) : "–", ` · call #${u.call_index} · `, time(u.at)))))
        : h("p.muted.small", "No model call has received this actor's pinned or newest records yet."));
  }).catch((err) => usesBox.replaceChildren(errorBox(err, "Could not load uses")));

  const jobsBox = jobs instanceof Error ? errorBox(jobs, "Could not list jobs")
    : jobs.length ? h("ul.plain", jobs.map((j) => h("li", badge(j.status, j.status), " ", h("code", { title: j.id }, shortId(j.id)),
      j.session ? [" ", sessionLink(actor, j.session)] : null, j.error ? h("div.muted.small", j.error) : null)))
      : h("p.muted.small", "No extraction jobs about this actor.");

  return h("section", { "aria-labelledby": "profile-title" },
    pageHead(h("span#profile-title", `Actor ${actor}`), crumbs,
      h("a.btn", { href: `#/records?actor=${enc(actor)}` }, "Records"),
      h("a.btn", { href: `#/recall?actor=${enc(actor)}` }, "Recall"),
      ctx.grant.delete ? h("a.btn", { href: `#/erase?actor=${enc(actor)}` }, "Erase…") : null),
    h("div.grid2",
      h("div",
        h("h2", "Records by kind", h("span.muted.small", own.length ? `  newest ${PER_KIND} of each` : "")),
        h("div#profile-kinds", kindsBox),
        h("h2", `Sessions (${sessions instanceof Error ? "?" : sessions.length})`),
        sessions instanceof Error ? errorBox(sessions, "Could not list sessions") : table([
          { title: "Session", render: (x) => sessionLink(actor, x.session) },
          { title: "Events", cls: "nowrap", render: (x) => String(x.events) },
          { title: "First", cls: "nowrap", render: (x) => time(x.first_at) },
          { title: "Last", cls: "nowrap", render: (x) => time(x.last_at) },
        ], sessions, { empty: "This actor has no events." })),
      h("aside",
        h("div.card", h("h3", "At a glance"), summary),
        h("div.card", h("h3", "Pins"), pins instanceof Error ? errorBox(pins, "Could not load pins")
          : pinned.length ? h("ul.plain#profile-pins", pinned.map((r) => h("li", recordLink(r))))
            : h("p.muted.small", "Nothing of this actor's is pinned.")),
        h("div.card", h("h3", "Recent uses"), usesBox),
        h("div.card", h("h3", "Extraction jobs"), jobsBox))));
}
