// The start-a-game form's seat pickers, on top of a form that works without this script.
// A typed name that is one of the club's people (the datalist) takes that person's id; a
// person seated once is not offered to another seat and is refused there; a new name shows
// whether it joins the club or comes as a guest. The server checks all of it again.
function seatPickers() {
  const form = document.getElementById("game-new");
  const list = document.getElementById("club-people");
  const board = document.getElementById("seats");
  if (!form || !list || !board) return;
  const seats = Array.from(board.querySelectorAll("[data-seat]"));
  const options = Array.from(list.options);
  // As the server compares names: no case, no accents, single spaces.
  const key = (s) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
    .split(/\s+/).filter(Boolean).join(" ");
  const byName = new Map();
  options.forEach((o) => {
    const k = key(o.value);
    byName.set(k, (byName.get(k) || []).concat([o]));
  });
  const parts = (seat) => ({
    name: seat.querySelector(".seat-name"),
    id: seat.querySelector("input[name$='_player']"),
    guest: seat.querySelector(".seat-guest"),
    state: seat.querySelector(".seat-state"),
  });

  // The person a seat's name stands for: an option's id, or "new <name>" for a new name.
  function who(seat) {
    const p = parts(seat);
    const k = key(p.name.value);
    const found = byName.get(k) || [];
    if (!k) p.id.value = "";
    else if (found.length === 1) p.id.value = found[0].dataset.player;
    else if (!found.some((o) => o.dataset.player === p.id.value)) p.id.value = "";
    if (!k) return "";
    return p.id.value ? p.id.value : "new " + k;
  }

  function update() {
    const taken = new Map();
    seats.forEach((seat) => {
      const p = parts(seat);
      const person = who(seat);
      const isNew = person.startsWith("new ");
      p.guest.hidden = !isNew;
      let message = "";
      if (person && taken.has(person)) {
        message = board.dataset.twice.replace("{seat}", taken.get(person));
        p.name.setCustomValidity(message);
      } else {
        p.name.setCustomValidity("");
        if (person) taken.set(person, seat.dataset.seat);
        if (isNew) {
          message = p.guest.querySelector("input").checked
            ? board.dataset.newGuest : board.dataset.newMember;
        } else if (person) {
          const option = options.find((o) => o.dataset.player === person);
          message = option && option.label ? board.dataset.guest : board.dataset.member;
        }
      }
      p.state.textContent = message;
      p.state.classList.toggle("refused", p.name.validationMessage !== "");
      p.name.toggleAttribute("aria-invalid", p.name.validationMessage !== "");
    });
    return taken;
  }

  // Whoever sits elsewhere is not offered to this seat.
  function offerTo(seat) {
    const others = new Set(seats.filter((s) => s !== seat).map((s) => parts(s).id.value)
      .filter(Boolean));
    options.forEach((o) => { o.disabled = others.has(o.dataset.player); });
  }

  board.addEventListener("input", (e) => {
    const seat = e.target.closest("[data-seat]");
    update();
    if (seat) offerTo(seat);
  });
  board.addEventListener("change", update);
  board.addEventListener("focusin", (e) => {
    const seat = e.target.closest("[data-seat]");
    if (seat && e.target.matches(".seat-name")) offerTo(seat);
  });
  form.addEventListener("submit", (e) => {
    update();
    const wrong = seats.map((s) => parts(s).name).find((input) => !input.checkValidity());
    if (wrong) { e.preventDefault(); wrong.reportValidity(); }
  });
  // Another club has other people: show its own in the pickers.
  const club = document.getElementById("id_club");
  if (club) {
    club.addEventListener("change", () => {
      const recording = form.querySelector("input[name=recording]:checked");
      const query = new URLSearchParams({ club: club.value });
      if (recording) query.set("recording", recording.value);
      window.location.search = query.toString();
    });
  }
  update();
}

// Back from the tablet of a game this form just started goes to that game, never to this form
// again (a second Start would make a second game). The tablet (static/js/tablet/main.js) turns
// the mark set here on submit into the game's address.
function backToTheGame() {
  const form = document.getElementById("game-new");
  if (!form) return;
  const SUBMITTED = "game-new:submitted", STARTED = "game-new:started";
  const store = window.sessionStorage;
  form.addEventListener("submit", () => {
    const recording = form.elements.recording;
    if (recording && recording.value && recording.value !== "tablet") return;
    try { store.setItem(SUBMITTED, "1"); store.removeItem(STARTED); } catch (error) { /* no storage */ }
  });
  function cameBack(event) {
    const nav = performance.getEntriesByType("navigation")[0];
    return event.persisted || (nav && nav.type === "back_forward");
  }
  window.addEventListener("pageshow", (event) => {
    let started = null;
    try {
      started = store.getItem(STARTED);
      store.removeItem(STARTED);
      if (!cameBack(event)) store.removeItem(SUBMITTED);
    } catch (error) { return; }
    if (started && cameBack(event)) window.location.replace(started);
  });
}

seatPickers();
backToTheGame();
