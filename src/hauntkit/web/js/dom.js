// Tiny DOM helpers shared by the lobby, the game page and the renderers.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// Svg element with attributes.
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

export async function api(path, options = {}) {
  // the caller's options first, then the merged headers: a caller's own headers (a token)
  // must not replace the JSON content type
  const res = await fetch(path, {
    ...options,
    headers: { "content-type": "application/json", ...(options.headers || {}) },
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    const error = new Error(body.message || `request failed (${res.status})`);
    error.status = res.status;
    error.code = body.code;
    throw error;
  }
  return body;
}

// Human-readable label of an action: its type then its fields.
export function describeAction(action) {
  const { type, ...rest } = action;
  const parts = Object.entries(rest).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  const name = type.replace(/_/g, " ");
  return parts.length ? `${name} (${parts.join(", ")})` : name;
}

// A button that copies `url` and says so on itself ("link copied"), or says how to copy it by
// hand (`byHand`) when the browser refuses; its label comes back after three seconds.
export function copyButton(url, byHand, attrs = {}, label = "copy link") {
  const button = el("button", { type: "button", "aria-live": "polite", ...attrs }, label);
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = "link copied";
    } catch {
      button.textContent = `could not copy: ${byHand}`;
    }
    clearTimeout(button.timer);
    button.timer = setTimeout(() => { button.textContent = label; }, 3000);
  });
  return button;
}

// A count and its noun in the right number: "1 move", "3 moves", "2 tries".
export function count(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}

// A bot seat in words: "Bot (Hard)", from the seat's `bot_title` (the server's words for the
// bot it registered as `bot`).
export function botWords(seat) {
  return `Bot (${seat.bot_title || seat.bot})`;
}
