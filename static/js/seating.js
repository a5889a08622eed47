// The new-game form: tap players in the order they sit; tap a seated one to take them off.
(function () {
  "use strict";
  const field = document.getElementById("id_players");
  const seating = document.getElementById("seating");
  const chips = document.getElementById("member-chips");
  if (!field || !seating || !chips) return;
  const chosen = field.value ? field.value.split(",") : [];
  function draw() {
    seating.innerHTML = "";
    chosen.forEach((id) => {
      const chip = chips.querySelector(`[data-player="${id}"]`);
      const li = document.createElement("li");
      li.textContent = chip ? chip.textContent : id;
      li.dataset.player = id;
      seating.appendChild(li);
    });
    chips.querySelectorAll("[data-player]").forEach((c) => {
      c.hidden = chosen.includes(c.dataset.player);
    });
    field.value = chosen.join(",");
  }
  chips.addEventListener("click", (e) => {
    const chip = e.target.closest("[data-player]");
    if (chip && chosen.length < 6) { chosen.push(chip.dataset.player); draw(); }
  });
  seating.addEventListener("click", (e) => {
    const li = e.target.closest("li");
    if (li) { chosen.splice(chosen.indexOf(li.dataset.player), 1); draw(); }
  });
  draw();
})();
