// The referee's tablet: choosing a tile, a place, its rotation, the draws, and Place or Pass.
// The engine decides everything on the server: where each tile fits comes with the page
// (#tablet-data), and every turn is checked again when it is recorded. This file only keeps one
// state of the turn being entered, and every control's enabled state follows from it alone.
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (sel) => document.querySelector(sel);
  let data = null;   // the server's #tablet-data for the board shown (changed locally offline)
  let entry = null;  // the turn being entered: {seat, tile, cell, options, index, draws}
  let lastTyped = null;  // Enter and then leaving the box must not ask twice

  function blank() {
    const fixed = data && (data.phase === "play" || data.correcting);
    return { seat: fixed ? data.seat : null, tile: null, cell: null,
             options: [], index: 0, draws: 0 };
  }
  function started() {
    return !!(entry && (entry.tile || entry.draws ||
      (data.phase === "opening" && !data.correcting && entry.seat !== null)));
  }

  // -- drawing ---------------------------------------------------------------------------------
  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function fitsOf(tile) { return (data.tiles && data.tiles[tile]) || []; }

  function drawHints() {
    const group = $("#hints");
    if (!group) return;
    group.replaceChildren();
    const ghost = $("#ghost");
    if (ghost) ghost.remove();
    const board = $("#board");
    if (!entry.tile) { drawRecorded(board); return; }
    const label = board.dataset.hintText || "";
    fitsOf(entry.tile).forEach(([key, options]) => {
      const cell = data.cells[key];
      const chosen = entry.cell === key;
      const hint = el("polygon", {
        class: "hint" + (chosen ? " chosen" : ""), points: cell.points, "data-cell": key,
        "data-c": key.split(",")[0], "data-r": key.split(",")[1], tabindex: "0", role: "button",
        "aria-pressed": String(chosen),
        "aria-label": label.replace("{t}", entry.tile).replace("{n}", options.length),
      });
      group.appendChild(hint);
    });
    if (entry.cell) {
      const numbers = entry.options[entry.index];
      const g = el("g", { id: "ghost" });
      data.cells[entry.cell].labels.forEach(([x, y], k) => {
        g.appendChild(el("text", { x, y, class: "ghost" }, numbers[k]));
      });
      board.appendChild(g);
    }
  }

  // Correcting a turn: what was recorded stays outlined until something else is chosen.
  function drawRecorded(board) {
    if (!data.recorded || entry.draws) return;
    const g = el("g", { id: "ghost", class: "recorded" });
    g.appendChild(el("polygon", { class: "recorded-cell", points: data.recorded.points }));
    data.recorded.labels.forEach(([x, y, n]) => g.appendChild(el("text", { x, y, class: "ghost" }, n)));
    board.appendChild(g);
  }

  // -- the one place that decides what every control may do --------------------------------------
  function setDisabled(sel, off) {
    const node = $(sel);
    if (node) node.disabled = !!off;
  }
  function fill(text, values) {
    return Object.entries(values).reduce((t, [k, v]) => t.split("{" + k + "}").join(v), text || "");
  }
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "−" + (-n) : "0"; }

  function render() {
    if (!data || !entry) return;
    const sending = !!(sender() && sender().sending);
    const waiting = window.tabletQueue ? window.tabletQueue.count() : 0;
    const stale = !!window.tabletStale;
    const entering = (data.phase === "opening" || data.phase === "play") && !sending && !stale;
    const play = data.phase === "play" && entering;
    setDisabled("#place-button", !(entering && entry.seat !== null && entry.tile && entry.cell));
    setDisabled("#rotate-button", !(entering && entry.cell && entry.options.length > 1));
    setDisabled("#draw-plus", !(play && entry.draws < data.draws_left));
    setDisabled("#draw-minus", !(play && entry.draws > 0));
    setDisabled("#pass-button", !play);
    // Undo takes back the last recorded entry; with entries still queued that is the wrong one.
    setDisabled("#undo-button", sending || stale || waiting > 0);
    setDisabled("#tile-typed", !entering);
    document.querySelectorAll(".ptile").forEach((t) => {
      const on = t.dataset.tile === entry.tile;
      t.classList.toggle("selected", on);
      t.setAttribute("aria-pressed", String(on));
      if (!$("#hands-form")) t.disabled = !entering;
    });
    document.querySelectorAll(".who-opens input[name=seat]").forEach((r) => {
      r.checked = Number(r.value) === entry.seat;
      r.disabled = !entering;
    });
    const label = $("#chosen-tile");
    if (label) {
      const n = entry.tile ? fitsOf(entry.tile).length : 0;
      let text = label.dataset.pickText;
      if (entry.tile && entry.cell) text = label.dataset.chosenText;
      else if (entry.tile) text = n ? (n === 1 ? label.dataset.oneText : label.dataset.fitsText) : label.dataset.nofitText;
      label.textContent = fill(text, { t: entry.tile || "", n });
      label.classList.toggle("minus", !!entry.tile && !n);
    }
    const status = $("#draw-status");
    if (status) {
      status.textContent = entry.draws
        ? fill(status.dataset.drawnText, { n: entry.draws, p: entry.draws * data.draw_penalty })
        : data.draws_left ? fill(status.dataset.noneText, { n: data.draws_left })
          : status.dataset.emptyText;
    }
    const pass = $("#pass-button");
    if (pass) pass.textContent = pass.dataset.label + (data.pass ? " " + signed(data.pass.points) : "");
    const opening = data.phase === "opening";
    document.querySelectorAll(".who-opens").forEach((n) => { n.hidden = !opening || !!data.correcting; });
    document.querySelectorAll(".draws, #pass-button").forEach((n) => { n.hidden = opening; });
    const turn = $("#turn-status");
    if (turn) {
      turn.hidden = opening && !data.correcting;
      if (data.localSeat !== undefined) {
        const strong = document.createElement("strong");
        strong.textContent = data.names[data.seat];
        const [before, after] = (turn.dataset.localText || "{who}").split("{who}");
        turn.replaceChildren(before, strong, after || "");
      }
    }
    drawHints();
    window.tabletBusy = started() || waiting > 0 || sending;
    draftSave();
  }

  // -- what the referee does -------------------------------------------------------------------
  function clearMessage() {
    const box = $("#tablet-message");
    if (box) box.replaceChildren();
  }
  function showMessage(text) {
    const box = $("#tablet-message");
    if (!box) return;
    const p = document.createElement("p");
    p.className = "message error";
    p.setAttribute("role", "alert");
    p.textContent = text;
    box.replaceChildren(p);
  }

  function chooseTile(tile) {
    entry.tile = tile;
    entry.cell = null; entry.options = []; entry.index = 0;
    const fits = fitsOf(tile);
    if (fits.length === 1) chooseCell(fits[0][0]);
    render();
    const hints = document.querySelectorAll("#hints .hint");
    if (window.tabletBoard) window.tabletBoard.fitTo(hints);
  }
  function chooseCell(key) {
    if (entry.cell === key) {
      entry.index = (entry.index + 1) % entry.options.length;  // again: the tile turns
    } else {
      const found = fitsOf(entry.tile).find(([k]) => k === key);
      if (!found) return;
      entry.cell = key; entry.options = found[1]; entry.index = 0;
    }
  }

  function typedTile(text) {
    const digits = (text.match(/\d/g) || []);
    if (digits.length !== 3) return { unknown: text.trim() };
    const [a, b, c] = digits;
    // A tile is the same tile whichever corner is read first: try its three rotations.
    const names = [[a, b, c], [b, c, a], [c, a, b]].map((t) => t.join("-"));
    const known = names.find((n) => data.tiles && n in data.tiles);
    return known ? { tile: known } : { unknown: digits.join("-") };
  }

  async function askWhyUnknown(text) {
    // The engine says why a tile is not there (not in the set, already on the table…).
    const label = $("#chosen-tile");
    try {
      const response = await fetch(data.urls.fits + "?tile=" + encodeURIComponent(text),
                                   { headers: { "HX-Request": "true" } });
      if (response.status === 422) {
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const message = doc.querySelector(".message");
        if (message) { showMessage(message.textContent); return; }
      }
    } catch (error) { /* offline: the plain words below will do */ }
    showMessage(fill(label.dataset.unknownText, { t: text }));
  }

  function turnItem(kind) {
    const item = { kind, seat: entry.seat, draw: kind === "pass" || data.phase === "play" ? entry.draws : 0,
                   who: data.names[entry.seat] };
    if (kind === "place") {
      const [c, r] = entry.cell.split(",");
      item.at_c = c; item.at_r = r;
      item.corners = entry.options[entry.index].join(",");
      item.tile = entry.tile;
    }
    return item;
  }

  // Turns go through the queue (tablet-queue.js); on the correction page, straight to the
  // server (tablet-correct.js). Either says while it is sending.
  function sender() { return data && data.correcting ? window.tabletCorrect : window.tabletQueue; }

  function submit(kind) {
    if (kind === "place" && $("#place-button").disabled) return;
    if (kind === "pass" && $("#pass-button").disabled) return;
    sender().add(turnItem(kind), data);
  }
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
  }

  // Offline, the table moves on on this device only: the placed tile is drawn, its cell and tile
  // leave the lists of fits (only the engine can add new ones), the next seat is to play.
  function applyLocally(item) {
    if (item.kind === "place" && data.tiles) {
      const key = item.at_c + "," + item.at_r;
      const cell = data.cells[key];
      delete data.tiles[item.tile];
      Object.keys(data.tiles).forEach((t) => {
        data.tiles[t] = data.tiles[t].filter(([k]) => k !== key);
      });
      const cells = $("#cells");
      if (cells && cell) {
        const g = el("g", { class: "tile queued", "data-c": item.at_c, "data-r": item.at_r });
        g.appendChild(el("polygon", { class: "cell queued", points: cell.points }));
        const numbers = item.corners.split(",");
        cell.labels.forEach(([x, y], k) => g.appendChild(el("text", { class: "num", x, y }, numbers[k])));
        cells.appendChild(g);
      }
      const button = document.querySelector(`.ptile[data-tile="${item.tile}"]`);
      if (button) button.remove();
    }
    data.phase = "play";
    data.seat = (item.seat + 1) % data.names.length;
    data.localSeat = data.seat;
    data.version += 1;
    entry = blank();
    clearTyped();
    render();
  }
  function clearTyped() {
    const typed = $("#tile-typed");
    if (typed) typed.value = "";
    lastTyped = null;
  }

  // -- a half-entered turn survives a reload ----------------------------------------------------
  function draftKey() { return "tablet-draft:" + data.game; }
  function draftSave() {
    try {
      if (started() && !data.localSeat) {
        sessionStorage.setItem(draftKey(), JSON.stringify({ version: data.version, entry }));
      } else sessionStorage.removeItem(draftKey());
    } catch (error) { /* storage full or blocked: nothing to keep */ }
  }
  function draftLoad() {
    try {
      const draft = JSON.parse(sessionStorage.getItem(draftKey()) || "null");
      if (draft && draft.version === data.version) {
        entry = Object.assign(blank(), draft.entry);
        if (entry.tile && !(entry.tile in (data.tiles || {}))) entry = blank();
      }
    } catch (error) { entry = blank(); }
  }

  // -- loading a fresh board from the server -----------------------------------------------------
  function load() {
    const node = document.getElementById("tablet-data");
    if (!node) { data = null; return; }
    data = JSON.parse(node.textContent);
    const board = $("#board");
    if (board) board.setAttribute("role", "group");  // its cells are buttons, not a picture
    entry = blank();
    draftLoad();
    const hands = $("#hands-form");
    if (hands && !hands.querySelector("input[name=hand-target]:checked")) {
      const first = hands.querySelector("input[name=hand-target]");
      if (first) first.checked = true;
    }
    if (window.tabletQueue) window.tabletQueue.loaded(data);
    render();
  }

  function handTile(tile) {
    const form = $("#hands-form");
    const seat = form.querySelector("input[name=hand-target]:checked");
    if (!seat) { showMessage($("#hands-hint").dataset.chooseText); return; }
    const input = form.querySelector(`input[name=tiles-${seat.value}]`);
    const tiles = input.value.split(/\s+/).filter(Boolean);
    const at = tiles.indexOf(tile.dataset.tile);
    if (at >= 0) { tiles.splice(at, 1); tile.classList.remove("used"); } else { tiles.push(tile.dataset.tile); tile.classList.add("used"); }
    input.value = tiles.join(" ");
    window.tabletBusy = true;
  }

  document.addEventListener("click", (event) => {
    const target = event.target;
    if (!data || !target.closest || !target.closest("#tablet-root")) return;
    const hint = target.closest(".hint");
    const tile = target.closest(".ptile");
    const control = target.closest("button, .hint, input[name=seat]");
    if (control && !target.closest("#queue")) clearMessage();  // a refusal lasts until the next action
    if (hint) { chooseCell(hint.dataset.cell); render(); focusHint(hint.dataset.cell); return; }
    if (tile) {
      if ($("#hands-form")) { handTile(tile); return; }
      const typed = $("#tile-typed");
      if (typed) typed.value = lastTyped = tile.dataset.tile;
      if (entry.tile !== tile.dataset.tile) chooseTile(tile.dataset.tile);
      // Chosen from the keyboard (no pointer, so no click count): go on to its cells.
      if (event.detail === 0) {
        const first = entry.cell ? `#hints .hint[data-cell="${entry.cell}"]` : "#hints .hint";
        const hint = document.querySelector(first);
        if (hint) hint.focus();
      }
      return;
    }
    if (target.closest("#rotate-button") && entry.cell) { chooseCell(entry.cell); render(); return; }
    if (target.closest("#draw-plus")) { entry.draws = Math.min(data.draws_left, entry.draws + 1); render(); return; }
    if (target.closest("#draw-minus")) { entry.draws = Math.max(0, entry.draws - 1); render(); return; }
    if (target.closest("#place-button")) { submit("place"); return; }
    if (target.closest("#pass-button")) { submit("pass"); }
  });

  document.addEventListener("change", (event) => {
    const target = event.target;
    if (!data) return;
    if (target.matches(".who-opens input[name=seat]")) {
      clearMessage();
      entry.seat = Number(target.value);
      render();
    } else if (target.matches("input[name=hand-target]")) {
      clearMessage();
    } else if (target.id === "tile-typed") {
      typed(target.value);
    }
  });

  function typed(text) {
    if (text === lastTyped) return;
    lastTyped = text;
    clearMessage();
    if (!text.trim()) return;
    const found = typedTile(text);
    if (found.tile) { chooseTile(found.tile); return; }
    entry.tile = null; entry.cell = null;
    render();
    askWhyUnknown(found.unknown);
  }

  function focusHint(key) {
    const hint = document.querySelector(`#hints .hint[data-cell="${key}"]`);
    if (hint) hint.focus();
  }
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target.id === "tile-typed" && event.key === "Enter") {
      event.preventDefault();
      typed(target.value);
    } else if (target.classList && target.classList.contains("hint")
               && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();  // Enter chooses the cell, Enter again turns the tile
      clearMessage();
      chooseCell(target.dataset.cell);
      render();
      focusHint(target.dataset.cell);
    }
  });

  document.body.addEventListener("htmx:afterSwap", () => load());
  document.body.addEventListener("htmx:beforeRequest", (event) => {
    // A poll must not throw away a turn the referee is in the middle of.
    const src = event.detail.elt;
    if (src && src.id === "tablet-root" && window.tabletBusy) event.preventDefault();
  });

  window.tablet = {
    load, render, applyLocally, showMessage, clearMessage, csrf,
    data: () => data,
    restore(item) {  // the referee fixes a refused entry: it comes back into the controls
      entry = blank();
      entry.seat = item.seat;
      entry.draws = item.draw || 0;
      if (item.tile && data.tiles && item.tile in data.tiles) chooseTile(item.tile);
      render();
    },
  };
  // After every deferred script (the queue is one), so that it sees the first board too.
  if (document.readyState === "complete") load();
  else document.addEventListener("DOMContentLoaded", load);
})();
