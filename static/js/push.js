// Keeps the parts of a page current (docs/architecture.md, "How a change reaches open pages").
//
// A part that follows something carries:
//   id                 the element's id (the fetched answer's element of that id replaces it);
//   data-push          the topics it follows, e.g. "game.12" or "tournament.3 game.40";
//   data-push-url      where to fetch it again (default: the page's own address);
//   data-push-version  the version it shows, when its topic has versions (a game);
//   data-push-inline   it takes its new HTML from the nudge, when the nudge carries it (a
//                      game's live part: the server sends the cached fragment of the version);
//   data-poll          seconds between fetches while nothing is pushed (no attribute: none).
// Elements of the answer marked data-push-part replace the page's elements of the same id.
//
// One WebSocket per page brings a nudge for each change; the part then fetches its new
// version, which the server renders once per version and language, or swaps in the one the
// nudge carried (asked for when connecting, in the page's language). Without a connection (a
// proxy that drops WebSockets, a browser without them, the server restarting) the parts poll
// as they always did, and each reconnection fetches once what may have been missed.
import {
  action, fetchUrl, parseNudge, pollSeconds, replaces, retryDelay, socketUrl, topicsOf, wants,
} from "./push-core.js";

const root = document.documentElement;
const busy = new Map(); // part id -> the nudge that came while it was being fetched (or null)
const polls = new Map(); // part id -> its poll timer
let socket = null;
let followed = "";
let failures = 0;

function parts() {
  return [...document.querySelectorAll("[data-push][id]")];
}

function swap(html) {
  const answer = new DOMParser().parseFromString(html, "text/html");
  const fresh = [...answer.querySelectorAll("[data-push-part][id]")];
  fresh.forEach((part) => part.remove()); // a part inside another goes to its own place
  // An answer older than what the page shows (a fetch overtaken by a fragment pushed inline)
  // is dropped whole: its other parts (the live badge) are as old.
  const stale = fresh.some((found) => {
    const old = document.getElementById(found.id);
    return old && !replaces(old.dataset.pushVersion, found.dataset.pushVersion);
  });
  if (stale) return;
  for (const found of fresh) {
    const old = document.getElementById(found.id);
    if (!old) continue;
    const part = document.importNode(found, true);
    old.replaceWith(part);
    if (window.htmx) window.htmx.process(part);
  }
}

function refresh(id, nudge) {
  const part = document.getElementById(id);
  if (!part) return;
  if (busy.has(id)) {
    if (nudge) busy.set(id, nudge); // fetched again once this fetch is done
    return;
  }
  busy.set(id, null);
  const headers = nudge ? { "X-Push-At": String(nudge.at) } : {};
  fetch(fetchUrl(part.dataset.pushUrl || location.href, location.href, nudge), { headers })
    .then((response) => {
      if (response.headers.get("HX-Refresh") === "true") location.reload();
      return response.status === 200 ? response.text() : null;
    })
    .then((html) => { if (html) swap(html); })
    .catch(() => {}) // offline for a moment: the next nudge or poll tries again
    .finally(() => {
      const again = busy.get(id);
      busy.delete(id);
      const now = document.getElementById(id);
      if (again && now && wants(now.dataset.push, now.dataset.pushVersion, again)) {
        refresh(id, again);
      }
      settle();
    });
}

function nudged(nudge) {
  let swapped = false;
  for (const id of parts().map((part) => part.id)) {
    const part = document.getElementById(id); // a swap may have replaced it since
    if (!part) continue;
    const doing = action(part.dataset.push, part.dataset.pushVersion,
      "pushInline" in part.dataset, nudge);
    if (doing === "swap" && !swapped) {
      swap(nudge.html); // every part of the page the fragment holds, at once
      swapped = true;
    } else if (doing) {
      refresh(id, nudge); // a part the fragment did not hold fetches itself
    }
  }
  if (swapped) settle();
}

function inlineTopics() {
  return topicsOf(parts().filter((part) => "pushInline" in part.dataset)
    .map((part) => part.dataset.push));
}

function pushed() {
  return socket !== null && socket.readyState === WebSocket.OPEN;
}

function poll(part) {
  const seconds = pollSeconds(part.dataset.poll, pushed());
  if (seconds === null || polls.has(part.id)) return;
  polls.set(part.id, window.setTimeout(() => {
    polls.delete(part.id);
    refresh(part.id, null);
  }, seconds * 1000));
}

function pollingStop() {
  polls.forEach((timer) => window.clearTimeout(timer));
  polls.clear();
}

// After any change to the page: poll what polls, and follow the topics the parts now show (a
// round just published follows its new games).
function settle() {
  const now = parts();
  now.forEach(poll);
  const topics = topicsOf(now.map((part) => part.dataset.push)).join(" ");
  if (topics !== followed && socket) socket.close(); // its closing connects again
}

function connect() {
  const topics = topicsOf(parts().map((part) => part.dataset.push));
  followed = topics.join(" ");
  if (!topics.length || !("WebSocket" in window)) {
    socket = null;
    root.dataset.push = "off";
    settle();
    return;
  }
  try {
    socket = new WebSocket(socketUrl(location, topics, inlineTopics(), root.lang));
  } catch {
    socket = null;
    root.dataset.push = "off";
    settle();
    return;
  }
  settle(); // polling goes on until the connection opens: it may never (a proxy's black hole)
  const opened = socket;
  opened.addEventListener("open", () => {
    const missed = failures > 0 || root.dataset.push === "closed";
    failures = 0;
    root.dataset.push = "open";
    pollingStop();
    parts().forEach(poll); // the rare poll of a pushed page
    if (missed) parts().forEach((part) => refresh(part.id, null));
  });
  opened.addEventListener("message", (event) => {
    const nudge = parseNudge(event.data);
    if (nudge) nudged(nudge);
  });
  opened.addEventListener("close", () => {
    if (socket !== opened) return;
    const wasOpen = root.dataset.push === "open";
    root.dataset.push = "closed";
    socket = null;
    // From the rare polls of a pushed page to polling as without push, at once; a connection
    // that never opened leaves the polls already going as they are.
    if (wasOpen) pollingStop();
    settle();
    const changedTopics = topicsOf(parts().map((part) => part.dataset.push)).join(" ") !== followed;
    const wait = changedTopics && wasOpen ? 0 : retryDelay(failures, Math.random());
    if (!changedTopics || !wasOpen) failures += 1;
    window.setTimeout(connect, wait * 1000);
  });
}

if (parts().length) connect();
