// Recall playground: pick a scope, type a query, see the hits with their score parts, and what the
// min_score and topK (limit) cut off. It only reads: no RETRIEVED use is logged from here.
import { api } from "./api.js";
import {
  apiScope, currentScope, describeScope, errorBox, labelChips, pageHead, recordBadges, recordLink, scopeBar,
  setQuery,
} from "./common.js";
import { h, mount, score, scoreBar } from "./dom.js";

const WIDE = 50;

export async function recallView(ctx) {
  const q = ctx.query;
  const scope = currentScope(ctx.grant, q);
  const query = h("input", {
    type: "search", name: "query", value: q.query || "", placeholder: "What is the agent about to work on?  ( / )",
    "data-search": "", "data-autofocus": "", "aria-label": "Query", required: true,
  });
  const mode = h("select", { name: "mode", "aria-label": "Mode" },
    ["", "hybrid", "lexical", "vector"].map((m) => h("option", { value: m, selected: m === (q.mode || "") }, m || "configured mode")));
  const limit = h("input", { type: "number", name: "limit", min: "1", max: "200", value: q.limit || "10", "aria-label": "topK (limit)" });
  const minScore = h("input", { type: "number", name: "min_score", min: "0", max: "1", step: "0.05", value: q.min_score || "", placeholder: "configured", "aria-label": "min_score" });
  const kind = h("input", { name: "kind", value: q.kind || "", placeholder: "any", "aria-label": "Kind" });
  const ns = h("input", { name: "namespace", value: q.namespace || "", placeholder: "any", "aria-label": "Namespace" });
  const preview = h("input", { type: "checkbox", name: "preview", checked: q.preview === "1" });
  const out = h("div", { "aria-live": "polite" });

  const run = (ev) => {
    ev?.preventDefault();
    setQuery({
      query: query.value.trim(), mode: mode.value, limit: limit.value, min_score: minScore.value, kind: kind.value.trim(),
      namespace: ns.value.trim(), preview: preview.checked ? "1" : "", actor: scope.actor, session: scope.session,
    }, { push: true, path: ctx.path });
  };
  const form = h("form.filters", { "aria-label": "Recall", onsubmit: run },
    h("label", "Query", query), h("label", "Mode", mode), h("label", "topK", limit), h("label", "min_score", minScore),
    h("label", "Kind", kind), h("label", "Namespace", ns), h("label.inline", preview, "preview"),
    h("button.primary", { type: "submit" }, "Recall"));
  const bar = scopeBar(ctx.grant, scope, api, (s) => setQuery({ ...q, actor: s.actor, session: s.session }, { push: true }),
    ["Recalling from ", describeScope(scope), ". Nothing is logged as a use."]);
  const node = h("section",
    pageHead("Recall playground", null),
    bar,
    form, out);
  if (!q.query || !scope.agent) {
    mount(out, h("p.muted", "Type a query to see what this scope would hand the model, and why."));
    return node;
  }

  const s = apiScope(scope);
  const k = Math.max(1, Math.min(200, parseInt(q.limit || "10", 10) || 10));
  const body = {
    query: q.query, limit: k, mode: q.mode || undefined, kind: q.kind || undefined, namespace: q.namespace || undefined,
    preview: q.preview === "1",
  };
  if (q.min_score !== undefined && q.min_score !== "") body.min_score = Number(q.min_score);
  const t0 = performance.now();
  let kept;
  try {
    kept = (await api.recall(s, body)).hits;
  } catch (err) {
    mount(out, errorBox(err, "Recall failed"));
    return node;
  }
  const ms = performance.now() - t0;
  const minS = body.min_score;
  const wideLimit = Math.max(WIDE, k * 3);

  const row = (x, i, reason) => h("tr", { class: reason ? "cut row" : "row", "aria-selected": "false" },
    h("td.nowrap", { dataset: { label: "Rank" } },
      reason ? h("span.badge.badge-bad", { title: "why it was not handed over" }, "cut: " + reason) : `#${i + 1}`),
    h("td.summary", { dataset: { label: "Record" } }, recordLink(x.record), h("div", labelChips(x.record.labels))),
    h("td.nowrap", { dataset: { label: "Score" } }, scoreBar(x.score, "score")),
    h("td.nowrap", { dataset: { label: "Score parts" } }, h("div.parts",
      h("span.k", { title: "lexical" }, "lex"), scoreBar(x.parts?.lexical, "lexical"),
      h("span.k", { title: "vector" }, "vec"), scoreBar(x.parts?.vector, "vector"),
      h("span.k", { title: "recency" }, "rec"), scoreBar(x.parts?.recency, "recency"),
      h("span.k", { title: "share of the keyword evidence lent by neighbouring items" }, "ctx"),
      scoreBar(x.parts?.context, "context"),
      h("span.k", { title: "best hybrid score of the hit's episode" }, "epi"), scoreBar(x.parts?.episode, "episode"),
      h("span.k", { title: "1 when the query names a period or asks when, and the hit fits" }, "time"),
      scoreBar(x.parts?.time, "time"),
      h("span.k", { title: "the embedder's raw cosine; vec is 0 while it is under the embedder's floor" }, "cos"),
      h("span.num.cosine", score(x.parts?.cosine)))),
    h("td.nowrap", { dataset: { label: "Kind" } }, x.record.kind, " · ", x.record.level, " ", recordBadges(x.record)));

  const cutBody = h("tbody#recall-cut", h("tr.cut-note", h("td.muted.small", { colspan: "5" }, "Looking for what topK and min_score cut off…")));
  mount(out,
    h("div.page-head",
      h("p.muted.small", `${kept.length} hits handed over (topK ${k}, min_score ${minS === undefined ? "as configured" : score(minS)}) in ${ms.toFixed(0)} ms.`),
      h("div.legend", { "aria-hidden": "true" }, h("span", h("i.lex"), "lexical (BM25, normalised)"),
        h("span", h("i.vec"), "vector (cosine, normalised)"), h("span", h("i.rec"), "recency"))),
    h("div.table-wrap", h("table#recall-hits",
      h("thead", h("tr", ["Rank", "Record", "Score", "Score parts", "Kind"].map((t) => h("th", { scope: "col" }, t)))),
      h("tbody", kept.length ? kept.map((x, i) => row(x, i, null))
        : h("tr", h("td.empty", { colspan: "5" }, "Nothing in this scope passes topK and min_score."))),
      cutBody)));

  // What was cut, and by what, from two wider recalls (after the hits are on screen): beyond topK (kept by
  // min_score, ranked past the limit), or below min_score (a match by meaning alone whose cosine is under it).
  Promise.all([
    api.recall(s, { ...body, limit: wideLimit }).then((r) => r.hits),
    api.recall(s, { ...body, limit: wideLimit, min_score: 0 }).then((r) => r.hits),
  ]).then(([withMin, noMin]) => {
    const keptIds = new Set(kept.map((x) => x.record.id));
    const minIds = new Set(withMin.map((x) => x.record.id));
    const cut = [
      ...withMin.filter((x) => !keptIds.has(x.record.id)).map((hit) => ({ hit, reason: "topK" })),
      ...noMin.filter((x) => !minIds.has(x.record.id) && !keptIds.has(x.record.id)).map((hit) => ({ hit, reason: "min_score" })),
    ];
    const rows = [h("tr.cut-line", h("td", { colspan: "5" },
      `Cut off: ${cut.filter((c) => c.reason === "topK").length} beyond topK ${k}, ` +
      `${cut.filter((c) => c.reason === "min_score").length} below min_score ${minS === undefined ? "(configured)" : score(minS)}`))];
    if (cut.length) {
      rows.push(h("tr.cut-note", h("td.muted.small", { colspan: "5" },
        `The next candidates, from a wider recall (limit ${wideLimit}). Scores are absolute (the same in any pool); ` +
        "cos is the raw cosine: a vec of 0 means it is under what unrelated text reaches with this embedder.")));
      for (const c of cut.slice(0, 20)) rows.push(row(c.hit, 0, c.reason));
    }
    if (!ctx.stale()) mount(cutBody, rows);
  }).catch((err) => mount(cutBody, h("tr", h("td", { colspan: "5" }, errorBox(err, "Could not compute the cut-offs")))));
  return node;
}
