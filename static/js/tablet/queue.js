// Turns wait on the device until the server has recorded them: a dropped connection loses nothing
// and blocks nothing. Each turn carries its own client key, so a turn sent twice (the answer got
// lost, the tablet retried) is recorded once; the queue lives in localStorage, so it survives a
// reload and a closed tab. Turns go in order; a refused one stops the queue until the referee
// fixes or drops it.
import {
  allTurns, describeItem, placeTaken, pluralSample, queueItem, refusalChoices, renumbered,
} from "./waiting.js";

const RETRY_MS = 3000;
const ENGINE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                      "pyodide-lock.json"];
const $ = (sel) => document.querySelector(sel);

function newKey() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
  return Date.now().toString(36) + Math.random().toString(36).slice(2);
}
function placed(item) { return { tile: item.tile, ...item.fields }; }
function reason(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const message = doc.querySelector(".message");
  return message ? message.textContent.trim() : "";
}

/**
 * The device's queue for the tablet page.
 * @param {{data: Function, load: Function, render: Function, applyLocally: Function,
 *          showMessage: Function, restore: Function, csrf: Function, setStale: Function}} tablet
 */
export function createQueue(tablet) {
  let storageKey = null;
  let items = [];          // {key, url, fields, who, tile, applied, refused}
  let serverVersion = null;
  let serverPosition = [0, 0];
  let offline = false;
  let fixing = false;
  let retry = null;

  function save() {
    try {
      if (items.length) localStorage.setItem(storageKey, JSON.stringify(items));
      else localStorage.removeItem(storageKey);
    } catch (error) { /* private mode: the queue lives as long as the page */ }
  }
  function restore() {
    try { items = JSON.parse(localStorage.getItem(storageKey) || "[]"); } catch (error) { items = []; }
  }

  function show() {
    const box = $("#queue");
    if (!box) return;
    box.hidden = !items.length && !offline;
    const parts = [];
    if (items.length) {
      const sample = { one: box.dataset.waitingOne, few: box.dataset.waitingFew,
                       many: box.dataset.waitingMany }[pluralSample(document.documentElement.lang, items.length)];
      parts.push(sample.replace(/\d+/, String(items.length)));
    }
    if (offline) parts.push(box.dataset.offlineText);
    box.querySelector(".queue-count").textContent = parts.join(" · ");
    box.classList.toggle("offline", offline);
    const words = { passText: box.dataset.passText, drewText: box.dataset.drewText,
                    handsText: box.dataset.handsText };
    box.querySelector(".queue-list").replaceChildren(...items.map((item, i) => {
      const li = document.createElement("li");
      li.className = item.refused ? "refused" : "waiting";
      li.textContent = describeItem(words, item);
      if (item.refused) {
        const why = document.createElement("span");
        why.className = "minus refusal";
        why.textContent = " — " + box.dataset.refusedText.replace("{reason}", item.refused);
        li.appendChild(why);
        if (item.theirs) {
          const theirs = document.createElement("span");
          theirs.className = "theirs";
          theirs.textContent = box.dataset.theirsText.replace("{turn}", item.theirs.label);
          li.appendChild(theirs);
        }
        const labels = { fix: box.dataset.fixText, drop: box.dataset.dropText,
                         keep: box.dataset.keepText, correct: box.dataset.correctText };
        refusalChoices(item).forEach((what) => {
          const b = document.createElement(what === "correct" ? "a" : "button");
          if (what === "correct") b.href = item.theirs.correct;
          else b.type = "button";
          b.className = "button small";
          b.dataset.queue = what;
          b.dataset.index = i;
          b.textContent = labels[what];
          li.appendChild(b);
        });
      }
      return li;
    }));
  }
  function refresh() { show(); tablet.render(); }

  function swap(html) {
    const root = $("#tablet-root");
    if (!root) return;
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("#tablet-root");
    if (!fresh) return;
    root.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    tablet.load();
  }
  async function reloadState() {
    const response = await fetch(tablet.data().urls.poll, { headers: { "HX-Request": "true" }, cache: "no-store" });
    if (response.status === 200) swap(await response.text());
  }
  function later() {
    clearTimeout(retry);
    retry = setTimeout(flush, RETRY_MS);
  }
  function post(url, body) {
    return fetch(url, { method: "POST", body, cache: "no-store",
                        headers: { "HX-Request": "true", "X-CSRFToken": tablet.csrf() } });
  }

  // Refused because another tablet recorded a turn in its place: that turn is asked for, to be
  // shown beside mine (keep theirs, or correct theirs where the referee may).
  async function theirsFor(item) {
    const url = tablet.data().urls["turn-at"];
    if (!url || !item.place) return null;
    try {
      const response = await fetch(`${url}?round=${item.place[0]}&number=${item.place[1]}`,
                                   { headers: { "HX-Request": "true" }, cache: "no-store" });
      const answer = response.ok ? await response.json() : null;
      return answer && answer.found ? { label: answer.label, correct: answer.correct } : null;
    } catch (error) { return null; }
  }
  function refuse(item, why) {
    item.refused = why;  // at once: a board loaded meanwhile must see the queue stopped
    item.theirs = null;
    save();
  }
  async function askTheirs(item, status) {
    if (status !== 409) return;
    item.theirs = await theirsFor(item);
    save();
  }

  // Several waiting: all of them in one request, recorded in order up to the first refusal.
  async function flushAll() {
    queue.sending = true;
    refresh();
    let answer = null;
    try {
      const response = await post(tablet.data().urls.turns,
        new URLSearchParams({ turns: JSON.stringify(items.map((item) => item.fields)) }));
      if (response.status < 500) answer = await response.json();
    } catch (error) { answer = null; }
    queue.sending = false;
    if (answer === null) { offline = true; refresh(); later(); return; }
    offline = false;
    items.splice(0, answer.recorded);
    if (answer.refused && items.length) refuse(items[0], answer.refused.message);
    save();
    if (answer.html) swap(answer.html);
    if (answer.refused && items.length) await askTheirs(items[0], answer.refused.status);
    refresh();
  }

  async function flush() {
    if (queue.sending || !items.length || items[0].refused || fixing) return;
    if (placeTaken(items[0].place, serverPosition)) {
      // Its place went to another tablet's turn (seen on the board the server sent): shown
      // beside it without sending, which would record it in a place it was not entered for.
      refuse(items[0], $("#queue").dataset.takenText);
      refresh();
      await askTheirs(items[0], 409);
      refresh();
      return;
    }
    if (items.length > 1 && allTurns(items)) { await flushAll(); return; }
    const item = items[0];
    queue.sending = true;
    refresh();
    let response = null;
    let body = "";
    try {
      response = await post(item.url, new URLSearchParams(item.fields));
      body = await response.text();
    } catch (error) {
      response = null;
    }
    queue.sending = false;
    if (response === null || response.status >= 500) {
      // No answer: the turn stays queued and shows on this device's board until it goes.
      offline = response === null;
      if (!item.applied) { item.applied = true; save(); tablet.applyLocally(placed(item)); }
      refresh();
      later();
      return;
    }
    offline = false;
    if (response.status === 200) {
      items.shift();
      save();
      if (!items.length) swap(body);
      else { serverVersion += 1; refresh(); }
      flush();
      return;
    }
    const why = reason(body) || response.statusText;
    if (!item.applied && items.length === 1) {
      // Refused as it was entered: the referee sees why and the turn is still in the controls.
      items = [];
      save();
      if (response.status === 409 && body.includes("tablet-root")) swap(body);
      refresh();
      tablet.showMessage(why);
      return;
    }
    refuse(item, why);
    await reloadState();
    await askTheirs(item, response.status);
    refresh();
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-queue]");
    if (!button || !items.length || !items[0].refused) return;
    const what = button.dataset.queue;
    if (what === "correct") return;  // a link to the correction page; mine waits here meanwhile
    const item = items.shift();
    items = renumbered(items, serverVersion);
    save();
    if (what === "fix") {
      fixing = true;
      tablet.restore(placed(item));
    } else {  // drop mine, or keep theirs (which drops mine)
      tablet.load();
      flush();
    }
    refresh();
  });
  window.addEventListener("online", () => { offline = false; flush(); });
  window.addEventListener("offline", () => { offline = true; refresh(); });
  window.addEventListener("pageshow", async (event) => {
    if (!event.persisted) return;
    // Back from the browser's cache: nothing is accepted until the board is the server's.
    tablet.setStale(true);
    refresh();
    try { await reloadState(); } catch (error) { /* offline: the queued board is what we have */ }
    tablet.setStale(false);
    refresh();
    flush();
  });

  // -- reopening offline ------------------------------------------------------------------------
  // The last board the server sent is kept on the device. A page reopened from the service
  // worker's cache may be older than that board; the newer one then replaces it.
  const snapshotKey = (data) => "tablet-snapshot:" + data.game;
  function snapshot(data) {
    try {
      localStorage.setItem(snapshotKey(data),
                           JSON.stringify({ version: data.version, html: $("#tablet-root").outerHTML }));
    } catch (error) { /* full: the cached page will do */ }
  }
  function fromSnapshot(data) {
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(snapshotKey(data)) || "null"); } catch (error) { kept = null; }
    if (!kept || kept.version <= data.version) return false;
    swap(kept.html);
    return true;
  }
  function worker(data) {
    if (!("serviceWorker" in navigator) || !data.urls.sw || !window.caches) return;
    navigator.serviceWorker.register(data.urls.sw).then(() => caches.open("tablet-v1")).then((cache) => {
      // Modules imported by others are named by their modulepreload links; the logo and icon too.
      const files = [...document.querySelectorAll(
        "script[src], link[rel=stylesheet], link[rel=modulepreload], link[rel=icon], img[src]")]
        .map((n) => n.src || n.href).filter((u) => u.startsWith(location.origin + "/static/"));
      // The tablet's own engine: its worker, Pyodide's files and the engine's Python.
      const engine = data.urls.engine ? [
        data.urls.engine_worker, data.urls.engine,
        ...ENGINE_FILES.map((name) => data.urls.engine_files + name)] : [];
      return cache.addAll([location.pathname, ...new Set(files), ...engine]);
    }).catch(() => { /* no worker, or offline: a reload needs the network; the queue is kept */ });
  }

  const queue = {
    sending: false,
    count: () => items.length,
    fixing: () => fixing,
    waiting: () => items.filter((item) => item.applied).map(placed),
    add(fields, data, answer) {
      const hands = fields.kind === "hands";
      const item = queueItem(fields, { key: newKey(), url: hands ? data.urls.hands : data.urls.turn,
                                        version: data.version, place: hands ? null : data.position });
      if (fixing) {
        fixing = false;
        items = renumbered([item, ...items], serverVersion);
      } else items.push(item);
      save();
      // Shown played at once when the tablet's engine has judged it (answer), or when it will
      // wait behind others or for the connection.
      const behind = items.length > 1 || offline;
      if ((answer || behind) && !items[0].refused) {
        item.applied = true;
        save();
        tablet.applyLocally(placed(item), answer);
      }
      refresh();
      flush();
    },
    loaded(data) {
      if (storageKey !== data.queue_key) {
        storageKey = data.queue_key;
        restore();
        if (fromSnapshot(data)) return;  // load() runs again on the newer board
        worker(data);
      }
      snapshot(data);
      serverVersion = data.version;
      serverPosition = data.position;
      const first = items[0];
      if (first && first.refused && !first.theirs && placeTaken(first.place, serverPosition)) {
        askTheirs(first, 409).then(refresh);  // asked again: a reload may have cut the answer off
      }
      if (!items.some((item) => item.refused) && !fixing) {
        items.forEach((item) => { item.applied = true; });
        show();
        items.forEach((item) => tablet.applyLocally(placed(item)));
        if (items.length) setTimeout(flush, 0);
      }
      show();
    },
  };
  return queue;
}
