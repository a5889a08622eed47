// Turns wait on the device until the server has recorded them: a dropped connection loses nothing
// and blocks nothing. Each turn carries its own client key, so a turn sent twice (the answer got
// lost, the tablet retried) is recorded once; the queue lives in localStorage, so it survives a
// reload and a closed tab. Turns go in order; a refused one stops the queue until the referee
// fixes or drops it.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const RETRY_MS = 3000;
  let storageKey = null;
  let items = [];          // {key, url, fields, who, applied, refused}
  let serverVersion = null;
  let offline = false;
  let fixing = false;
  let retry = null;

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, "");
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function save() {
    try {
      if (items.length) localStorage.setItem(storageKey, JSON.stringify(items));
      else localStorage.removeItem(storageKey);
    } catch (error) { /* private mode: the queue lives as long as the page */ }
  }
  function restore() {
    try { items = JSON.parse(localStorage.getItem(storageKey) || "[]"); } catch (error) { items = []; }
  }
  function csrf() { return window.tablet.csrf(); }
  function renumber() {
    // Each recorded turn moves the game on by one version; later turns expect the ones before.
    items.forEach((item, i) => { item.fields.version = serverVersion + i; });
  }

  // -- showing the queue -----------------------------------------------------------------------
  function plural(box, n) {
    const rule = new Intl.PluralRules(document.documentElement.lang || "en").select(n);
    const sample = rule === "one" ? box.dataset.waitingOne : rule === "few" ? box.dataset.waitingFew : box.dataset.waitingMany;
    return sample.replace(/\d+/, String(n));
  }
  function describe(box, item) {
    const f = item.fields;
    let text = f.kind === "place" ? item.who + " " + item.tile : box.dataset.passText.replace("{who}", item.who);
    if (Number(f.draw)) text += ", " + box.dataset.drewText.replace("{n}", f.draw);
    return text;
  }
  function show() {
    const box = $("#queue");
    if (!box) return;
    box.hidden = !items.length && !offline;
    const count = box.querySelector(".queue-count");
    const parts = [];
    if (items.length) parts.push(plural(box, items.length));
    if (offline) parts.push(box.dataset.offlineText);
    count.textContent = parts.join(" · ");
    box.classList.toggle("offline", offline);
    const list = box.querySelector(".queue-list");
    list.replaceChildren(...items.map((item, i) => {
      const li = document.createElement("li");
      li.className = item.refused ? "refused" : "waiting";
      li.textContent = describe(box, item);
      if (item.refused) {
        const why = document.createElement("span");
        why.className = "minus refusal";
        why.textContent = " — " + box.dataset.refusedText.replace("{reason}", item.refused);
        li.appendChild(why);
        [["fix", box.dataset.fixText], ["drop", box.dataset.dropText]].forEach(([what, label]) => {
          const b = document.createElement("button");
          b.type = "button"; b.className = "button small"; b.dataset.queue = what; b.dataset.index = i;
          b.textContent = label;
          li.appendChild(b);
        });
      }
      return li;
    }));
  }
  function refresh() { show(); if (window.tablet) window.tablet.render(); }

  // -- sending ---------------------------------------------------------------------------------
  function swap(html) {
    const root = $("#tablet-root");
    if (!root) return;
    const holder = document.createElement("div");
    holder.innerHTML = html;
    const fresh = holder.querySelector("#tablet-root");
    if (!fresh) return;
    root.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    window.tablet.load();
  }
  function reason(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const message = doc.querySelector(".message");
    return message ? message.textContent.trim() : "";
  }
  async function reloadState() {
    const response = await fetch(window.tablet.data().urls.poll, { headers: { "HX-Request": "true" }, cache: "no-store" });
    if (response.status === 200) swap(await response.text());
  }
  function later() {
    clearTimeout(retry);
    retry = setTimeout(flush, RETRY_MS);
  }

  // Several waiting: all of them in one request, recorded in order up to the first refusal.
  async function flushAll() {
    queue.sending = true;
    refresh();
    let answer = null;
    try {
      const response = await fetch(window.tablet.data().urls.turns, {
        method: "POST", cache: "no-store",
        body: new URLSearchParams({ turns: JSON.stringify(items.map((item) => item.fields)) }),
        headers: { "HX-Request": "true", "X-CSRFToken": csrf() },
      });
      if (response.status < 500) answer = await response.json();
    } catch (error) { answer = null; }
    queue.sending = false;
    if (answer === null) { offline = true; refresh(); later(); return; }
    offline = false;
    items.splice(0, answer.recorded);
    if (answer.refused && items.length) items[0].refused = answer.refused.message;
    save();
    if (answer.html) swap(answer.html);
    refresh();
  }

  async function flush() {
    if (queue.sending || !items.length || items[0].refused || fixing) return;
    if (items.length > 1) { await flushAll(); return; }
    const item = items[0];
    queue.sending = true;
    refresh();
    let response = null;
    let body = "";
    try {
      response = await fetch(item.url, {
        method: "POST", body: new URLSearchParams(item.fields), cache: "no-store",
        headers: { "HX-Request": "true", "X-CSRFToken": csrf() },
      });
      body = await response.text();
    } catch (error) {
      response = null;
    }
    queue.sending = false;
    if (response === null || response.status >= 500) {
      // No answer: the turn stays queued and shows on this device's board until it goes.
      offline = response === null;
      if (!item.applied) { item.applied = true; save(); window.tablet.applyLocally(item.fields.kind === "place" ? placed(item) : item.fields); }
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
      window.tablet.showMessage(why);
      return;
    }
    item.refused = why;
    save();
    await reloadState();
    refresh();
  }
  function placed(item) { return Object.assign({ tile: item.tile }, item.fields); }

  // -- the referee's hands on the queue -------------------------------------------------------------
  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest("[data-queue]");
    if (!button || !items.length || !items[0].refused) return;
    const item = items.shift();
    renumber();
    save();
    if (button.dataset.queue === "fix") {
      fixing = true;
      window.tablet.restore(placed(item));
    } else {
      window.tablet.load();
      flush();
    }
    refresh();
  });
  window.addEventListener("online", () => { offline = false; flush(); });
  window.addEventListener("offline", () => { offline = true; refresh(); });
  window.addEventListener("pageshow", async (event) => {
    if (!event.persisted) return;
    // Back from the browser's cache: nothing is accepted until the board is the server's.
    window.tabletStale = true;
    refresh();
    try { await reloadState(); } catch (error) { /* offline: the queued board is what we have */ }
    window.tabletStale = false;
    refresh();
    flush();
  });

  // -- reopening offline ------------------------------------------------------------------------
  // The last board the server sent is kept on the device. A page reopened from the service
  // worker's cache may be older than that board; the newer one then replaces it.
  function snapshotKey(data) { return "tablet-snapshot:" + data.game; }
  function snapshot(data) {
    const root = $("#tablet-root");
    try {
      localStorage.setItem(snapshotKey(data), JSON.stringify({ version: data.version, html: root.outerHTML }));
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
      const files = [...document.querySelectorAll("script[src], link[rel=stylesheet]")]
        .map((n) => n.src || n.href).filter((u) => u.startsWith(location.origin + "/static/"));
      return cache.addAll([location.pathname, ...files]);
    }).catch(() => { /* no worker, or offline: a reload needs the network; the queue is kept */ });
  }

  const queue = {
    sending: false,
    count: () => items.length,
    add(fields, data) {
      const item = { key: newKey(), url: data.urls.turn, who: fields.who, tile: fields.tile || "" };
      const sent = Object.assign({}, fields);
      delete sent.who; delete sent.tile;
      item.fields = Object.assign(sent, { key: item.key, version: data.version });
      if (fixing) {
        fixing = false;
        items.unshift(item);
        renumber();
      } else items.push(item);
      save();
      const behind = items.length > 1 || offline;
      if (behind && !items[0].refused) {
        item.applied = true;
        save();
        window.tablet.applyLocally(placed(item));
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
      if (!items.some((item) => item.refused) && !fixing) {
        items.forEach((item) => { item.applied = true; });
        show();
        items.forEach((item) => window.tablet.applyLocally(placed(item)));
        if (items.length) setTimeout(flush, 0);
      }
      show();
    },
  };
  window.tabletQueue = queue;
})();
