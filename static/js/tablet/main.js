// The referee's tablet: choosing a tile, a place, its rotation, the draws, and Place or Pass.
// The engine decides everything on the server: where each tile fits comes with the page
// (#tablet-data, read through contract.js), and every turn is checked again when it is recorded.
// This module keeps one state of the turn being entered and applies entry.js' decisions to the
// page; turns go through the device's queue (queue.js), or straight to the server when a
// recorded turn is corrected (correct.js).
import { installBoard, fitBoardTo } from "./board.js";
import { readTabletData } from "./contract.js";
import { createCorrector } from "./correct.js";
import {
  blankEntry, chooseCell, chooseTile, chosenLine, controlsState, draftEntry, drawsChanged, fill,
  fitsOf, isStarted, passWords, restoredEntry, signed, turnItem, typedTile,
} from "./entry.js";
import { installKeys } from "./keys.js";
import { dataAfter } from "./offline.js";
import { createQueue } from "./queue.js";

const SVG = "http://www.w3.org/2000/svg";
const $ = (sel) => document.querySelector(sel);
let data = null;   // the server's #tablet-data for the board shown (moved on locally offline)
let entry = null;  // the turn being entered (entry.js)
let lastTyped = null;  // Enter and then leaving the box must not ask twice
let stale = false;     // back from the browser's cache until the server's board is in
let busy = false;      // something entered or waiting that a poll must not throw away
let asking = false;    // the pass's question is on screen

