// The turn being entered, as plain values: which seat, tile, cell and rotation, how many draws.
// Every function here is pure (data and entry in, a new entry or a decision out), so the whole
// behaviour of the controls is unit-tested without a browser (tests/js/entry.test.js).

/** @typedef {import("./contract.js").TabletData} TabletData */
/**
 * @typedef {Object} Entry
 * @property {?number} seat
 * @property {?string} tile
 * @property {?string} cell  "c,r"
 * @property {number[][]} options  the rotations that fit at the cell
 * @property {number} index  the rotation shown
 * @property {number} draws
 */

/** A fresh entry: the seat is known unless the referee must say who opens.
 * @param {?TabletData} data @returns {Entry} */
export function blankEntry(data) {
  const fixed = !!data && (data.correcting || (data.takes_turns && !data.opening));
  return { seat: fixed ? data.seat : null, tile: null, cell: null, options: [], index: 0, draws: 0 };
}

/** Whether the referee has begun entering something that a poll must not throw away. */
export function isStarted(data, entry) {
  return !!(entry && (entry.tile || entry.draws ||
    (data.opening && !data.correcting && entry.seat !== null)));
}

/** Where a tile fits: [[cell, rotations], …]; [] for a tile that fits nowhere or is not known. */
export function fitsOf(data, tile) {
  return (data.tiles && data.tiles[tile]) || [];
}

/** The tile chosen; a tile that fits in one place only goes there at once. */
export function chooseTile(data, entry, tile) {
  const next = { ...entry, tile, cell: null, options: [], index: 0 };
  const fits = fitsOf(data, tile);
  return fits.length === 1 ? chooseCell(data, next, fits[0][0]) : next;
}

/** A cell tapped: chosen, or the tile turned to its next rotation when tapped again. */
export function chooseCell(data, entry, key) {
  if (entry.cell === key) {
    if (!entry.options.length) return entry;
    return { ...entry, index: (entry.index + 1) % entry.options.length };
  }
  const found = fitsOf(data, entry.tile).find(([k]) => k === key);
  if (!found) return entry;
  return { ...entry, cell: key, options: found[1], index: 0 };
}

/** One draw more or fewer, within what the pool allows. */
export function drawsChanged(data, entry, by) {
  return { ...entry, draws: Math.max(0, Math.min(data.draws_left, entry.draws + by)) };
}

/** A tile typed as digits ("123", "1 2 3", "3-1-2") named as the palette names it: a tile is the
 * same tile whichever corner is read first, so its three rotations are tried.
 * @returns {{tile: string} | {unknown: string}} */
export function typedTile(data, text) {
  const digits = text.match(/\d/g) || [];
  if (digits.length !== 3) return { unknown: text.trim() };
  const [a, b, c] = digits;
  const names = [[a, b, c], [b, c, a], [c, a, b]].map((t) => t.join("-"));
  const known = names.find((n) => data.tiles && n in data.tiles);
  return known ? { tile: known } : { unknown: digits.join("-") };
}

/**
 * What each control may do, from the data, the entry and what the device is doing.
 * @param {TabletData} data @param {Entry} entry
 * @param {{sending?: boolean, waiting?: number, stale?: boolean}} device
 */
export function controlsState(data, entry, { sending = false, waiting = 0, stale = false } = {}) {
  const entering = data.takes_turns && !sending && !stale;
  const play = entering && !data.opening;
  const chooseOpener = data.opening && !data.correcting;
  return {
    place: entering && entry.seat !== null && !!entry.tile && !!entry.cell,
    rotate: entering && !!entry.cell && entry.options.length > 1,
    drawPlus: play && entry.draws < data.draws_left,
    drawMinus: play && entry.draws > 0,
    pass: play && !!data.pass,
    // Undo takes back the last recorded entry; with entries still queued that is the wrong one.
    undo: !sending && !stale && waiting === 0,
    typed: entering,
    tiles: entering,
    seats: entering,
    whoOpensShown: chooseOpener,
    drawsShown: !data.opening,
    turnStatusShown: !chooseOpener,
    // At the opening Place waits for a seat: the script says so instead of a grey button alone.
    needsOpener: chooseOpener && entering && entry.seat === null,
  };
}

/** Replaces {name} in a translated sample with its value. */
export function fill(text, values) {
  return Object.entries(values).reduce((t, [k, v]) => t.split("{" + k + "}").join(v), text || "");
}

/** Points with their sign, as the score sheet writes them: +12, −25, 0. */
export function signed(n) {
  return n > 0 ? "+" + n : n < 0 ? "−" + (-n) : "0";
}

/** Which sample the chosen-tile line says: "pick", "fits", "one", "nofit" or "chosen". */
export function chosenLine(data, entry) {
  if (!entry.tile) return { sample: "pick", n: 0 };
  const n = fitsOf(data, entry.tile).length;
  if (entry.cell) return { sample: "chosen", n };
  return { sample: n ? (n === 1 ? "one" : "fits") : "nofit", n };
}

/** What the one pass control records, for its label and its question: "draws" (drew n, then
 * passed), "empty" (drew the pool empty, then passed) or "none" (the pool was empty already);
 * null when no pass is possible. */
export function passWords(data) {
  if (!data.pass) return null;
  const { draws: n, points, empties_pool: empties } = data.pass;
  return { sample: n === 0 ? "none" : empties ? "empty" : "draws", n, points };
}

/** The turn as the server's form takes it, plus who and which tile for the queue's list. A pass
 * carries the draws the engine said it needs, whatever the draw buttons show. */
export function turnItem(data, entry, kind) {
  const draw = kind === "pass" ? data.pass.draws : data.opening ? 0 : entry.draws;
  const item = { kind, seat: entry.seat, draw, who: data.names[entry.seat] };
  if (kind === "place") {
    const [c, r] = entry.cell.split(",");
    item.at_c = c;
    item.at_r = r;
    item.corners = entry.options[entry.index].join(",");
    item.tile = entry.tile;
  }
  return item;
}

/** A refused entry brought back into the controls, as far as the table still allows. Whose turn
 * it is comes from the server, never from the refused entry: the game may have moved on. */
export function restoredEntry(data, item) {
  const seat = data.opening && !data.correcting ? item.seat : data.seat;
  let entry = { ...blankEntry(data), seat, draws: item.draw || 0 };
  if (item.tile && data.tiles && item.tile in data.tiles) entry = chooseTile(data, entry, item.tile);
  return entry;
}

/** A draft kept over a reload, if it still belongs to the board shown.
 * @returns {Entry} */
export function draftEntry(data, draft) {
  if (!draft || draft.version !== data.version || draft.game !== data.game) return blankEntry(data);
  const fresh = blankEntry(data);
  const entry = { ...fresh, ...draft.entry, seat: data.opening ? draft.entry.seat : fresh.seat };
  if (entry.tile && !(entry.tile in (data.tiles || {}))) return blankEntry(data);
  return entry;
}
