// Configuration of the signed-in agent: the one in force (its own, else the database-wide default), editable in
// any accepted shape, validated by the server with the error shown next to the field it names. "Save" stores a
// whole new version (PUT); "change only what it names" applies it like update-harness (PATCH). Saving needs an
// admin key of the agent; every version stays listed.
import { api, ApiError } from "./api.js";
import { errorBox, pageHead } from "./common.js";
import { h, mount, time, toast } from "./dom.js";

const MANAGED_EXAMPLE = {
  memory: {
    managedMemoryConfiguration: { eventExpiryDuration: 30, strategies: ["SEMANTIC", "USER_PREFERENCE", "SUMMARIZATION"] },
  },
  truncation: { strategy: "sliding_window", slidingWindowConfig: { numMessages: 30 } },
};

const BYO_EXAMPLE = {
  memory: {
    agentCoreMemoryConfiguration: {
      arn: "arn:aws:bedrock-agentcore:us-west-2:123456789012:memory/MyMemory-abc123",
      retrievalConfig: { "/facts/{actorId}/": { topK: 5, relevanceScore: 0.5, strategyId: "FactExtractor-abc123" } },
    },
  },
  truncation: { strategy: "summarization", config: { summarization: { summaryRatio: 0.3, preserveRecentMessages: 6 } } },
};

const UPDATE_EXAMPLE = {
  optionalValue: { managedMemoryConfiguration: { strategies: ["SEMANTIC", "SUMMARIZATION", "USER_PREFERENCE", "EPISODIC"] } },
};

/** Where in the JSON text a dotted field path points: the offset of its last key, or -1. */
function locate(text, field) {
  if (!field) return -1;
  const keys = field.split(".").map((k) => k.replace(/\[\d+\]$/, "")).filter((k) => k && k !== "config");
  let from = 0;
  for (const k of keys) {
    const at = text.indexOf(JSON.stringify(k), from);
    if (at < 0) return from > 0 ? from : -1;
    from = at;
  }
  return from;
}

function lineOf(text, offset) {
  return text.slice(0, offset).split("\n").length;
}

export async function configView(ctx) {
  const agent = ctx.grant.agent;
  if (ctx.grant.actor) {  // an agent's configuration is not one actor's: such a key may neither read nor change it
    return h("section", pageHead("Configuration", null),
      h("div.card#config-unavailable", h("p",
        `This key is bound to actor ${ctx.grant.actor}. The configuration applies to every actor of ${agent}, `,
        "so it is shown to agent-wide keys only (and changed with an admin key).")));
  }
  const current = await api.agentConfig(agent);
  const admin = ctx.grant.admin;
  const harness = JSON.stringify(current.config, null, 2);
  const editor = h("textarea#config-editor", {
    rows: "26", spellcheck: "false", "aria-label": "Configuration JSON", "aria-describedby": "config-error",
    readonly: !admin,
  });
  editor.value = harness;
  const error = h("div#config-error", { role: "alert" });
  const update = h("input#config-update", { type: "checkbox", disabled: !admin });
  const shapes = [
    ["harness", "Harness shape (in force)", harness, false],
    ["managed", "Managed shape", JSON.stringify(MANAGED_EXAMPLE, null, 2), false],
    ["byo", "Bring-your-own shape", JSON.stringify(BYO_EXAMPLE, null, 2), false],
    ["update", "Update (optionalValue)", JSON.stringify(UPDATE_EXAMPLE, null, 2), true],
  ];
  const tabs = h("div.form-row", { role: "tablist", "aria-label": "Configuration shape" },
    shapes.map(([id, title, text, isUpdate], i) => {
      const b = h("button", { type: "button", role: "tab", "aria-selected": String(i === 0), dataset: { shape: id } }, title);
      b.addEventListener("click", () => {
        for (const t of tabs.querySelectorAll("[role=tab]")) t.setAttribute("aria-selected", String(t === b));
        editor.value = text;
        update.checked = isUpdate;
        clearError();
      });
      return b;
    }));
  const clearError = () => {
    error.replaceChildren();
    editor.removeAttribute("aria-invalid");
  };
  const showError = (message, field, offset) => {
    editor.setAttribute("aria-invalid", "true");
    const where = offset >= 0 ? ` (line ${lineOf(editor.value, offset)})` : "";
    mount(error, h("div.field-error",
      field ? h("strong", h("code", field), ": ") : null, message, where));
    if (offset >= 0) {
      editor.focus();
      editor.setSelectionRange(offset, offset + (field ? JSON.stringify(field.split(".").pop()).length : 1));
    }
  };
  const save = h("button.primary", { type: "submit", disabled: !admin }, "Validate and save");
  const form = h("form", {
    "aria-label": "Edit configuration",
    onsubmit: async (ev) => {
      ev.preventDefault();
      clearError();
      let doc;
      try {
        doc = JSON.parse(editor.value);
      } catch (err) {
        const m = /position (\d+)/.exec(String(err.message));
        showError("not valid JSON: " + err.message, null, m ? Number(m[1]) : -1);
        return;
      }
      save.disabled = true;
      try {
        const saved = update.checked ? await api.patchAgentConfig(agent, doc) : await api.putAgentConfig(agent, doc);
        toast(`Saved as version ${saved.version} of ${agent}`, "ok");
        window.dispatchEvent(new HashChangeEvent("hashchange"));
      } catch (err) {
        if (err instanceof ApiError && err.status === 422) showError(err.message, err.field, locate(editor.value, err.field));
        else mount(error, errorBox(err, "Could not save"));
      } finally {
        save.disabled = !admin;
      }
    },
  }, tabs, editor, error,
  h("div.form-row", h("label", { for: "config-update" }, update, " Change only what it names (update)")),
  h("div.form-row", save,
    h("span.muted.small", admin
      ? "Any shape is accepted (harness, or AgentCore's memory and truncation values); the server converts it to the harness shape. Without 'update' the document is a whole configuration. A declared label keeps its number forever."
      : "Read-only: saving a configuration needs an admin key.")));

  let history;
  try {
    history = (await api.agentConfigHistory(agent)).versions;
  } catch (err) {
    history = err;
  }
  const source = current.own ? "its own configuration"
    : "the database-wide default (no configuration of its own yet)";
  return h("section",
    pageHead(`Configuration of ${agent}`, null,
      h("span.muted#config-source", `${current.version ? `version ${current.version}` : "defaults"} · ${source}`)),
    h("div.grid2",
      h("div.card", form),
      h("aside.card", h("h3", "Versions"),
        history instanceof Error ? errorBox(history)
            : history.length ? h("ol.timeline", [...history].reverse().map((v) => {
              const load = h("button.ghost", { type: "button" }, `Load version ${v.version}`);
              load.addEventListener("click", () => {
                editor.value = JSON.stringify(v.config, null, 2);
                clearError();
              });
              return h("li", { class: v.version === current.version ? "current" : "" },
                h("div.meta", h("strong", `v${v.version}`), time(v.at)), load);
            })) : h("p.muted.small", "No configuration of its own yet: the default is in force."))));
}
