// The pure part of a player's rating chart (rating-chart.js draws it): scales, the dated axis
// and what a tap does (each point's words come from the server, in the reader's language).
// Tested with node --test tests/js/.
//
// Points stand at even steps, one per game, not at their dates: an evening of six games would
// otherwise be one blot that no finger can tell apart. The axis names periods instead: the first
// game of each day, month or year (by the span shown) gets a label, so no label can repeat.

const DAY = 24 * 60 * 60 * 1000;

/** The period the axis counts in: days up to two months, months up to three years, else years. */
export function periodUnit(firstMs, lastMs) {
  const span = Math.abs(lastMs - firstMs);
  if (span <= 62 * DAY) return "day";
  if (span <= 3 * 366 * DAY) return "month";
  return "year";
}

const keyFormats = new Map();

/** "2026-12-03", "2026-12" or "2026": the period a moment falls in, on the club's clock. */
export function periodKey(ms, unit, timeZone) {
  const id = `${unit}|${timeZone || ""}`;
  if (!keyFormats.has(id)) {
    const options = { year: "numeric", timeZone };
    if (unit !== "year") options.month = "2-digit";
    if (unit === "day") options.day = "2-digit";
    keyFormats.set(id, new Intl.DateTimeFormat("en-CA", options));
  }
  const parts = Object.fromEntries(
    keyFormats.get(id).formatToParts(ms).map((part) => [part.type, part.value]));
  return [parts.year, parts.month, parts.day].filter(Boolean).join("-");
}

const LABEL_OPTIONS = {
  day: { day: "numeric", month: "short" },
  month: { month: "short", year: "numeric" },
  year: { year: "numeric" },
};

/** An axis label in the reader's language: "Dec 3" / "3 дек.", "Dec 2026", "2026". */
export function tickLabel(ms, unit, locale, timeZone) {
  return new Intl.DateTimeFormat(locale, { ...LABEL_OPTIONS[unit], timeZone }).format(ms);
}

/**
 * The dated ticks: the first game of each period, thinned from the left so that labels keep
 * `gap(label)` apart. Returns [{index, label, unit}], distinct labels, in order.
 */
export function dateTicks(times, xs, { locale = "en", timeZone, gap = (label) => label.length * 7 + 12 } = {}) {
  if (!times.length) return [];
  const unit = periodUnit(times[0], times[times.length - 1]);
  const ticks = [];
  let lastKey = null;
  let lastEnd = -Infinity;
  times.forEach((ms, index) => {
    const key = periodKey(ms, unit, timeZone);
    if (key === lastKey) return;
    lastKey = key;
    const label = tickLabel(ms, unit, locale, timeZone);
    const half = gap(label) / 2;
    if (xs[index] - half < lastEnd) return;
    ticks.push({ index, label, unit });
    lastEnd = xs[index] + half;
  });
  return ticks;
}

/** Where a label of this width may stand so that it stays inside the chart. */
export function labelAnchor(x, labelWidth, width) {
  if (x - labelWidth / 2 < 0) return "start";
  if (x + labelWidth / 2 > width) return "end";
  return "middle";
}

/**
 * Scales for `values` (the rating before the first game, then after each): x at even steps,
 * y from the lowest to the highest (at least 20 points tall), and five round value ticks.
 */
export function layout(values, { width, height, left = 40, right = 12, top = 14, bottom = 30 }) {
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 20) { low -= 10; high += 10; }
  const steps = Math.max(values.length - 1, 1);
  const x = (i) => left + ((width - left - right) * i) / steps;
  const y = (v) => height - bottom - ((height - top - bottom) * (v - low)) / (high - low);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    xs: values.map((_, i) => round(x(i))),
    ys: values.map((v) => round(y(v))),
    valueTicks: [0, 1, 2, 3, 4].map((k) => {
      const value = Math.round(low + ((high - low) * k) / 4);
      return { value, y: round(y(value)) };
    }),
    left, right: width - right, baseline: height - bottom,
  };
}

/** The index of the x nearest to `x` (the first of two equally near). */
export function nearestIndex(xs, x) {
  let best = 0;
  xs.forEach((each, i) => {
    if (Math.abs(each - x) < Math.abs(xs[best] - x)) best = i;
  });
  return best;
}

/**
 * What a tap on point `index` does: the first shows its date and rating ("show"), a second on
 * the same point opens its game ("open"). A mouse shows on hover, so its click opens.
 */
export function tapResult(selected, index, pointerType) {
  if (pointerType === "mouse") return "open";
  return selected === index ? "open" : "show";
}
