import assert from "node:assert/strict";
import { test } from "node:test";

import { ContractError, readTabletData } from "../../static/js/tablet/contract.js";
import { playData } from "./fixtures.js";

test("the server's data is read as it is, with the optional parts filled in", () => {
  const { cells, tiles, ...bare } = playData();
  const data = readTabletData({ ...bare, takes_turns: false, seat: null, pass: null });
  assert.deepEqual(data.cells, {});
  assert.deepEqual(data.tiles, {});
  assert.equal(data.correcting, false);
  assert.equal(data.recorded, null);
  assert.equal(readTabletData(playData()).tiles["3-4-5"][0][0], "-1,0");
});

test("a phase string instead of the booleans is refused by name", () => {
  const { takes_turns, opening, ...old } = playData();
  assert.throws(() => readTabletData({ ...old, phase: "play" }),
                (e) => e instanceof ContractError && e.field === "takes_turns");
});

for (const [field, value] of [
  ["version", "7"], ["seat", 3], ["seat", "1"], ["next_seats", [1, 2]], ["opening", 1],
  ["draws_left", -1], ["position", [0]], ["position", [0, -1]], ["pass", { draws: 1 }], ["pass", { draws: 1, points: -15 }], ["names", ["Anna", 2, "Vera"]], ["queue_key", null],
]) {
  test(`${field} = ${JSON.stringify(value)} is refused, naming the field`, () => {
    assert.throws(() => readTabletData(playData({ [field]: value })),
                  (e) => e instanceof ContractError && e.field === field);
  });
}

test("a tile's fit at a cell that is not drawn is refused", () => {
  const data = playData();
  data.tiles["0-1-2"] = [["9,9", [[0, 1, 2]]]];
  assert.throws(() => readTabletData(data), /tiles\[0-1-2\]/);
});

test("not an object at all", () => {
  assert.throws(() => readTabletData(null), ContractError);
  assert.throws(() => readTabletData("{}"), ContractError);
});
