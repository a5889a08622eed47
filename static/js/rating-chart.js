// A player's rating chart, drawn again at the width of the screen it is on (the server's SVG is
// the first paint, scaled, and all there is without script). A tap shows the nearest point's
// date and rating; a second tap on the same point opens its game. A mouse shows the point it
// hovers and opens it on click; the keyboard moves with the arrows and opens with Enter.
//
// <figure data-rating-chart="ID"> holds the server's SVG, the data (json_script ID: start, games
// [{at, value, label, url}]) and an empty .chart-tip; the club's time zone is data-time-zone.
import {
  dateTicks, labelAnchor, layout, nearestIndex, tapResult,
} from "./chart-core.js";

const SVG = "http://www.w3.org/2000/svg";
const FONT = 12; // px: the chart is drawn in screen pixels, so text keeps its size on a phone

function element(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function chart(figure) {
  const data = JSON.parse(document.getElementById(figure.dataset.ratingChart).textContent);
  const tip = figure.querySelector(".chart-tip");
  const locale = document.documentElement.lang || "en";
  const timeZone = figure.dataset.timeZone || undefined;
  const values = [data.start, ...data.games.map((game) => game.value)];
  const times = data.games.map((game) => game.at);
  let svg = figure.querySelector("svg");
  let xs = [];
  let ys = [];
  let selected = null; // the index of the game shown (0 = the first game)
  let pointer = "mouse";

  function draw() {
    const width = Math.round(figure.clientWidth);
    if (!width) return;
    const height = width < 480 ? 200 : 240;
    const scale = layout(values, { width, height, left: 44, right: 14 });
    // Index 0 of the scale is the rating before the first game; games start at 1.
    xs = scale.xs.slice(1);
    ys = scale.ys.slice(1);
    const drawn = element("svg", {
      class: "chart drawn", viewBox: `0 0 ${width} ${height}`, width, height,
      role: "img", "aria-label": svg.getAttribute("aria-label"), tabindex: 0,
    });
    for (const tick of scale.valueTicks) {
      drawn.append(element("line", { x1: scale.left, x2: scale.right, y1: tick.y, y2: tick.y, class: "grid-line" }));
      drawn.append(element("text", { x: 4, y: tick.y, class: "tick" }, tick.value));
    }
    const gap = (label) => label.length * FONT * 0.62 + 14;
    for (const tick of dateTicks(times, xs, { locale, timeZone, gap })) {
      const x = xs[tick.index];
      drawn.append(element("line", { x1: x, x2: x, y1: scale.baseline, y2: scale.baseline + 4, class: "grid-line" }));
      drawn.append(element("text", {
        x, y: scale.baseline + 16, class: "tick date",
        "text-anchor": labelAnchor(x, gap(tick.label) - 14, width),
      }, tick.label));
    }
    drawn.append(element("polyline", {
      class: "line", points: scale.xs.map((x, i) => `${x},${scale.ys[i]}`).join(" "),
    }));
    // Dots while they stay apart enough to be seen; the chosen one always.
    if (xs.length < 2 || xs[1] - xs[0] >= 6) {
      xs.forEach((x, i) => drawn.append(element("circle", { cx: x, cy: ys[i], r: 4, class: "point" })));
    }
    drawn.append(element("circle", { cx: 0, cy: 0, r: 7, class: "chosen", visibility: "hidden" }));
    svg.replaceWith(drawn);
    svg = drawn;
    if (selected !== null) show(selected);
  }

  function show(index) {
    selected = index;
    const mark = svg.querySelector(".chosen");
    mark.setAttribute("cx", xs[index]);
    mark.setAttribute("cy", ys[index]);
    mark.setAttribute("visibility", "visible");
    const game = data.games[index];
    tip.querySelector(".chart-tip-text").textContent = game.label;
    tip.querySelector("a").href = game.url;
    tip.hidden = false;
    figure.dataset.shown = String(index);
    // Beside the point, inside the chart.
    const left = Math.min(Math.max(xs[index] - tip.offsetWidth / 2, 0),
      figure.clientWidth - tip.offsetWidth);
    tip.style.left = `${left}px`;
    tip.style.top = `${Math.max(ys[index] - tip.offsetHeight - 12, 0)}px`;
  }

  function hide() {
    selected = null;
    tip.hidden = true;
    delete figure.dataset.shown;
    svg.querySelector(".chosen")?.setAttribute("visibility", "hidden");
  }

  function indexAt(event) {
    const box = svg.getBoundingClientRect();
    return nearestIndex(xs, event.clientX - box.left);
  }

  figure.addEventListener("pointerdown", (event) => { pointer = event.pointerType || "mouse"; });
  figure.addEventListener("pointermove", (event) => {
    if (event.pointerType === "mouse" && event.target.closest("svg")) show(indexAt(event));
  });
  figure.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") hide();
  });
  figure.addEventListener("click", (event) => {
    if (!event.target.closest("svg")) return; // the tip's own link opens the game itself
    const index = indexAt(event);
    if (tapResult(selected, index, event.pointerType || pointer) === "open") {
      window.location.assign(data.games[index].url);
    } else {
      show(index);
    }
  });
  figure.addEventListener("keydown", (event) => {
    if (!event.target.closest("svg")) return;
    const last = data.games.length - 1;
    const moves = {
      ArrowLeft: Math.max((selected ?? last + 1) - 1, 0),
      ArrowRight: Math.min((selected ?? -1) + 1, last),
      Home: 0, End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      show(moves[event.key]);
    } else if (event.key === "Enter" && selected !== null) {
      window.location.assign(data.games[selected].url);
    } else if (event.key === "Escape") {
      hide();
    }
  });

  draw();
  let width = figure.clientWidth;
  new ResizeObserver(() => {
    if (Math.round(figure.clientWidth) !== Math.round(width)) {
      width = figure.clientWidth;
      draw();
    }
  }).observe(figure);
}

document.querySelectorAll("[data-rating-chart]").forEach(chart);
