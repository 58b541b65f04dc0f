// Configuration: the one in force, editable in either accepted shape, validated by the server with the
// error shown next to the field it names. Saving needs an admin key (the config applies to every agent).
import { api, ApiError } from "./api.js";
import { errorBox, pageHead } from "./common.js";
import { h, mount, time, toast } from "./dom.js";

const MANAGED_EXAMPLE = {
  memory: {
    managedMemoryConfiguration: { eventExpiryDuration: 30, strategies: ["SEMANTIC", "USER_PREFERENCE", "SUMMARIZATION"] },
  },
  truncation: { strategy: "sliding_window", config: { slidingWindow: { messagesCount: 40 } } },
};

const BYO_EXAMPLE = {
  memory: {
    agentCoreMemoryConfiguration: {
      messagesCount: 20, retrievalConfig: { "/facts/{actorId}/": { topK: 10, relevanceScore: 0.2 } },
    },
  },
  truncation: { strategy: "summarization", config: { summarization: { keepLast: 6, messagesCount: 40 } } },
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
  const current = await api.config();
  const admin = ctx.grant.admin;
  const harness = JSON.stringify(current.config, null, 2);
  const editor = h("textarea#config-editor", {
    rows: "26", spellcheck: "false", "aria-label": "Configuration JSON", "aria-describedby": "config-error",
    readonly: !admin,
  });
  editor.value = harness;
  const error = h("div#config-error", { role: "alert" });
  const shapes = [
    ["harness", "Harness shape (in force)", harness],
    ["managed", "Managed shape", JSON.stringify(MANAGED_EXAMPLE, null, 2)],
    ["byo", "Bring-your-own shape", JSON.stringify(BYO_EXAMPLE, null, 2)],
  ];
  const tabs = h("div.form-row", { role: "tablist", "aria-label": "Configuration shape" },
    shapes.map(([id, title, text], i) => {
      const b = h("button", { type: "button", role: "tab", "aria-selected": String(i === 0), dataset: { shape: id } }, title);
      b.addEventListener("click", () => {
        for (const t of tabs.querySelectorAll("[role=tab]")) t.setAttribute("aria-selected", String(t === b));
        editor.value = text;
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
        const saved = await api.putConfig(doc);
        toast(`Saved as version ${saved.version}`, "ok");
        window.dispatchEvent(new HashChangeEvent("hashchange"));
      } catch (err) {
        if (err instanceof ApiError && err.status === 422) showError(err.message, err.field, locate(editor.value, err.field));
        else mount(error, errorBox(err, "Could not save"));
      } finally {
        save.disabled = !admin;
      }
    },
  }, tabs, editor, error,
  h("div.form-row", save,
    h("span.muted.small", admin
      ? "Either shape is accepted; the server converts the managed and bring-your-own shapes to the harness shape. A declared label keeps its number."
      : "Read-only: saving a configuration needs an admin key.")));

  let history = null;
  if (admin) {
    try {
      history = (await api.configHistory()).versions;
    } catch (err) {
      history = err;
    }
  }
  return h("section",
    pageHead("Configuration", null, h("span.muted", current.version ? `version ${current.version}` : "defaults")),
    h("div.grid2",
      h("div.card", form),
      h("aside.card", h("h3", "Versions"),
        history === null ? h("p.muted.small", "Admin keys see every stored version.")
          : history instanceof Error ? errorBox(history)
            : history.length ? h("ol.timeline", [...history].reverse().map((v) => {
              const load = h("button.ghost", { type: "button" }, `Load version ${v.version}`);
              load.addEventListener("click", () => {
                editor.value = JSON.stringify(v.config, null, 2);
                clearError();
              });
              return h("li", { class: v.version === current.version ? "current" : "" },
                h("div.meta", h("strong", `v${v.version}`), time(v.at)), load);
            })) : h("p.muted.small", "No configuration stored yet: defaults are in force."))));
}
