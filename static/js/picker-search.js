// <input data-picker-search="id_player">: typing filters the options of that <select> (or the
// rows of that list) to those whose text contains what was typed, ignoring case and accents,
// so a club of 200 members is not one long scroll. Bound here: the page policy allows no
// inline script.
// Case and accents set aside: "Ёлкин" is found by "елкин", "Müller" by "muller".
export const fold = (text) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function filter(event) {
  const box = event.target.closest && event.target.closest("[data-picker-search]");
  if (!box) return;
  const target = document.getElementById(box.dataset.pickerSearch);
  if (!target) return;
  const wanted = fold(box.value.trim());
  const items = target.tagName === "SELECT" ? target.options : target.querySelectorAll("[data-pick]");
  let firstShown = null;
  for (const item of items) {
    const keep = !item.value && target.tagName === "SELECT" ? true : fold(item.textContent).includes(wanted);
    item.hidden = !keep;
    if (item.tagName === "OPTION") item.disabled = !keep;
    if (keep && item.value && firstShown === null) firstShown = item;
  }
  // A select shows its chosen option even when hidden: the first match becomes the choice
  // (unless the choice still matches), so "Register" takes who was searched for.
  const chosen = target.tagName === "SELECT" ? target.selectedOptions[0] : null;
  if (chosen !== null && wanted && firstShown && (!chosen || chosen.hidden || !chosen.value)) {
    target.value = firstShown.value;
  }
}

// Node imports this file for its tests: no document there.
if (typeof document !== "undefined") document.addEventListener("input", filter);
