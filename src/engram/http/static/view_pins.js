// Pins: the records shown to every turn of a scope, and how much of pinned.max_tokens they use. A pin the key
// may not change (a level it cannot write: agent-level pins for a key bound to one actor) has no Unpin button.
import { api } from "./api.js";
import {
  apiScope, currentScope, describeScope, errorBox, labelChips, pageHead, recordBadges, recordLink, scopeBar,
  setQuery, table, writableLevels,
} from "./common.js";
import { h, time, toast } from "./dom.js";

export async function pinsView(ctx) {
  const scope = currentScope(ctx.grant, ctx.query);
  const bar = scopeBar(ctx.grant, scope, api, (s) => setQuery({ actor: s.actor, session: s.session }, { push: true }),
    ["Pins shown to every turn of ", describeScope(scope), "."]);
  const head = [pageHead("Pins", null), bar];
  if (!scope.agent) return h("section", head, h("div.empty", "Choose an agent."));
  const s = apiScope(scope);
  let data;
  let writable;
  try {
    [data, writable] = await Promise.all([api.pins(s), writableLevels(ctx.grant, api)]);
  } catch (err) {
    return h("section", head, errorBox(err, "Could not load pins"));
  }
  const used = data.used_tokens;
  const budget = data.budget_tokens;
  const ratio = budget ? used / budget : 1;
  const unpin = (r) => {
    if (!writable.includes(r.level)) {
      return h("span.muted.small", { title: `this key may not change ${r.level}-level records` }, "–");
    }
    const b = h("button", { type: "button", "aria-label": `Unpin ${r.summary}` }, "Unpin");
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        await api.unpin(s, r.id);
        toast("Unpinned", "ok");
        window.dispatchEvent(new HashChangeEvent("hashchange"));
      } catch (err) {
        toast(err.message, "error");
        b.disabled = false;
      }
    });
    return b;
  };
  return h("section", head,
    h("div.card.budget", { "aria-label": "Pin budget" },
      h("div.nums", h("strong", "Token budget"), h("span#pin-budget", `${used} of ${budget} tokens (${Math.round(ratio * 100)}%)`)),
      h("meter", { min: "0", max: String(budget || 1), low: String(Math.round((budget || 1) * 0.7)), high: String(Math.round((budget || 1) * 0.9)),
        optimum: "0", value: String(used), "aria-label": `${used} of ${budget} pin tokens used` }),
      h("p.muted.small", ratio > 0.9
        ? "Nearly full: a pin that would exceed pinned.max_tokens is refused. Consolidate pins into fewer, shorter records."
        : "A pin that would exceed pinned.max_tokens is refused with a request to consolidate.")),
    table([
      { title: "Summary", cls: "summary", render: (r) => recordLink(r) },
      { title: "Kind", cls: "nowrap", render: (r) => r.kind },
      { title: "Level", cls: "nowrap", render: (r) => r.level },
      { title: "Labels", render: (r) => labelChips(r.labels) },
      { title: "Status", cls: "nowrap", render: (r) => recordBadges(r) },
      { title: "Updated", cls: "nowrap", render: (r) => time(r.updated_at) },
      { title: "", cls: "nowrap", render: unpin },
    ], data.records, { empty: "Nothing is pinned in this scope. Pin a record from its page." }));
}
