import assert from "node:assert/strict";
import { test } from "node:test";

import { fold } from "../../static/js/picker-search.js";

test("a search finds names whatever their case and accents", () => {
  assert.ok(fold("Ёлкин Пётр").includes(fold("елкин петр")));
  assert.ok(fold("Jürgen Müller").includes(fold("MULLER")));
  assert.ok(fold("Zoë").includes("zoe"));
  assert.equal(fold("Анна"), "анна");
});

test("folding only ever widens a match: other letters stay apart", () => {
  // Й is И with a breve to Unicode: "иошкар" finds Йошкар-Ола too, and "й" finds и.
  assert.equal(fold("Йошкар-Ола"), "иошкар-ола");
  assert.ok(!fold("Борис").includes(fold("Вера")));
  assert.equal(fold(""), "");
});
