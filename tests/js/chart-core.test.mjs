// The pure part of the rating chart: node --test tests/js/
import assert from "node:assert/strict";
import test from "node:test";

import {
  dateTicks, labelAnchor, layout, nearestIndex, periodKey, periodUnit, tapResult, tickLabel,
} from "../../static/js/chart-core.js";

const DAY = 24 * 60 * 60 * 1000;
const at = (iso) => Date.parse(iso);
const MOSCOW = "Europe/Moscow";

test("the axis counts days up to two months, months up to three years, then years", () => {
  const start = at("2026-01-01T12:00:00Z");
  assert.equal(periodUnit(start, start), "day");
  assert.equal(periodUnit(start, start + 62 * DAY), "day");
  assert.equal(periodUnit(start, start + 63 * DAY), "month");
  assert.equal(periodUnit(start, start + 3 * 366 * DAY), "month");
  assert.equal(periodUnit(start, start + 3 * 366 * DAY + 1), "year");
});

test("a period is the club's: 22:30 UTC is already the next day in Moscow", () => {
  assert.equal(periodKey(at("2026-12-02T22:30:00Z"), "day", MOSCOW), "2026-12-03");
  assert.equal(periodKey(at("2026-12-02T22:30:00Z"), "day", "UTC"), "2026-12-02");
  assert.equal(periodKey(at("2026-12-31T21:30:00Z"), "month", MOSCOW), "2027-01");
  assert.equal(periodKey(at("2026-06-15T10:00:00Z"), "year", MOSCOW), "2026");
});

test("labels are in the reader's language", () => {
  const when = at("2026-12-03T12:00:00Z");
  assert.equal(tickLabel(when, "day", "en", MOSCOW), "Dec 3");
  assert.equal(tickLabel(when, "day", "ru", MOSCOW), "3 дек.");
  assert.equal(tickLabel(when, "day", "de", MOSCOW), "3. Dez.");
  assert.equal(tickLabel(when, "month", "en", MOSCOW), "Dec 2026");
  assert.match(tickLabel(when, "month", "ru", MOSCOW), /^дек\. 2026/);
  assert.equal(tickLabel(when, "year", "de", MOSCOW), "2026");
});

function evenly(n, width = 640) {
  return Array.from({ length: n }, (_, i) => 40 + ((width - 52) * i) / Math.max(n - 1, 1));
}

test("an evening of many games is one label, not one per game", () => {
  const times = Array.from({ length: 12 }, (_, i) => at("2026-12-03T15:00:00Z") + i * 20 * 60 * 1000);
  const ticks = dateTicks(times, evenly(12), { locale: "en", timeZone: MOSCOW });
  assert.deepEqual(ticks, [{ index: 0, label: "Dec 3", unit: "day" }]);
});

test("two months of games: days, each first game of its day, never the same label twice", () => {
  const times = [];
  for (let d = 0; d < 60; d += 3) for (let g = 0; g < 4; g += 1) {
    times.push(at("2026-11-01T15:00:00Z") + d * DAY + g * 3600 * 1000);
  }
  const ticks = dateTicks(times, evenly(times.length), { locale: "en", timeZone: MOSCOW });
  const labels = ticks.map((t) => t.label);
  assert.equal(new Set(labels).size, labels.length);
  assert.ok(ticks.length >= 3, labels.join());
  assert.ok(ticks.every((t) => t.index % 4 === 0)); // the first game of its evening
  assert.ok(ticks.every((t) => t.unit === "day"));
});

test("ticks keep their labels apart on a narrow chart", () => {
  const times = Array.from({ length: 35 }, (_, i) => at("2024-01-10T12:00:00Z") + i * 30 * DAY);
  for (const width of [300, 640]) {
    const xs = evenly(times.length, width);
    const gap = (label) => label.length * 7 + 12;
    const ticks = dateTicks(times, xs, { locale: "ru", timeZone: MOSCOW, gap });
    assert.ok(ticks.length >= 2);
    assert.ok(ticks.every((t) => t.unit === "month"));
    for (let i = 1; i < ticks.length; i += 1) {
      const [a, b] = [ticks[i - 1], ticks[i]];
      assert.ok(xs[b.index] - xs[a.index] >= (gap(a.label) + gap(b.label)) / 2);
    }
    assert.equal(new Set(ticks.map((t) => t.label)).size, ticks.length);
  }
  assert.ok(dateTicks(times, evenly(35, 300), { locale: "en", timeZone: MOSCOW }).length
    < dateTicks(times, evenly(35, 640), { locale: "en", timeZone: MOSCOW }).length);
});

test("years for a long career, and nothing for no games", () => {
  const times = Array.from({ length: 30 }, (_, i) => at("2019-03-01T12:00:00Z") + i * 90 * DAY);
  const ticks = dateTicks(times, evenly(30), { locale: "en", timeZone: MOSCOW });
  assert.deepEqual(ticks.map((t) => t.label).slice(0, 3), ["2019", "2020", "2021"]);
  assert.deepEqual(dateTicks([], []), []);
});

test("a label stays inside the chart", () => {
  assert.equal(labelAnchor(10, 60, 300), "start");
  assert.equal(labelAnchor(150, 60, 300), "middle");
  assert.equal(labelAnchor(290, 60, 300), "end");
});

test("the scale spans the values, at least twenty points tall", () => {
  const flat = layout([1000, 1000, 1000], { width: 300, height: 200 });
  assert.deepEqual(flat.xs, [40, 164, 288]);
  assert.deepEqual(flat.ys, [92, 92, 92]); // halfway between top (14) and baseline (170)
  assert.deepEqual(flat.valueTicks.map((t) => t.value), [990, 995, 1000, 1005, 1010]);
  const up = layout([1000, 1100], { width: 300, height: 200 });
  assert.deepEqual(up.ys, [170, 14]); // lowest on the baseline, highest at the top
  const one = layout([1000], { width: 300, height: 200 });
  assert.deepEqual(one.xs, [40]);
});

test("a tap finds the nearest point", () => {
  const xs = [40, 60, 80, 100];
  assert.equal(nearestIndex(xs, 0), 0);
  assert.equal(nearestIndex(xs, 69), 1);
  assert.equal(nearestIndex(xs, 70), 1);
  assert.equal(nearestIndex(xs, 71), 2);
  assert.equal(nearestIndex(xs, 500), 3);
});

test("a first tap shows the point, a second on the same point opens its game", () => {
  assert.equal(tapResult(null, 3, "touch"), "show");
  assert.equal(tapResult(3, 3, "touch"), "open");
  assert.equal(tapResult(2, 3, "touch"), "show");
  assert.equal(tapResult(2, 3, "pen"), "show");
  // A mouse has shown it on hover already.
  assert.equal(tapResult(null, 3, "mouse"), "open");
});
