// Extraction jobs: what ran, what failed and why, and a retry button for failed ones. The page says whether
// this server runs a job worker; with one, a retried job is followed until it is done or fails again.
import { api } from "./api.js";
import { actorLink, errorBox, pageHead, setQuery, table } from "./common.js";
import { badge, h, mount, shortId, time, toast } from "./dom.js";

const FOLLOW_POLLS = 120; // how many times a retried job is looked up (at the worker's interval) before giving up

function workerNote(worker, agent) {
  if (worker instanceof Error) return errorBox(worker, "Could not ask whether a job worker runs");
  if (worker.running) {
    return h("p.muted.small#worker-status", { dataset: { running: "true" } },
      "A job worker runs in this server: pending jobs are picked up within about ",
      `${Math.max(1, Math.round(worker.interval_seconds || 1))} s.`);
  }
  return h("div.error-box#worker-status", { role: "status", dataset: { running: "false" } },
    h("strong", "No job worker runs in this server"), " (it was started with --no-worker): pending and retried jobs ",
    "wait until a worker runs, for example ", h("code", `engram jobs run --agent ${agent}`), ".");
}

/** A job's row as the server last described it: status, attempts, error and when it last changed. */
function showJob(row, job) {
  row.querySelector(".job-status")?.replaceChildren(badge(job.status, job.status));
  row.querySelector(".job-attempts")?.replaceChildren(String(job.attempts));
  row.querySelector(".job-error")?.replaceChildren(job.error ? h("code", job.error) : h("span.muted", "–"));
  row.querySelector(".job-updated")?.replaceChildren(time(job.updated_at));
}

/** Look a job up until it leaves pending/running (the worker's pace), updating its row as it goes. */
async function follow(ctx, agent, id, row, intervalSeconds) {
  const wait = Math.max(200, (intervalSeconds || 0.5) * 1000);
  for (let i = 0; i < FOLLOW_POLLS && !ctx.stale() && row.isConnected; i++) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    let job;
    try {
      job = (await api.jobs(agent, ctx.grant.actor || null, { limit: 200 })).jobs.find((j) => j.id === id);
    } catch {
      return;
    }
    if (!job) return;
    showJob(row, job);
    if (job.status === "done" || job.status === "failed") {
      toast(`Job ${shortId(id)} is ${job.status}`, job.status === "done" ? "ok" : "error");
      return;
    }
  }
}

export async function jobsView(ctx) {
  const agent = ctx.grant.agent;
  const actor = ctx.grant.actor;
  const canRetry = Boolean(ctx.grant.admin) && !actor;
  const status = ctx.query.status || "";
  const sel = h("select", { name: "status", "aria-label": "Status", "data-search": "" },
    ["", "failed", "pending", "running", "done"].map((v) => h("option", { value: v, selected: v === status }, v || "any status")));
  sel.addEventListener("change", () => setQuery({ status: sel.value }, { push: true }));
  const out = h("div");
  const [worker, listed] = await Promise.all([
    api.worker().catch((err) => err),
    api.jobs(agent, actor, { status: status || undefined, limit: 200 }).then((d) => d.jobs).catch((err) => err),
  ]);
  const node = h("section",
    pageHead("Extraction jobs", null, h("label", "Status", sel)),
    workerNote(worker, agent),
    actor ? h("p.muted.small", `Jobs about actor ${actor}.`) : null,
    canRetry ? null : h("p.muted.small", "Retrying a job needs an agent-wide key with the admin right."),
    out);
  if (listed instanceof Error) {
    mount(out, errorBox(listed, "Could not list jobs"));
    return node;
  }
  const interval = worker instanceof Error || !worker.running ? null : worker.interval_seconds;
  const retry = (j) => {
    if (j.status !== "failed") return null;
    const b = h("button", { type: "button", "aria-label": `Retry job ${j.id}` }, "Retry");
    b.addEventListener("click", async () => {
      b.disabled = true;
      try {
        const after = await api.retryJob(agent, j.id);
        toast(`Job ${shortId(j.id)} is ${after.status} again`, "ok");
        const row = b.closest("tr");
        if (row) showJob(row, after);
        b.remove();
        if (row && interval) follow(ctx, agent, j.id, row, interval);
      } catch (err) {
        toast(err.message, "error");
        b.disabled = false;
      }
    });
    return b;
  };
  const columns = [
    { title: "Job", cls: "nowrap", render: (j) => h("code", { title: j.id }, shortId(j.id)) },
    { title: "Status", cls: "nowrap job-status", render: (j) => badge(j.status, j.status) },
    { title: "Kind", cls: "nowrap", render: (j) => j.kind },
    { title: "Actor / session", render: (j) => (j.actor && j.session
      ? [actorLink(j.actor), " / ", h("a", { href: `#/sessions/${encodeURIComponent(j.actor)}/${encodeURIComponent(j.session)}` }, j.session)]
      : j.actor ? actorLink(j.actor) : "–") },
    { title: "Attempts", cls: "nowrap job-attempts", render: (j) => String(j.attempts) },
    { title: "Error", cls: "job-error", render: (j) => (j.error ? h("code", j.error) : h("span.muted", "–")) },
    { title: "Updated", cls: "nowrap job-updated", render: (j) => time(j.updated_at) },
  ];
  if (canRetry) columns.push({ title: "Retry", cls: "nowrap", render: retry });
  mount(out, table(columns, listed, { empty: status ? `No ${status} jobs.` : "No extraction jobs yet." }));
  return node;
}
