// The tablet's highlighted cells by keyboard: the arrow keys move the focus to the nearest cell
// that way (round to the other end at the edge). Choosing and turning are in main.js.
import { centre, nearestThatWay, pointsOf } from "./viewbox.js";

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

export function installKeys() {
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const arrow = ARROWS[event.key];
    if (!arrow || !target.classList || !target.classList.contains("hint")) return;
    event.preventDefault();
    const all = [...document.querySelectorAll("#hints .hint")];
    const others = all.filter((h) => h !== target);
    const centres = others.map((h) => centre(pointsOf(h.getAttribute("points"))));
    const found = nearestThatWay(centre(pointsOf(target.getAttribute("points"))), centres, ...arrow);
    let next = found >= 0 ? others[found] : null;
    if (!next) {  // at the edge: round in reading order
      const i = all.indexOf(target) + (arrow[0] + arrow[1] > 0 ? 1 : -1);
      next = all[(i + all.length) % all.length];
    }
    if (next) next.focus();
  });
}
