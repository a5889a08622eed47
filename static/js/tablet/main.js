// The referee's tablet: choosing a tile, a place, its rotation, the draws, and Place or Pass.
// The engine decides everything: the server's, whose table comes with the page (#tablet-data,
// read through contract.js) and which checks every turn again when it is recorded, and, once it
// has started, the same engine on the tablet (engine.js), which judges a turn at once and keeps
// the table while turns wait. This module keeps one state of the turn being entered and applies
// entry.js' decisions to the page; turns go through the device's queue (queue.js), or straight
// to the server when a recorded turn is corrected (correct.js).
import { installBoard, fitBoardTo } from "./board.js";
import { readTabletData } from "./contract.js";
import { createCorrector } from "./correct.js";
import {
  blankEntry, chooseCell, chooseTile, chosenLine, controlsState, draftEntry, drawsChanged, fill,
  fitsOf, isStarted, passWords, restoredEntry, signed, turnItem, typedTile,
} from "./entry.js";
import { startEngine } from "./engine.js";
import { installKeys } from "./keys.js";
import { dataAfter, dataFromEngine } from "./offline.js";
import { createQueue } from "./queue.js";
import { refusalWords } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const $ = (sel) => document.querySelector(sel);
let data = null;   // the server's #tablet-data for the board shown (moved on locally offline)
let entry = null;  // the turn being entered (entry.js)
let lastTyped = null;  // Enter and then leaving the box must not ask twice
let stale = false;     // back from the browser's cache until the server's board is in
let busy = false;      // something entered or waiting that a poll must not throw away
let asking = false;    // the pass's question is on screen
let serverData = null; // the board as the server last sent it
let engine = null;     // the tablet's own engine (engine.js), when the page has its words
let words = {};        // the engine's refusals in the referee's words (scoring/messages.py)

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
    t.disabled = hands ? false : !can.tiles;
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
      : data.draws_left ? fill(status.dataset.noneText, { n: data.draws_left })
        : status.dataset.emptyText;
  }
  renderPass(can.pass);
  document.querySelectorAll(".who-opens").forEach((n) => { n.hidden = !can.whoOpensShown; });
  document.querySelectorAll(".draws, #pass-button").forEach((n) => { n.hidden = !can.drawsShown; });
  const turn = $("#turn-status");
  if (turn) {
    turn.hidden = !can.turnStatusShown;
    if (data.localSeat === null && data.hands) {
      turn.textContent = words["round-over"] || "";  // ended on this device
    } else if (data.localSeat !== undefined) {
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
  // The engine says why a tile is not there (not in the set, …): the tablet's own when it is
  // ready, else the server's.
  const label = $("#chosen-tile");
  if (engine && engine.ready) {
    const refusal = await engine.ask({ kind: "tile", text }).catch(() => null);
    showMessage(refusal ? refusalWords(words, refusal) : fill(label.dataset.unknownText, { t: text }));
    return;
  }
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

// With the tablet's engine ready a turn is judged at once, on the device: refused in the
// engine's own words, or shown played before the server (which checks it again) confirms it.
// Taps are taken in order: one made while the turn before is being judged waits for it, and
// is then entered on the table that turn left.
let judging = Promise.resolve();
function submit(kind) {
  judging = judging.then(() => submitNow(kind)).catch(() => {});
  return judging;
}
async function submitNow(kind) {
  if (kind === "place" && $("#place-button").disabled) return;
  if (kind === "pass" && $("#pass-button").disabled) return;
  const item = turnItem(data, entry, kind);
  if (!engine || !engine.ready || data.correcting) { sender().add(item, data); return; }
  const answer = await engineAnswer(item);
  if (answer && !answer.ok) { showMessage(refusalWords(words, answer.refusal)); return; }
  sender().add(item, data, answer);
  await applying;  // the table this turn leaves, before the next tap is judged
}
async function engineAnswer(item) {
  const ask = item.kind === "hands" ? { kind: "hands", fields: item }
    : { kind: "play", turn: engineTurn(item) };
  try { return await engine.ask(ask); } catch (error) { return null; }
}
function engineTurn(item) {
  const turn = { seat: item.seat, draw: Number(item.draw) || 0 };
  if (item.kind === "place") {
    turn.at = [Number(item.at_c), Number(item.at_r)];
    turn.corners = String(item.corners).split(",").map(Number);
  }
  return turn;
}
function csrf() {
  try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (error) { return ""; }
}

// A waiting turn shown played on this device: the placed tile is drawn (dashed until recorded);
// the table after it is the tablet's engine's answer, or without it offline.js' bare minimum.
let applying = Promise.resolve();
function applyLocally(item, known) {
  // One after another: a turn's cell may be one the engine's answer to the turn before found.
  applying = applying.then(() => applyOne(item, known));
  return applying;
}
async function applyOne(item, known) {
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
  const answer = known || (engine && engine.ready ? await engineAnswer(item) : null);
  if (item.kind === "hands") handsOfflineDone();
  if (answer && answer.ok) {
    data = dataFromEngine(data, answer);
    showNumbers(answer.numbers);
    if (item.kind === "hands") newRoundOffline();
    if (data.hands) handsOffline(answer.numbers);
  } else if (item.kind !== "hands") {
    data = dataAfter(data, item);
  }
  entry = blankEntry(data);
  clearTyped();
  render();
}

// A round the tablet's engine ended while turns wait: the hands are entered here too, from the
// form the page keeps for it (#hands-offline), and wait in the queue like the turns.
function handsOffline(numbers) {
  const template = $("#hands-offline");
  if (!template || $("#hands-form")) return;
  const form = template.content.firstElementChild.cloneNode(true);
  const heading = form.querySelector("h3");
  heading.textContent = numbers.went_out
    ? fill(heading.dataset.outText, { who: data.names[numbers.round_winner] })
    : heading.dataset.blockedText;
  form.querySelectorAll(".hand").forEach((line) => {
    if (!numbers.hands[Number(line.dataset.seat)]) line.remove();
  });
  const first = form.querySelector("input[name=hand-target]");
  if (first) first.checked = true;
  $("#turn-form").hidden = true;
  $("#turn-form").after(form);
}
// The next round on this device: an empty board and every tile of the set back in the palette,
// as the server's palette draws them (tablet_tags.palette_buttons).
function newRoundOffline() {
  const cells = $("#cells");
  if (cells) cells.replaceChildren();
  const palette = $("#palette");
  if (!palette) return;
  palette.replaceChildren(...Object.keys(data.tiles).map((tile) => {
    const [a, b, c] = tile.split("-");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "ptile";
    button.dataset.tile = tile;
    button.setAttribute("aria-label", tile);
    button.setAttribute("aria-pressed", "false");
    const top = document.createElement("span");
    top.textContent = a;
    const bottom = document.createElement("span");
    bottom.textContent = `${c}\u00a0${b}`;
    button.append(top, bottom);
    return button;
  }));
}
function handsOfflineDone() {
  const form = $("#hands-form[data-offline-hands]");
  if (form) form.remove();
  const turn = $("#turn-form");
  if (turn) turn.hidden = false;
}
async function submitHandsOffline(form) {
  const fields = { kind: "hands", ...Object.fromEntries(new FormData(form)) };
  const answer = await engineAnswer(fields);
  if (!answer || !answer.ok) {
    showMessage(refusalWords(words, answer ? answer.refusal : { code: "*", params: {} }));
    return;
  }
  sender().add({ ...fields, who: "" }, data, answer);
}

// The scoreboard as the tablet's engine counts it, while turns wait on the device.
function showNumbers(numbers) {
  const mark = document.querySelector(".scoreboard .turn-mark");
  document.querySelectorAll(".scoreboard tr[data-seat]").forEach((row) => {
    const seat = Number(row.dataset.seat);
    row.querySelector(".score").textContent = numbers.totals[seat];
    row.querySelector(".hand").textContent = numbers.hands[seat];
    const pool = row.querySelector(".own-pool");
    if (pool && numbers.pools) pool.textContent = numbers.pools[seat];
    const playing = seat === numbers.to_play;
    row.classList.toggle("to-play", playing);
    if (playing && mark) row.querySelector("td").prepend(mark, " ");
  });
  if (mark && numbers.to_play === null) mark.remove();
}

// The engine became ready with turns already waiting: it replays them on the server's board.
async function engineCaughtUp() {
  engine.ask({ kind: "round", start: serverData.start });
  const waiting = sender().waiting();
  if (!waiting.length) return;
  let answer = null;
  for (const item of waiting) {
    answer = await engineAnswer(item);
    if (!answer || !answer.ok) return;  // the server will say why, in the queue
  }
  data = dataFromEngine({ ...data, version: serverData.version + waiting.length - 1 }, answer);
  showNumbers(answer.numbers);
  entry = blankEntry(data);
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

// The tablet's own engine starts once, on the recording page (which carries its words).
function startOwnEngine() {
  const table = document.getElementById("engine-words");
  if (engine || !table || data.correcting || !data.start) return;
  words = JSON.parse(table.textContent);
  engine = startEngine(data.urls.engine, data.urls.engine_worker);
  engine.whenReady.then((ready) => { if (ready) engineCaughtUp(); });
}

// -- loading a fresh board from the server -----------------------------------------------------
function load() {
  const node = document.getElementById("tablet-data");
  if (!node) { data = null; return; }
  data = serverData = readTabletData(JSON.parse(node.textContent));
  startOwnEngine();
  if (engine && engine.ready) engine.ask({ kind: "round", start: data.start });
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
document.addEventListener("submit", (event) => {
  if (!event.target.matches("form[data-offline-hands]")) return;
  event.preventDefault();
  judging = judging.then(() => submitHandsOffline(event.target)).catch(() => {});
});
document.body.addEventListener("htmx:afterSwap", () => load());
document.body.addEventListener("htmx:beforeRequest", (event) => {
  // A poll must not throw away a turn the referee is in the middle of.
  const src = event.detail.elt;
  if (src && src.id === "tablet-root" && busy) event.preventDefault();
});
// A module runs after the document is parsed, like a deferred script.
load();
