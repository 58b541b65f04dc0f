// DOM helpers. Everything the inspector renders goes through h(): text becomes Text nodes, attributes are
// set one by one, and no string is ever parsed as HTML. Memory text is untrusted; this is the one place
// that keeps it inert.

const BOOL_ATTRS = new Set(["disabled", "checked", "selected", "hidden", "open", "required", "readonly", "autofocus"]);

/** Build an element: h("a.link#id", {href: "#/x", onclick: fn}, "text", child, [more]) */
export function h(spec, attrs, ...children) {
  const m = /^([a-z0-9-]+)?((?:[.#][A-Za-z0-9_-]+)*)$/.exec(spec);
  if (!m) throw new Error("bad element spec " + spec);
  const el = document.createElement(m[1] || "div");
  for (const part of m[2].match(/[.#][A-Za-z0-9_-]+/g) || []) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      for (const c of String(value).split(/\s+/).filter(Boolean)) el.classList.add(c);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "value" && "value" in el) {
      el.value = String(value);
    } else if (key === "href") {
      el.setAttribute("href", safeHref(value));
    } else if (BOOL_ATTRS.has(key)) {
      el.setAttribute(key, "");
      if (key in el) el[key] = true;
    } else {
      el.setAttribute(key, String(value === true ? "" : value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/** Only in-app hash routes and same-origin paths are linkable; anything else becomes inert. */
export function safeHref(value) {
  const s = String(value);
  return s.startsWith("#/") || (s.startsWith("/") && !s.startsWith("//")) ? s : "#/";
}

/** Replace the children of el. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

export function fmtTime(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function ago(iso) {
  if (!iso) return "";
  const s = (Date.now() - new Date(iso).getTime()) / 1000;
  if (Number.isNaN(s)) return "";
  if (s < 0) return "in the future";
  if (s < 60) return `${Math.floor(s)}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86400) return `${Math.floor(s / 3600)}h ago`;
  if (s < 86400 * 60) return `${Math.floor(s / 86400)}d ago`;
  return `${Math.floor(s / 86400 / 30)}mo ago`;
}

/** A <time> element: the local time, with the relative age as a tooltip and the ISO value machine-readable. */
export function time(iso) {
  return h("time", { datetime: iso || "", title: ago(iso) }, fmtTime(iso));
}

export function score(n) {
  return n === null || n === undefined ? "–" : Number(n).toFixed(3);
}

/** A small meter for a score in [0, 1]. */
export function scoreBar(value, label) {
  const v = value === null || value === undefined ? 0 : Math.max(0, Math.min(1, Number(value)));
  return h("span.score", { title: `${label}: ${score(value)}` },
    h("meter", { class: label, min: "0", max: "1", value: String(v), "aria-label": label }),
    h("span.num", score(value)));
}

export function badge(text, kind) {
  return h("span.badge", { class: kind ? `badge-${kind}` : "" }, text);
}

export function shortId(id) {
  const s = String(id || "");
  return s.length > 14 ? s.slice(0, 6) + "…" + s.slice(-6) : s;
}

/** Debounce fn by ms. */
export function debounce(fn, ms) {
  let t = 0;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => fn(...args), ms);
  };
}

/** A live region for short announcements (screen readers) and toasts. */
export function toast(message, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div.toast", { class: `toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.appendChild(el);
  setTimeout(() => el.remove(), kind === "error" ? 8000 : 3500);
}
