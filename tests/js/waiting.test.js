import assert from "node:assert/strict";
import { test } from "node:test";

import { dataAfter } from "../../static/js/tablet/offline.js";
import {
  describeItem, placeTaken, pluralSample, queueItem, refusalChoices, renumbered,
} from "../../static/js/tablet/waiting.js";
import { openingData, playData } from "./fixtures.js";

test("a waiting placement: its tile and cell leave the fits, the next seat plays", () => {
  const data = playData();
  const after = dataAfter(data, { kind: "place", seat: 1, tile: "3-4-5", at_c: "-1", at_r: "0" });
  assert.equal("3-4-5" in after.tiles, false);
  assert.deepEqual(after.tiles["0-1-2"], [["1,0", [[0, 1, 2], [1, 2, 0]]]]);
  assert.equal(after.seat, 2);
  assert.equal(after.localSeat, 2);
  assert.equal(after.version, 8);
  assert.deepEqual(after.position, [0, 5]);
  assert.equal("3-4-5" in data.tiles, true, "the server's data is left as it was");
});

test("the seat after is the server's next_seats, also after the opening", () => {
  const data = openingData({ next_seats: [2, 0, 1] });
  const after = dataAfter(data, { kind: "place", seat: 0, tile: "0-1-2", at_c: "1", at_r: "0" });
  assert.equal(after.opening, false);
  assert.equal(after.seat, 2);
  assert.equal(dataAfter(after, { kind: "pass", seat: 2 }).seat, 1);
});

test("waiting turns are numbered from the server's version; each keeps its place", () => {
  const items = [1, 1, 9].map((version, i) => ({ place: [0, i], fields: { version } }));
  const again = renumbered(items, 12);
  assert.deepEqual(again.map((i) => i.fields.version), [12, 13, 14]);
  assert.deepEqual(again.map((i) => i.place), [[0, 0], [0, 1], [0, 2]]);
  assert.equal(items[0].fields.version, 1);
});

test("a place is taken once the server's game has gone past it", () => {
  assert.equal(placeTaken([0, 3], [0, 3]), false);
  assert.equal(placeTaken([0, 3], [0, 4]), true);
  assert.equal(placeTaken([0, 9], [1, 0]), true, "the round ended elsewhere");
  assert.equal(placeTaken([1, 0], [0, 7]), false);
  assert.equal(placeTaken(undefined, [0, 7]), false, "a turn queued before places were kept");
});

test("a refusal offers keep or correct theirs when another tablet took the place", () => {
  assert.deepEqual(refusalChoices({ refused: "x" }), ["fix", "drop"]);
  assert.deepEqual(refusalChoices({ refused: "x", theirs: { label: "B", correct: null } }), ["keep"]);
  assert.deepEqual(refusalChoices({ refused: "x", theirs: { label: "B", correct: "/c/" } }),
                   ["keep", "correct"]);
});

test("plural samples by language: Russian has few", () => {
  assert.deepEqual([1, 2, 5, 21].map((n) => pluralSample("ru", n)), ["one", "few", "many", "one"]);
  assert.deepEqual([1, 2, 5].map((n) => pluralSample("en", n)), ["one", "many", "many"]);
});

test("a waiting turn in words", () => {
  const words = { passText: "{who} passes", drewText: "drew {n}" };
  assert.equal(describeItem(words, { who: "Anna", tile: "1-2-3", fields: { kind: "place", draw: "0" } }), "Anna 1-2-3");
  assert.equal(describeItem(words, { who: "Boris", fields: { kind: "pass", draw: 3 } }), "Boris passes, drew 3");
});

test("a queue item keeps who and the tile apart from what is sent", () => {
  const item = queueItem({ kind: "place", seat: 0, who: "Anna", tile: "1-2-3", corners: "1,2,3" },
                         { key: "k1", url: "/turn/", version: 4, place: [0, 3] });
  assert.deepEqual(item, { key: "k1", url: "/turn/", who: "Anna", tile: "1-2-3", place: [0, 3],
                           fields: { kind: "place", seat: 0, corners: "1,2,3", key: "k1", version: 4 } });
});
