// The tablet's board: pan and zoom move the SVG viewBox, so the drawing stays crisp.
import { anyOutside, boxAround, pointsOf, zoomed } from "./viewbox.js";

const boardSvg = () => document.querySelector("#board");
const boxOf = (svg) => svg.getAttribute("viewBox").split(/\s+/).map(Number);
const setBox = (svg, b) => svg.setAttribute("viewBox", b.map((v) => v.toFixed(3)).join(" "));

function zoomBoard(how, factor) {
  const svg = boardSvg();
  if (!svg) return;
  if (how === "home") { svg.setAttribute("viewBox", svg.dataset.home); return; }
  setBox(svg, zoomed(boxOf(svg), factor || (how === "in" ? 0.8 : 1.25)));
}

/** Widens the view when a tile's highlighted cells lie partly outside it. */
export function fitBoardTo(hints) {
  const svg = boardSvg();
  if (!svg || !hints.length) return;
  const hinted = [...hints].flatMap((h) => pointsOf(h.getAttribute("points")));
  if (!anyOutside(boxOf(svg), hinted)) return;
  const all = [...document.querySelectorAll("#cells polygon, #hints polygon")]
    .flatMap((poly) => pointsOf(poly.getAttribute("points")));
  setBox(svg, boxAround(all));
}

export function installBoard() {
  document.addEventListener("click", (event) => {
    const zoom = event.target.closest && event.target.closest("[data-zoom]");
    if (zoom) zoomBoard(zoom.dataset.zoom);
  });
  const pointers = new Map();
  let pinch = null;
  let moved = false;
  document.addEventListener("pointerdown", (e) => {
    if (!(e.target.closest && e.target.closest("#board"))) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  document.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    const svg = boardSvg();
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
    const [x, y, w, h] = boxOf(svg);
    const scale = w / svg.clientWidth;
    setBox(svg, [x - dx * scale, y - dy * scale, w, h]);
  });
  const release = (e) => { pointers.delete(e.pointerId); if (pointers.size < 2) pinch = null; };
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  // A drag that moved the board is not a tap on a hint.
  document.addEventListener("click", (e) => {
    if (moved && e.target.closest("#board")) { e.stopPropagation(); moved = false; }
  }, true);
  document.addEventListener("wheel", (e) => {
    if (!e.target.closest || !e.target.closest("#board")) return;
    e.preventDefault();
    zoomBoard("wheel", e.deltaY > 0 ? 1.1 : 0.9);
  }, { passive: false });
}
