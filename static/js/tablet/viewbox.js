// The board's viewBox arithmetic and the keyboard's "nearest cell that way", as pure functions
// of numbers; board.js and keys.js apply them to the SVG.

/** "x,y x,y x,y" as [[x, y], …]. */
export function pointsOf(text) {
  return text.trim().split(/\s+/).map((p) => p.split(",").map(Number));
}

/** The box zoomed about its centre: factor < 1 is closer; width kept within 2..200. */
export function zoomed([x, y, w, h], factor) {
  const nw = Math.min(Math.max(w * factor, 2), 200);
  const nh = nw * h / w;
  return [x + (w - nw) / 2, y + (h - nh) / 2, nw, nh];
}

/** Whether any point lies outside the box. */
export function anyOutside([x, y, w, h], points) {
  return points.some(([px, py]) => px < x || px > x + w || py < y || py > y + h);
}

/** The smallest box holding every point, with a margin of one unit. */
export function boxAround(points) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  return [x0 - 1, y0 - 1, Math.max(...xs) - x0 + 2, Math.max(...ys) - y0 + 2];
}

/** The centre of a triangle's points. */
export function centre(points) {
  return [points.reduce((s, p) => s + p[0], 0) / points.length,
          points.reduce((s, p) => s + p[1], 0) / points.length];
}

/** Index of the centre nearest from `from` in direction (dx, dy); straight ahead beats a little
 * nearer but off to the side. -1 when none lies that way. */
export function nearestThatWay(from, centres, dx, dy) {
  let best = -1, bestScore = Infinity;
  centres.forEach(([x, y], i) => {
    const along = (x - from[0]) * dx + (y - from[1]) * dy;
    if (along <= 0.01) return;
    const score = along + 2 * Math.abs((x - from[0]) * dy - (y - from[1]) * dx);
    if (score < bestScore) { bestScore = score; best = i; }
  });
  return best;
}
