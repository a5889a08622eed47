import assert from "node:assert/strict";
import { test } from "node:test";

import {
  blankEntry, chooseCell, chooseTile, chosenLine, controlsState, draftEntry, drawsChanged, fill,
  isStarted, passWords, restoredEntry, signed, turnItem, typedTile,
} from "../../static/js/tablet/entry.js";
import { openingData, playData } from "./fixtures.js";

test("in play the seat is the server's; at the opening the referee chooses it", () => {
  assert.equal(blankEntry(playData()).seat, 1);
  assert.equal(blankEntry(openingData()).seat, null);
  assert.equal(blankEntry(openingData({ correcting: true, seat: 2 })).seat, 2);
  assert.equal(blankEntry(null).seat, null);
});

test("a tile with several cells waits for a tap; with one cell it goes there", () => {
  const data = playData();
  const several = chooseTile(data, blankEntry(data), "0-1-2");
  assert.equal(several.cell, null);
  const one = chooseTile(data, blankEntry(data), "3-4-5");
  assert.equal(one.cell, "-1,0");
  assert.deepEqual(one.options, [[3, 4, 5]]);
});

test("a cell tapped again turns the tile through the rotations that fit, and round", () => {
  const data = playData();
  let entry = chooseCell(data, chooseTile(data, blankEntry(data), "0-1-2"), "1,0");
  assert.equal(entry.index, 0);
  entry = chooseCell(data, entry, "1,0");
  assert.equal(entry.index, 1);
  entry = chooseCell(data, entry, "1,0");
  assert.equal(entry.index, 0);
  assert.equal(chooseCell(data, entry, "5,5"), entry, "a cell where it does not fit changes nothing");
});

test("draws stay between none and what the pool allows", () => {
  const data = playData({ draws_left: 2 });
  let entry = blankEntry(data);
  for (let i = 0; i < 4; i += 1) entry = drawsChanged(data, entry, 1);
  assert.equal(entry.draws, 2);
  entry = drawsChanged(data, drawsChanged(data, drawsChanged(data, entry, -1), -1), -1);
  assert.equal(entry.draws, 0);
});

test("a typed tile is found whichever corner was read first", () => {
  const data = playData();
  assert.deepEqual(typedTile(data, "201"), { tile: "0-1-2" });
  assert.deepEqual(typedTile(data, "5 3 4"), { tile: "3-4-5" });
  assert.deepEqual(typedTile(data, "1-1-1"), { unknown: "1-1-1" });
  assert.deepEqual(typedTile(data, " 12 "), { unknown: "12" });
});

test("Place needs a seat, a tile and a cell; at the opening the missing seat is said", () => {
  const data = openingData();
  let entry = chooseTile(data, blankEntry(data), "3-4-5");
  let can = controlsState(data, entry);
  assert.equal(can.place, false);
  assert.equal(can.needsOpener, true);
  assert.equal(can.whoOpensShown, true);
  assert.equal(can.drawsShown, false);
  assert.equal(can.pass, false);
  entry = { ...entry, seat: 2 };
  can = controlsState(data, entry);
  assert.equal(can.place, true);
  assert.equal(can.needsOpener, false);
});

test("in play: draws and pass are there, rotate only with a choice, nothing while sending", () => {
  const data = playData();
  const entry = chooseCell(data, chooseTile(data, blankEntry(data), "0-1-2"), "1,0");
  const can = controlsState(data, entry);
  assert.deepEqual([can.place, can.rotate, can.drawPlus, can.drawMinus, can.pass, can.undo],
                   [true, true, true, false, true, true]);
  assert.equal(can.whoOpensShown, false);
  const sending = controlsState(data, entry, { sending: true });
  assert.deepEqual([sending.place, sending.pass, sending.tiles, sending.undo], [false, false, false, false]);
  assert.equal(controlsState(data, entry, { waiting: 1 }).undo, false, "undo would take back the wrong turn");
  assert.equal(controlsState(data, entry, { stale: true }).place, false);
});

test("no turn due (the hands, the game over): nothing to enter", () => {
  const data = playData({ takes_turns: false, hands: true, seat: null, tiles: {}, cells: {} });
  const can = controlsState(data, blankEntry(data));
  assert.deepEqual([can.place, can.pass, can.typed, can.tiles], [false, false, false, false]);
});

