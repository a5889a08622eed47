// A draft round: tap one player, then another, and the swap form is sent for the two.
function bind(form) {
  let picked = null;
  document.querySelectorAll(".seat-pick").forEach((button) => {
    button.addEventListener("click", () => {
      if (picked === button) { button.classList.remove("picked"); picked = null; return; }
      if (!picked) { picked = button; button.classList.add("picked"); return; }
      document.getElementById("swap-first").value = picked.dataset.player;
      document.getElementById("swap-second").value = button.dataset.player;
      form.submit();
    });
  });
}

const form = document.getElementById("swap-form");
if (form) bind(form);
