// The pure part of the push client (push.js): what to connect to, what a nudge says, whether
// a part of the page wants it, what to fetch then, and how long to wait before trying again.
// No DOM and no network here, so `node --test` checks all of it (tests/js/push-core.test.mjs).

const TOPIC = /^(?:(?:game|tournament)\.[1-9][0-9]{0,17}|ratings)$/;

/** The topics followed by the page's parts, from their data-push values: once each, sorted. */
export function topicsOf(values) {
  const topics = new Set();
  for (const value of values) {
    for (const topic of String(value || "").split(/\s+/)) {
      if (TOPIC.test(topic)) topics.add(topic);
    }
  }
  return [...topics].sort();
}

/** The address of the push socket for these topics, on the page's own host. ``inline``: the
 * topics whose fragment the page takes inside the nudge, in ``language`` (the page's own,
 * <html lang>); asked for only with a language. */
export function socketUrl(location, topics, inline = [], language = "") {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  let url = `${scheme}//${location.host}/ws/push/?topics=${encodeURIComponent(topics.join(" "))}`;
  if (inline.length && language) {
    url += `&inline=${encodeURIComponent(inline.join(" "))}&lang=${encodeURIComponent(language)}`;
  }
  return url;
}

/** A nudge as the server sends it ({"topic", "version", "at"}, and "html" when it carries the
 * fragment of that version), or null for anything else. */
export function parseNudge(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object" || !TOPIC.test(String(data.topic))) return null;
  const version = data.version === null || data.version === undefined ? null : data.version;
  if (version !== null && !Number.isSafeInteger(version)) return null;
  if (!Number.isSafeInteger(data.at) || data.at <= 0) return null;
  const nudge = { topic: data.topic, version, at: data.at };
  // Only a versioned nudge carries a fragment: the part then knows what it shows.
  if (version !== null && typeof data.html === "string") nudge.html = data.html;
  return nudge;
}

/** Whether a part following the nudge's topic should be fetched again: always for a nudge
 * without a version (a tournament, ratings), else only when it names a newer version than the
 * part shows (data-push-version; a part that says none always wants it). */
export function wants(topics, shown, nudge) {
  if (!String(topics || "").split(/\s+/).includes(nudge.topic)) return false;
  if (nudge.version === null) return true;
  const version = Number.parseInt(shown, 10);
  return !Number.isSafeInteger(version) || nudge.version > version;
}

/** What a part does with a nudge: null when it does not want it (above); "swap" when the nudge
 * carries the fragment and the part takes it inline (data-push-inline); else "fetch". */
export function action(topics, shown, inline, nudge) {
  if (!wants(topics, shown, nudge)) return null;
  return inline && typeof nudge.html === "string" ? "swap" : "fetch";
}

/** Whether an answer's part may replace the page's: not when both say their version
 * (data-push-version) and the answer's is older (a poll's answer arriving after a newer
 * fragment came inline). */
export function replaces(shown, fresh) {
  const old = Number.parseInt(shown, 10);
  const version = Number.parseInt(fresh, 10);
  return !(Number.isSafeInteger(old) && Number.isSafeInteger(version) && version < old);
}

/** The address to fetch a part from after a nudge: its own, plus want=<version> when the nudge
 * named one (the server then does not trust a cache still behind it). */
export function fetchUrl(url, base, nudge) {
  const address = new URL(url, base);
  if (nudge && nudge.version !== null) address.searchParams.set("want", String(nudge.version));
  return address.href;
}

/** Seconds before connecting again after the attempt-th failure in a row: 1, 2, 4 … 60, with
 * up to a fifth more at random (random: a number in [0, 1)) so that pages cut off together
 * (a restart of the server) do not all come back in the same instant. */
export function retryDelay(attempt, random) {
  const base = Math.min(60, 2 ** Math.max(0, attempt));
  return base * (1 + random / 5);
}

/** Seconds between two polls of a part (data-poll), or null: it does not poll. Without push
 * it polls as it always did; with push, ten times as rarely and at least a minute apart, which
 * bounds what a lost nudge or a connection that died without a word could hide. */
export function pollSeconds(value, pushed) {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return pushed ? Math.max(60, seconds * 10) : seconds;
}