test("the chosen-tile line", () => {
  const data = playData();
  assert.deepEqual(chosenLine(data, blankEntry(data)), { sample: "pick", n: 0 });
  assert.deepEqual(chosenLine(data, chooseTile(data, blankEntry(data), "0-1-2")), { sample: "fits", n: 2 });
  assert.deepEqual(chosenLine(data, chooseTile(data, blankEntry(data), "3-4-5")), { sample: "chosen", n: 1 });
  assert.deepEqual(chosenLine(data, chooseTile(data, blankEntry(data), "0-0-5")), { sample: "nofit", n: 0 });
});

test("a turn item carries what the server's form takes", () => {
  const data = playData();
  let entry = chooseCell(data, chooseTile(data, blankEntry(data), "0-1-2"), "1,0");
  entry = chooseCell(data, drawsChanged(data, entry, 1), "1,0");
  assert.deepEqual(turnItem(data, entry, "place"), {
    kind: "place", seat: 1, draw: 1, who: "Boris", at_c: "1", at_r: "0", corners: "1,2,0", tile: "0-1-2" });
  assert.deepEqual(turnItem(data, blankEntry(data), "pass"),
                   { kind: "pass", seat: 1, draw: 3, who: "Boris" }, "a pass carries the draws it needs");
  assert.equal(turnItem(data, drawsChanged(data, blankEntry(data), 1), "pass").draw, 3);
  const opening = openingData();
  const opened = { ...chooseTile(opening, blankEntry(opening), "3-4-5"), seat: 0, draws: 2 };
  assert.equal(turnItem(opening, opened, "place").draw, 0, "nobody draws before the opening");
});

test("started: a tile, draws, or an opener chosen", () => {
  const data = playData();
  assert.equal(isStarted(data, blankEntry(data)), false);
  assert.equal(isStarted(data, drawsChanged(data, blankEntry(data), 1)), true);
  assert.equal(isStarted(openingData(), { ...blankEntry(openingData()), seat: 0 }), true);
});

test("a draft comes back only on the same game at the same version", () => {
  const data = playData();
  const entry = chooseTile(data, blankEntry(data), "0-1-2");
  assert.equal(draftEntry(data, { version: 7, game: 3, entry }).tile, "0-1-2");
  assert.equal(draftEntry(data, { version: 6, game: 3, entry }).tile, null, "the game moved on");
  assert.equal(draftEntry(data, { version: 7, game: 4, entry }).tile, null);
  assert.equal(draftEntry(data, { version: 7, game: 3, entry: { ...entry, tile: "5-5-5" } }).tile, null);
  assert.equal(draftEntry(data, null).seat, 1);
  assert.equal(draftEntry(data, { version: 7, game: 3, entry: { ...entry, seat: 0 } }).seat, 1,
               "a draft never brings back another seat in play");
});

test("a refused turn comes back into the controls as far as the table allows", () => {
  const data = playData();
  assert.deepEqual(restoredEntry(data, { seat: 2, draw: 1, tile: "3-4-5" }),
                   { seat: 1, tile: "3-4-5", cell: "-1,0", options: [[3, 4, 5]], index: 0, draws: 1 },
                   "whose turn it is comes from the server, not from the refused entry");
  assert.equal(restoredEntry(openingData(), { seat: 2, tile: "3-4-5" }).seat, 2);
  assert.equal(restoredEntry(data, { seat: 2, tile: "5-5-5" }).tile, null);
});

test("words: samples filled in, points signed", () => {
  assert.equal(fill("{t}: fits in {n} places", { t: "1-2-3", n: 4 }), "1-2-3: fits in 4 places");
  assert.equal(fill(undefined, { n: 1 }), "");
  assert.deepEqual([signed(12), signed(-25), signed(0)], ["+12", "−25", "0"]);
});

test("the one pass control: drew n, drew the pool empty, or the pool was empty", () => {
  assert.deepEqual(passWords(playData()), { sample: "draws", n: 3, points: -25 });
  assert.deepEqual(passWords(playData({ pass: { draws: 34, points: -180, empties_pool: true } })),
                   { sample: "empty", n: 34, points: -180 });
  assert.deepEqual(passWords(playData({ pass: { draws: 0, points: -10, empties_pool: true } })),
                   { sample: "none", n: 0, points: -10 });
  assert.equal(passWords(playData({ pass: null })), null);
  assert.equal(controlsState(playData({ pass: null }), blankEntry(playData())).pass, false);
});
