// Extraction jobs: what ran, what failed and why, and a retry button for failed ones.
import { api } from "./api.js";
import { errorBox, pageHead, setQuery, table } from "./common.js";
import { badge, h, mount, shortId, time, toast } from "./dom.js";

export async function jobsView(ctx) {
  const agent = ctx.grant.agent;
  const actor = ctx.grant.actor;
  const status = ctx.query.status || "";
  const sel = h("select", { name: "status", "aria-label": "Status", "data-search": "" },
    ["", "failed", "pending", "running", "done"].map((v) => h("option", { value: v, selected: v === status }, v || "any status")));
  sel.addEventListener("change", () => setQuery({ status: sel.value }, { push: true }));
  const out = h("div");
  const node = h("section",
    pageHead("Extraction jobs", null, h("label", "Status", sel)),
    actor ? h("p.muted.small", `Jobs about actor ${actor}.`) : null,
    !ctx.grant.admin ? h("p.muted.small", "Retrying a job needs an agent-wide key with the admin right.") : null,
    out);
  let jobs;
  try {
    jobs = (await api.jobs(agent, actor, { status: status || undefined, limit: 200 })).jobs;
  } catch (err) {
    mount(out, errorBox(err, "Could not list jobs"));
    return node;
  }
  const retry = (j) => {
    if (j.status !== "failed") return null;
    const b = h("button", { type: "button", disabled: !ctx.grant.admin || Boolean(actor), "aria-label": `Retry job ${j.id}` }, "Retry");
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        const after = await api.retryJob(agent, j.id);
        toast(`Job ${shortId(j.id)} is ${after.status} again`, "ok");
        const cell = b.closest("tr")?.querySelector(".job-status");
        if (cell) cell.replaceChildren(badge(after.status, after.status));
        b.remove();
      } catch (err) {
        toast(err.message, "error");
        b.disabled = false;
      }
    });
    return b;
  };
  mount(out, table([
    { title: "Job", cls: "nowrap", render: (j) => h("code", { title: j.id }, shortId(j.id)) },
    { title: "Status", cls: "nowrap job-status", render: (j) => badge(j.status, j.status) },
    { title: "Kind", cls: "nowrap", render: (j) => j.kind },
    { title: "Actor / session", render: (j) => (j.actor && j.session
      ? h("a", { href: `#/sessions/${encodeURIComponent(j.actor)}/${encodeURIComponent(j.session)}` }, `${j.actor} / ${j.session}`)
      : j.actor || "–") },
    { title: "Attempts", cls: "nowrap", render: (j) => String(j.attempts) },
    { title: "Error", render: (j) => (j.error ? h("code.job-error", j.error) : h("span.muted", "–")) },
    { title: "Updated", cls: "nowrap", render: (j) => time(j.updated_at) },
    { title: "", cls: "nowrap", render: retry },
  ], jobs, { empty: status ? `No ${status} jobs.` : "No extraction jobs yet." }));
  return node;
}
