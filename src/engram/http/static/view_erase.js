// Erase an actor: a hard delete of everything about them (privacy requests), behind a typed confirmation,
// ending with the receipt of what was removed.
import { api } from "./api.js";
import { errorBox, pageHead } from "./common.js";
import { h, mount, time } from "./dom.js";

export async function eraseView(ctx) {
  const agent = ctx.grant.agent;
  const fixed = ctx.grant.actor;
  const actor = h("input#erase-actor", {
    name: "actor", value: fixed || ctx.query.actor || "", readonly: Boolean(fixed), required: true,
    autocomplete: "off", spellcheck: "false", "data-search": "",
  });
  const confirm = h("input#erase-confirm", { name: "confirm", autocomplete: "off", spellcheck: "false", required: true });
  const prompt = h("span");
  const button = h("button.danger", { type: "submit", disabled: true }, "Erase everything about this actor");
  const out = h("div", { "aria-live": "polite" });
  const sync = () => {
    const a = actor.value.trim();
    prompt.replaceChildren("Type ", h("code", a ? `erase ${a}` : "erase <actor>"), " to confirm");
    button.disabled = !a || confirm.value.trim() !== `erase ${a}` || !ctx.grant.delete;
  };
  actor.addEventListener("input", sync);
  confirm.addEventListener("input", sync);
  sync();
  const form = h("form.card.stack", {
    "aria-label": "Erase an actor",
    onsubmit: async (ev) => {
      ev.preventDefault();
      const a = actor.value.trim();
      if (button.disabled) return;
      button.disabled = true;
      mount(out, h("div.loading", "Erasing"));
      try {
        const r = await api.erase(agent, a);
        confirm.value = "";
        const at = new Date().toISOString();
        mount(out, h("div.receipt#erase-receipt", { role: "status" },
          h("h2", "Erased"),
          h("p", "Everything about actor ", h("strong", r.actor), " of agent ", h("strong", r.agent), " was removed at ", time(at), "."),
          h("table", h("tbody",
            [["Events", r.events], ["Records", r.records], ["Derived records (other levels)", r.derived_records],
              ["Record versions", r.versions], ["Versions un-named", r.provenance], ["RETRIEVED uses", r.uses],
              ["Extraction jobs", r.jobs], ["Extraction cursors", r.cursors], ["Term statistics", r.term_stats],
              ["Vector index files", r.index_files]].map(([k, v]) => h("tr", h("th", { scope: "row" }, k), h("td.mono", String(v)))))),
          h("p.muted.small", "This receipt is shown once; the erase itself leaves no trace of the actor's data.")));
      } catch (err) {
        mount(out, errorBox(err, "Erase failed"));
      } finally {
        sync();
      }
    },
  },
  h("label", { for: "erase-actor" }, "Actor", actor),
  h("label", { for: "erase-confirm" }, prompt, confirm),
  h("div.form-row", button));
  return h("section",
    pageHead("Erase an actor", null),
    h("p", "A hard delete for privacy requests: every event, record (with its versions), RETRIEVED use and extraction job about the actor, and the records of any level derived from them, for agent ",
      h("strong", agent), ". It cannot be undone."),
    ctx.grant.delete ? null : h("div.error-box", "This key has no delete right, so it cannot erase."),
    form, out);
}
