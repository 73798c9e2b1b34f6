// The campaign tokens this browser holds, kept like game seat tokens are: in this browser's
// localStorage ("hauntkit.campaigns"), never sent anywhere but in an Authorization header.
// Per campaign: {host_token?, seat_token?, me?: seat index, seats?: the creation's seat links}.

const KEY = "hauntkit.campaigns";

export function allKeys() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

export function keysOf(cid) {
  return allKeys()[cid] || {};
}

export function saveKeys(cid, keys) {
  const all = allKeys();
  all[cid] = { ...(all[cid] || {}), ...keys };
  localStorage.setItem(KEY, JSON.stringify(all));
  return all[cid];
}
