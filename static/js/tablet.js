// The referee's tablet: choosing a tile and a place, rotations, draws, pan and zoom.
// The server decides everything; this only helps a finger say what happened at the table.
(function () {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  let choice = null;  // {hint, options, index}

  const $ = (sel) => document.querySelector(sel);
  function busy() {
    const draws = $("#draw-count");
    window.tabletBusy = !!choice || !!(draws && Number(draws.value) > 0) ||
      !!document.querySelector(".hand-tiles:not([value=''])");
  }

  function clearGhost() {
    const old = $("#ghost");
    if (old) old.remove();
    document.querySelectorAll(".hint.chosen").forEach((h) => h.classList.remove("chosen"));
  }

  function setPlacement(c, r, corners) {
    $("#at-c").value = c === null ? "" : c;
    $("#at-r").value = r === null ? "" : r;
    $("#corners").value = corners ? corners.join(",") : "";
    const place = $("#place-button");
    if (place) place.disabled = !corners;
    const rotate = $("#rotate-button");
    if (rotate) rotate.disabled = !(choice && choice.options.length > 1);
  }

  function showChoice() {
    clearGhost();
    if (!choice) { setPlacement(null, null, null); busy(); return; }
    const { hint, options, index } = choice;
    hint.classList.add("chosen");
    const numbers = options[index];
    const spots = hint.dataset.labels.split(";").map((p) => p.split(",").map(Number));
    const g = document.createElementNS(SVG, "g");
    g.id = "ghost";
    spots.forEach(([x, y], k) => {
      const t = document.createElementNS(SVG, "text");
      t.setAttribute("x", x); t.setAttribute("y", y); t.setAttribute("class", "ghost");
      t.textContent = numbers[k];
      g.appendChild(t);
    });
    $("#board").appendChild(g);
    setPlacement(hint.dataset.c, hint.dataset.r, numbers);
    busy();
  }

  function chooseHint(hint) {
    const options = hint.dataset.options.split("|").map((o) => o.split(",").map(Number));
    if (choice && choice.hint === hint) {
      choice.index = (choice.index + 1) % options.length;  // tapping again turns the tile
    } else {
      choice = { hint, options, index: 0 };
    }
    showChoice();
  }

  function updateDraws(delta) {
    const box = document.querySelector(".draws");
    const field = $("#draw-count");
    if (!box || !field) return;
    const left = Number(box.dataset.drawsLeft);
    const n = Math.max(0, Math.min(left, Number(field.value) + delta));
    field.value = n;
    $("#draw-plus").disabled = n >= left;
    $("#draw-minus").disabled = n <= 0;
    const penalty = Number(box.dataset.penalty) * n;
    $("#draw-status").textContent = n
      ? box.dataset.drawnText.replace("{n}", n).replace("{p}", penalty)
      : box.dataset.noneText;
    busy();
  }

  document.addEventListener("click", (event) => {
    const target = event.target;
    const hint = target.closest(".hint");
    if (hint) { chooseHint(hint); return; }
    const tile = target.closest(".ptile");
    if (tile) {
      const handsForm = $("#hands-form");
      if (handsForm) {
        const seat = handsForm.querySelector("input[name=hand-target]:checked");
        if (!seat) return;
        const input = handsForm.querySelector(`input[name=tiles-${seat.value}]`);
        const tiles = input.value.split(/\s+/).filter(Boolean);
        const at = tiles.indexOf(tile.dataset.tile);
        if (at >= 0) { tiles.splice(at, 1); tile.classList.remove("used"); }
        else { tiles.push(tile.dataset.tile); tile.classList.add("used"); }
        input.value = tiles.join(" ");
        input.setAttribute("value", input.value);
        busy();
        return;
      }
      document.querySelectorAll(".ptile.selected").forEach((t) => t.classList.remove("selected"));
      tile.classList.add("selected");
      const typed = $("#tile-typed");
      if (typed) typed.value = tile.dataset.tile;
      choice = null; showChoice();
      return;
    }
    if (target.closest("#rotate-button") && choice) { chooseHint(choice.hint); return; }
    if (target.closest("#draw-plus")) { updateDraws(1); return; }
    if (target.closest("#draw-minus")) { updateDraws(-1); return; }
    if (target.closest("[data-pass]")) { choice = null; clearGhost(); setPlacement(null, null, null); return; }
    const zoom = target.closest("[data-zoom]");
    if (zoom) { zoomBoard(zoom.dataset.zoom); }
  });

  document.body.addEventListener("hints-ready", (event) => {
    const detail = event.detail || {};
    const label = $("#chosen-tile");
    choice = null;
    clearGhost();
    const hints = document.querySelectorAll("#hints .hint");
    if (label) {
      label.textContent = detail.count
        ? label.dataset.fitsText.replace("{t}", detail.tile).replace("{n}", detail.count)
        : label.dataset.nofitText.replace("{t}", detail.tile);
      label.classList.toggle("minus", !detail.count);
    }
    if (hints.length === 1) chooseHint(hints[0]);
    else setPlacement(null, null, null);
    fitBoardTo(hints);
  });

  document.body.addEventListener("htmx:afterSwap", (event) => {
    if (event.detail.target && event.detail.target.id === "tablet-root" || event.target.id === "tablet-root") {
      choice = null;
      window.tabletBusy = false;
    }
  });
  document.body.addEventListener("htmx:beforeRequest", (event) => {
    // A poll must not throw away a placement the referee is in the middle of.
    const src = event.detail.elt;
    if (src && src.id === "tablet-root" && window.tabletBusy) event.preventDefault();
  });

  // -- pan and zoom: the viewBox moves, the drawing stays crisp --------------------------------
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
})();
