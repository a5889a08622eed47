// The tablet's highlighted cells by keyboard: the arrow keys move the focus to the nearest cell
// that way (round to the other end at the edge). Choosing and turning are in tablet.js.
(function () {
  "use strict";
  function centre(points) {
    const xy = points.split(" ").map((p) => p.split(",").map(Number));
    return [xy.reduce((s, p) => s + p[0], 0) / 3, xy.reduce((s, p) => s + p[1], 0) / 3];
  }
  function nearest(from, dx, dy) {
    const [x0, y0] = centre(from.getAttribute("points"));
    let best = null, bestScore = Infinity;
    document.querySelectorAll("#hints .hint").forEach((h) => {
      if (h === from) return;
      const [x, y] = centre(h.getAttribute("points"));
      const along = (x - x0) * dx + (y - y0) * dy;
      if (along <= 0.01) return;
      // Straight ahead beats a little nearer but off to the side.
      const score = along + 2 * Math.abs((x - x0) * dy - (y - y0) * dx);
      if (score < bestScore) { bestScore = score; best = h; }
    });
    return best;
  }
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const arrow = ARROWS[event.key];
    if (!arrow || !target.classList || !target.classList.contains("hint")) return;
    event.preventDefault();
    let next = nearest(target, arrow[0], arrow[1]);
    if (!next) {  // at the edge: round in reading order
      const all = [...document.querySelectorAll("#hints .hint")];
      const i = all.indexOf(target) + (arrow[0] + arrow[1] > 0 ? 1 : -1);
      next = all[(i + all.length) % all.length];
    }
    if (next) next.focus();
  });
})();