// -- drawing ---------------------------------------------------------------------------------
function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawHints() {
  const group = $("#hints");
  if (!group) return;
  group.replaceChildren();
  const ghost = $("#ghost");
  if (ghost) ghost.remove();
  const board = $("#board");
  if (!entry.tile) { drawRecorded(board); return; }
  const label = board.dataset.hintText || "";
  fitsOf(data, entry.tile).forEach(([key, options]) => {
    const chosen = entry.cell === key;
    const [c, r] = key.split(",");
    group.appendChild(el("polygon", {
      class: "hint" + (chosen ? " chosen" : ""), points: data.cells[key].points, "data-cell": key,
      "data-c": c, "data-r": r, tabindex: "0", role: "button", "aria-pressed": String(chosen),
      "aria-label": label.replace("{t}", entry.tile).replace("{n}", options.length),
    }));
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

// -- the one place that applies what every control may do --------------------------------------
function setDisabled(sel, off) {
  const node = $(sel);
  if (node) node.disabled = !!off;
}

function render() {
  if (!data || !entry) return;
  const device = { sending: sender().sending, waiting: sender().count(), stale };
  const can = controlsState(data, entry, device);
  setDisabled("#place-button", !can.place);
  setDisabled("#rotate-button", !can.rotate);
  setDisabled("#draw-plus", !can.drawPlus);
  setDisabled("#draw-minus", !can.drawMinus);
  setDisabled("#pass-button", !can.pass);
  setDisabled("#undo-button", !can.undo);
  setDisabled("#tile-typed", !can.typed);
  const hands = $("#hands-form");
  document.querySelectorAll(".ptile").forEach((t) => {
    const on = t.dataset.tile === entry.tile;
    t.classList.toggle("selected", on);
    t.setAttribute("aria-pressed", String(on));
    if (!hands) t.disabled = !can.tiles;
  });
  document.querySelectorAll(".who-opens input[name=seat]").forEach((r) => {
    r.checked = Number(r.value) === entry.seat;
    r.disabled = !can.seats;
  });
  const label = $("#chosen-tile");
  if (label) {
    const line = chosenLine(data, entry);
    label.textContent = fill(label.dataset[line.sample + "Text"], { t: entry.tile || "", n: line.n });
    label.classList.toggle("minus", line.sample === "nofit");
  }
  const opener = $("#opener-needed");
  if (opener) opener.hidden = !can.needsOpener;
  const status = $("#draw-status");
  if (status) {
    status.textContent = entry.draws
      ? fill(status.dataset.drawnText, { n: entry.draws, p: entry.draws * data.draw_penalty })
      : fill(status.dataset.noneText, { n: data.draws_left });
  }
  renderPass(can.pass);
  document.querySelectorAll(".who-opens").forEach((n) => { n.hidden = !can.whoOpensShown; });
  document.querySelectorAll(".draws, #pass-button").forEach((n) => { n.hidden = !can.drawsShown; });
  const turn = $("#turn-status");
  if (turn) {
    turn.hidden = !can.turnStatusShown;
    if (data.localSeat !== undefined) {
      const strong = document.createElement("strong");
      strong.textContent = data.names[data.seat];
      const [before, after] = (turn.dataset.localText || "{who}").split("{who}");
      turn.replaceChildren(before, strong, after || "");
    }
  }
  drawHints();
  busy = isStarted(data, entry) || device.waiting > 0 || device.sending;
  draftSave();
}

// The one pass control says what it records ("Drew 3, passed −25") and asks before recording it.
function renderPass(allowed) {
  const pass = $("#pass-button");
  const box = $("#pass-confirm");
  const words = passWords(data);
  if (!pass || !words) { if (box) box.hidden = true; return; }
  const what = fill(pass.dataset[words.sample + "Text"], { n: words.n });
  pass.textContent = what + " " + signed(words.points);
  if (!box) return;
  asking = asking && allowed;
  box.hidden = !asking;
  const question = $("#pass-question");
  question.textContent = fill(question.dataset.askText,
                              { who: data.names[entry.seat], what, points: signed(words.points) });
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

function pickTile(tile) {
  entry = chooseTile(data, entry, tile);
  render();
  fitBoardTo(document.querySelectorAll("#hints .hint"));
}
function pickCell(key) {
  entry = chooseCell(data, entry, key);
  render();
  focusHint(key);
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

function submit(kind) {
  if (kind === "place" && $("#place-button").disabled) return;
  if (kind === "pass" && $("#pass-button").disabled) return;
  sender().add(turnItem(data, entry, kind), data);
}
function csrf() {
  try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
}

// Offline, the table moves on on this device only (offline.js); the placed tile is drawn.
function applyLocally(item) {
  if (item.kind === "place") {
    const cell = data.cells[item.at_c + "," + item.at_r];
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
  data = dataAfter(data, item);
  entry = blankEntry(data);
  clearTyped();
  render();
}
function clearTyped() {
  const typed = $("#tile-typed");
  if (typed) typed.value = "";
  lastTyped = null;
}

// -- a half-entered turn survives a reload, while the game is where it was ----------------------
function draftKey() { return "tablet-draft:" + data.game; }
function draftSave() {
  try {
    // A turn brought back by Fix belongs to the queue, not to a draft: after a reload the
    // queue shows it again, and a draft would enter it out of its order.
    if (isStarted(data, entry) && data.localSeat === undefined && !data.correcting
        && !sender().fixing()) {
      sessionStorage.setItem(draftKey(), JSON.stringify({ version: data.version, game: data.game, entry }));
    } else sessionStorage.removeItem(draftKey());
  } catch (error) { /* storage full or blocked: nothing to keep */ }
}
function draftLoad() {
  let draft = null;
  try { draft = JSON.parse(sessionStorage.getItem(draftKey()) || "null"); } catch (error) { draft = null; }
  return draftEntry(data, draft);
}

// A game the start form has just made: Back from here goes to the game (static/js/seating.js).
function rememberStarted() {
  try {
    if (sessionStorage.getItem("game-new:submitted")) {
      sessionStorage.removeItem("game-new:submitted");
      sessionStorage.setItem("game-new:started", data.urls.game);
    }
  } catch (error) { /* no storage: Back shows the form, as a plain page would */ }
}

// -- loading a fresh board from the server -----------------------------------------------------
function load() {
  const node = document.getElementById("tablet-data");
  if (!node) { data = null; return; }
  data = readTabletData(JSON.parse(node.textContent));
  const board = $("#board");
  if (board) board.setAttribute("role", "group");  // its cells are buttons, not a picture
  entry = data.correcting ? blankEntry(data) : draftLoad();
  const hands = $("#hands-form");
  if (hands && !hands.querySelector("input[name=hand-target]:checked")) {
    const first = hands.querySelector("input[name=hand-target]");
    if (first) first.checked = true;
  }
  sender().loaded(data);
  if (data.urls.game) rememberStarted();
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
  busy = true;
}

function typed(text) {
  if (text === lastTyped) return;
  lastTyped = text;
  clearMessage();
  if (!text.trim()) return;
  const found = typedTile(data, text);
  if (found.tile) { pickTile(found.tile); return; }
  entry = { ...entry, tile: null, cell: null, options: [], index: 0 };
  render();
  askWhyUnknown(found.unknown);
}

function focusHint(key) {
  const hint = document.querySelector(`#hints .hint[data-cell="${key}"]`);
  if (hint) hint.focus();
}

function onClick(event) {
  const target = event.target;
  if (!data || !target.closest || !target.closest("#tablet-root")) return;
  const hint = target.closest(".hint");
  const tile = target.closest(".ptile");
  const control = target.closest("button, .hint, input[name=seat]");
  if (control && !target.closest("#queue")) clearMessage();  // a refusal lasts until the next action
  if (control && !target.closest("#pass-confirm, #pass-button")) asking = false;
  if (hint) { pickCell(hint.dataset.cell); return; }
  if (tile) {
    if ($("#hands-form")) { handTile(tile); return; }
    const box = $("#tile-typed");
    if (box) box.value = lastTyped = tile.dataset.tile;
    if (entry.tile !== tile.dataset.tile) pickTile(tile.dataset.tile);
    // Chosen from the keyboard (no pointer, so no click count): go on to its cells.
    if (event.detail === 0) {
      const first = entry.cell ? `#hints .hint[data-cell="${entry.cell}"]` : "#hints .hint";
      const next = document.querySelector(first);
      if (next) next.focus();
    }
    return;
  }
  if (target.closest("#rotate-button") && entry.cell) { entry = chooseCell(data, entry, entry.cell); render(); return; }
  if (target.closest("#draw-plus")) { entry = drawsChanged(data, entry, 1); render(); return; }
  if (target.closest("#draw-minus")) { entry = drawsChanged(data, entry, -1); render(); return; }
  if (target.closest("#place-button")) { asking = false; submit("place"); return; }
  if (target.closest("#pass-button")) { asking = true; render(); $("#pass-yes").focus(); return; }
  if (target.closest("#pass-yes")) { asking = false; submit("pass"); return; }
  if (target.closest("#pass-no")) { asking = false; render(); }
}

function onChange(event) {
  const target = event.target;
  if (!data) return;
  if (target.matches(".who-opens input[name=seat]")) {
    clearMessage();
    entry = { ...entry, seat: Number(target.value) };
    render();
  } else if (target.matches("input[name=hand-target]")) {
    clearMessage();
  } else if (target.id === "tile-typed") {
    typed(target.value);
  }
}

function onKey(event) {
  const target = event.target;
  if (target.id === "tile-typed" && event.key === "Enter") {
    event.preventDefault();
    typed(target.value);
  } else if (target.classList && target.classList.contains("hint")
             && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();  // Enter chooses the cell, Enter again turns the tile
    clearMessage();
    pickCell(target.dataset.cell);
  }
}

const host = {
  load, render, applyLocally, showMessage, csrf,
  data: () => data,
  setStale(on) { stale = on; },
  restore(item) {  // the referee fixes a refused entry: it comes back into the controls
    entry = restoredEntry(data, item);
    render();
  },
};
const queue = createQueue(host);
const corrector = createCorrector(host);
function sender() { return data && data.correcting ? corrector : queue; }

installBoard();
installKeys();
document.addEventListener("click", onClick);
document.addEventListener("change", onChange);
document.addEventListener("keydown", onKey);
document.body.addEventListener("htmx:afterSwap", () => load());
document.body.addEventListener("htmx:beforeRequest", (event) => {
  // A poll must not throw away a turn the referee is in the middle of.
  const src = event.detail.elt;
  if (src && src.id === "tablet-root" && busy) event.preventDefault();
});
// A module runs after the document is parsed, like a deferred script.
load();
