// The tablet's board: pan and zoom move the SVG viewBox, so the drawing stays crisp.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  document.addEventListener("click", (event) => {
    const zoom = event.target.closest && event.target.closest("[data-zoom]");
    if (zoom) zoomBoard(zoom.dataset.zoom);
  });
  function box(svg) { return svg.getAttribute("viewBox").split(/\s+/).map(Number); }
  function setBox(svg, b) { svg.setAttribute("viewBox", b.map((v) => v.toFixed(3)).join(" ")); }

  function zoomBoard(how, factor) {
    const svg = $("#board");
    if (!svg) return;
    if (how === "home") { svg.setAttribute("viewBox", svg.dataset.home); return; }
    const f = factor || (how === "in" ? 0.8 : 1.25);
    const [x, y, w, h] = box(svg);
    const nw = Math.min(Math.max(w * f, 2), 200), nh = nw * h / w;
    setBox(svg, [x + (w - nw) / 2, y + (h - nh) / 2, nw, nh]);
  }

  function fitBoardTo(hints) {
    const svg = $("#board");
    if (!svg || !hints.length) return;
    const [x, y, w, h] = box(svg);
    let out = false;
    hints.forEach((hint) => {
      hint.getAttribute("points").split(" ").forEach((p) => {
        const [px, py] = p.split(",").map(Number);
        if (px < x || px > x + w || py < y || py > y + h) out = true;
      });
    });
    if (out) {
      const all = document.querySelectorAll("#cells polygon, #hints polygon");
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      all.forEach((poly) => poly.getAttribute("points").split(" ").forEach((p) => {
        const [px, py] = p.split(",").map(Number);
        x0 = Math.min(x0, px); y0 = Math.min(y0, py); x1 = Math.max(x1, px); y1 = Math.max(y1, py);
      }));
      setBox(svg, [x0 - 1, y0 - 1, x1 - x0 + 2, y1 - y0 + 2]);
    }
  }

  const pointers = new Map();
  let pinch = null;
  let moved = false;
  document.addEventListener("pointerdown", (e) => {
    const svg = e.target.closest && e.target.closest("#board");
    if (!svg) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  document.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    const svg = $("#board");
    const prev = pointers.get(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d > 0) zoomBoard("pinch", pinch / d);
      pinch = d;
      moved = true;
      return;
    }
    const dx = e.clientX - prev.x, dy = e.clientY - prev.y;
    if (Math.abs(dx) + Math.abs(dy) < 1) return;
    if (Math.abs(dx) + Math.abs(dy) > 3) moved = true;
    const [x, y, w, h] = box(svg);
    const scale = w / svg.clientWidth;
    setBox(svg, [x - dx * scale, y - dy * scale, w, h]);
  });
  function release(e) { pointers.delete(e.pointerId); if (pointers.size < 2) pinch = null; }
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  // A drag that moved the board is not a tap on a hint.
  document.addEventListener("click", (e) => { if (moved && e.target.closest("#board")) { e.stopPropagation(); moved = false; } }, true);
  document.addEventListener("wheel", (e) => {
    if (!e.target.closest || !e.target.closest("#board")) return;
    e.preventDefault();
    zoomBoard("wheel", e.deltaY > 0 ? 1.1 : 0.9);
  }, { passive: false });
  window.tabletBoard = { fitTo: fitBoardTo };
})();
