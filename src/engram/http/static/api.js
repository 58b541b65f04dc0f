// The only door to the server: every call goes to the HTTP API with the key from session storage.
// The key is never put in a URL, never logged, and never stored beyond this tab's session.

const KEY = "engram.key";

export function getKey() {
  return sessionStorage.getItem(KEY) || "";
}

export function setKey(key) {
  sessionStorage.setItem(KEY, key);
}

export function clearKey() {
  sessionStorage.removeItem(KEY);
}

/** An error the API answered with: {"error": {"type", "message", "field"}} plus the HTTP status. */
export class ApiError extends Error {
  constructor(status, type, message, field) {
    super(message);
    this.status = status;
    this.type = type;
    this.field = field || null;
  }
}

const enc = encodeURIComponent;

async function call(method, path, { body, query, key } = {}) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query || {})) {
    if (v === undefined || v === null || v === "") continue;
    if (Array.isArray(v)) for (const x of v) url.searchParams.append(k, String(x));
    else url.searchParams.set(k, String(v));
  }
  const headers = { Accept: "application/json", Authorization: "Bearer " + (key || getKey()) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(url, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit", cache: "no-store", referrerPolicy: "no-referrer",
    });
  } catch (err) {
    throw new ApiError(0, "NetworkError", "the server did not answer: " + err.message, null);
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = data && data.error;
    throw new ApiError(res.status, (e && e.type) || "HTTPError", (e && e.message) || `HTTP ${res.status}`,
      e && e.field);
  }
  return data;
}

/** The path prefix of a scope: /v1/agents/A[/actors/X][/sessions/S] (a session may have no actor). */
export function scopePath(agent, actor, session) {
  let p = `/v1/agents/${enc(agent)}`;
  if (actor) p += `/actors/${enc(actor)}`;
  if (session) p += `/sessions/${enc(session)}`;
  return p;
}

export const api = {
  whoami: (key) => call("GET", "/v1/key", { key }),

  actors: (agent, query) => call("GET", `${scopePath(agent)}/actors`, { query }),
  sessions: (agent, actor, query) => call("GET", `${scopePath(agent, actor)}/sessions`, { query }),
  event: (agent, actor, session, id) => call("GET", `${scopePath(agent, actor, session)}/events/${enc(id)}`),
  events: (agent, actor, session, query) =>
    call("GET", `${scopePath(agent, actor, session)}/events`, { query }),
  searchHistory: (agent, actor, session, body) =>
    call("POST", `${scopePath(agent, actor, session)}/history/search`, { body }),

  records: (s, query) => call("GET", `${scopePath(s.agent, s.actor, s.session)}/records`, { query }),
  record: (s, id, query) => call("GET", `${scopePath(s.agent, s.actor, s.session)}/records/${enc(id)}`, { query }),
  // where a record is read (its actor and session), looked for at or below the scope among what the key may read
  recordScope: (s, id) => call("GET", `${scopePath(s.agent, s.actor, s.session)}/records/${enc(id)}/scope`),
  versions: (s, id) => call("GET", `${scopePath(s.agent, s.actor, s.session)}/records/${enc(id)}/history`),
  uses: (s, id, query) => call("GET", `${scopePath(s.agent, s.actor, s.session)}/records/${enc(id)}/uses`, { query }),
  recall: (s, body) => call("POST", `${scopePath(s.agent, s.actor, s.session)}/recall`, { body }),

  pins: (s) => call("GET", `${scopePath(s.agent, s.actor, s.session)}/pins`),
  pin: (s, id) => call("PUT", `${scopePath(s.agent, s.actor, s.session)}/records/${enc(id)}/pin`),
  unpin: (s, id) => call("DELETE", `${scopePath(s.agent, s.actor, s.session)}/records/${enc(id)}/pin`),

  jobs: (agent, actor, query) => call("GET", `${scopePath(agent, actor)}/jobs`, { query }),
  retryJob: (agent, id) => call("POST", `${scopePath(agent)}/jobs/${enc(id)}/retry`),
  worker: () => call("GET", "/v1/worker"),

  config: () => call("GET", "/v1/config"),
  putConfig: (config) => call("PUT", "/v1/config", { body: { config } }),
  configHistory: () => call("GET", "/v1/config/history"),
  agentConfig: (agent, key) => call("GET", `${scopePath(agent)}/config`, { key }),
  putAgentConfig: (agent, config) => call("PUT", `${scopePath(agent)}/config`, { body: { config } }),
  patchAgentConfig: (agent, config) => call("PATCH", `${scopePath(agent)}/config`, { body: { config } }),
  agentConfigHistory: (agent) => call("GET", `${scopePath(agent)}/config/history`),

  erase: (agent, actor) => call("DELETE", scopePath(agent, actor)),
};
