import assert from "node:assert/strict";
import { test } from "node:test";

import { dataFromEngine } from "../../static/js/tablet/offline.js";
import { refusalWords } from "../../static/js/tablet/words.js";
import { playData } from "./fixtures.js";

// As scoring/messages.py engine_words makes it (a few entries).
const TABLE = {
  "*": "The engine refused this turn.",
  occupied: "That cell on the board is already taken.",
  "out-of-turn:2": "It is Vera's turn.",
  "mismatch:down:1": "The top left corner needs a {needed}, not a {given}.",
  "must-draw": ["n0", "A player may pass only after drawing 1 tile (drawn: {given}).",
                "A player may pass only after drawing 2 tiles (drawn: {given})."],
  "pool-empty": ["p0", "The pool holds only 1 tile."],
};

test("a refusal in the referee's words, by its code and params", () => {
  assert.equal(refusalWords(TABLE, { code: "occupied", params: {} }),
               "That cell on the board is already taken.");
  assert.equal(refusalWords(TABLE, { code: "out-of-turn", params: { expected_seat: 2 } }),
               "It is Vera's turn.");
  assert.equal(refusalWords(TABLE, { code: "mismatch", orientation: "down",
                                     params: { corner: 1, needed: 4, given: 2 } }),
               "The top left corner needs a 4, not a 2.");
  assert.equal(refusalWords(TABLE, { code: "must-draw", params: { needed: 2, given: 0 } }),
               "A player may pass only after drawing 2 tiles (drawn: 0).");
  assert.equal(refusalWords(TABLE, { code: "pool-empty", params: { pool: 1 } }),
               "The pool holds only 1 tile.");
});

test("a code the table does not word falls back to the general sentence", () => {
  assert.equal(refusalWords(TABLE, { code: "tile-played", params: {} }), "The engine refused this turn.");
  assert.equal(refusalWords(TABLE, { code: "must-draw", params: { needed: 9 } }),
               "The engine refused this turn.");
  assert.equal(refusalWords({}, { code: "occupied", params: {} }), "occupied");
});

test("the table after a turn the tablet's engine played is the engine's, one version on", () => {
  const data = playData();
  const script = { takes_turns: true, opening: false, hands: false, seat: 2, next_seats: [1, 2, 0],
                   position: [0, 5], draws_left: 3, draw_penalty: -5, pass: null,
                   cells: {}, tiles: { "5-5-5": [] } };
  const after = dataFromEngine(data, { ok: true, script });
  assert.equal(after.version, 8);
  assert.equal(after.seat, 2);
  assert.equal(after.localSeat, 2);
  assert.deepEqual(after.tiles, { "5-5-5": [] });
  assert.equal(after.names, data.names, "what the engine does not say is the server's");
  const ended = dataFromEngine(data, { ok: true, script: { ...script, seat: null, hands: true,
                                                            takes_turns: false } });
  assert.equal(ended.localSeat, null);
});
