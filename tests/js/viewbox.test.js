import assert from "node:assert/strict";
import { test } from "node:test";

import {
  anyOutside, boxAround, centre, nearestThatWay, pointsOf, zoomed,
} from "../../static/js/tablet/viewbox.js";

test("points are read from an SVG polygon", () => {
  assert.deepEqual(pointsOf(" 0,0 1,0.5 -2,3 "), [[0, 0], [1, 0.5], [-2, 3]]);
});

test("zooming keeps the centre and the aspect, within its limits", () => {
  assert.deepEqual(zoomed([0, 0, 10, 5], 0.8), [1, 0.5, 8, 4]);
  assert.deepEqual(zoomed([0, 0, 2, 2], 0.5), [0, 0, 2, 2]);
  assert.equal(zoomed([0, 0, 190, 95], 1.25)[2], 200);
});

test("fitting: outside points are found, and the box holds them all", () => {
  assert.equal(anyOutside([0, 0, 10, 10], [[5, 5], [10, 10]]), false);
  assert.equal(anyOutside([0, 0, 10, 10], [[5, 5], [10.5, 1]]), true);
  assert.deepEqual(boxAround([[0, 0], [4, -2], [1, 3]]), [-1, -3, 6, 7]);
});

test("the keyboard goes to the nearest cell straight that way", () => {
  assert.deepEqual(centre([[0, 0], [3, 0], [0, 3]]), [1, 1]);
  const centres = [[3, 0.4], [1, 3], [-2, 0], [4, 0]];
  assert.equal(nearestThatWay([0, 0], centres, 1, 0), 0);
  assert.equal(nearestThatWay([0, 0], centres, -1, 0), 2);
  assert.equal(nearestThatWay([0, 0], centres, 0, 1), 1);
  assert.equal(nearestThatWay([0, 0], centres, 0, -1), -1);
});
