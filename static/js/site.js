// Small behaviours every page may use, bound through data attributes: the
// Content-Security-Policy allows no inline script or event handler, so pages say what they
// want with an attribute and this file does it.
// <select data-autosubmit>: choosing sends the form (language switch, member roles).
document.addEventListener("change", (event) => {
  const field = event.target.closest && event.target.closest("[data-autosubmit]");
  if (field && field.form) field.form.submit();
});

// <form data-confirm="Sure?">: asks before sending.
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
  }
}, true);

// <form data-busy="Pairing…">: once sent, its button says so and cannot be pressed again
// (pairing a hard round takes a few seconds, and a second press would only wait in line).
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (event.defaultPrevented || !form.dataset || !form.dataset.busy) return;
  const button = form.querySelector("button");
  if (!button) return;
  button.dataset.idleText = button.textContent;
  button.textContent = form.dataset.busy;
  button.disabled = true;
  form.setAttribute("aria-busy", "true");
});
// Back to the page from the browser's cache: the buttons work again.
window.addEventListener("pageshow", () => {
  document.querySelectorAll("form[data-busy] button[data-idle-text]").forEach((button) => {
    button.textContent = button.dataset.idleText;
    button.disabled = false;
    button.form.removeAttribute("aria-busy");
  });
});

document.addEventListener("click", (event) => {
  if (!event.target.closest) return;
  // <button data-print>: the browser's print dialog.
  if (event.target.closest("[data-print]")) window.print();
  // <button data-menu-toggle aria-controls="…">: a phone's folded site menu opens and closes.
  const toggle = event.target.closest("[data-menu-toggle]");
  if (toggle) {
    const open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", String(open));
    const menu = document.getElementById(toggle.getAttribute("aria-controls"));
    if (menu) menu.classList.toggle("open", open);
  }
  // <input data-select-all>: one tap selects the whole text, ready to copy.
  const field = event.target.closest("[data-select-all]");
  if (field) field.select();
});

// Escape folds an open site menu again and gives the focus back to its button.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  const toggle = document.querySelector('[data-menu-toggle][aria-expanded="true"]');
  if (!toggle) return;
  toggle.setAttribute("aria-expanded", "false");
  const menu = document.getElementById(toggle.getAttribute("aria-controls"));
  if (menu) menu.classList.remove("open");
  toggle.focus();
});

// <input data-enter-event>: Enter fires an "enter" event that hx-trigger can name (a
// trigger filter such as keyup[key=='Enter'] would need eval, which the policy forbids).
document.addEventListener("keyup", (event) => {
  if (event.key === "Enter" && event.target.matches && event.target.matches("[data-enter-event]")
      && window.htmx) {
    window.htmx.trigger(event.target, "enter");
  }
});
