// Step through a finished game's turns on the board.
const SVG = "http://www.w3.org/2000/svg";
const frames = JSON.parse(document.getElementById("replay-data").textContent);
const names = JSON.parse(document.getElementById("replay-names").textContent);
const svg = document.getElementById("replay-board");
const slider = document.getElementById("replay-step");
const roundSelect = document.getElementById("replay-round");
const status = document.getElementById("replay-status");

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// +14, −5, 0: the site's one minus sign (clubs/numbers.py), never a hyphen.
function signed(n) { return n > 0 ? "+" + n : n < 0 ? "\u2212" + (-n) : "0"; }

function draw() {
  const round = frames[Number(roundSelect.value)] || { turns: [] };
  slider.max = round.turns.length;
  const step = Math.min(Number(slider.value), round.turns.length);
  svg.replaceChildren();
  let xs = [], ys = [];
  round.turns.slice(0, step).forEach((turn, i) => {
    if (!turn.shape) return;
    const last = i === step - 1;
    svg.appendChild(el("polygon", { points: turn.shape.points, class: last ? "cell last" : "cell" }));
    turn.shape.labels.forEach((l) => svg.appendChild(el("text", { x: l.x, y: l.y, class: "num" }, l.n)));
    turn.shape.points.split(" ").forEach((p) => { const [x, y] = p.split(",").map(Number); xs.push(x); ys.push(y); });
  });
  if (xs.length) {
    const x0 = Math.min(...xs) - 1, y0 = Math.min(...ys) - 1;
    svg.setAttribute("viewBox", `${x0} ${y0} ${Math.max(Math.max(...xs) + 1 - x0, 5)} ${Math.max(Math.max(...ys) + 1 - y0, 4)}`);
  }
  const turn = round.turns[step - 1];
  status.textContent = turn
    ? `${step}/${round.turns.length} · ${names[turn.seat]} ${signed(turn.points)}`
    : `0/${round.turns.length}`;
}

document.querySelectorAll("[data-step]").forEach((b) => b.addEventListener("click", () => {
  slider.value = Number(slider.value) + Number(b.dataset.step);
  draw();
}));
slider.addEventListener("input", draw);
roundSelect.addEventListener("change", () => { slider.value = 0; draw(); });
slider.value = (frames[0] || { turns: [] }).turns.length;
draw();
