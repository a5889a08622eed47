// Correcting a recorded turn (the correction page): the turn entered again goes straight to the
// server, which replays the rest of the game; it is written at once or refused with the reason,
// never queued on the device.
(function () {
  "use strict";
  const correct = {
    sending: false,
    async add(item, data) {
      const tablet = window.tablet;
      const fields = Object.assign({}, item, { version: data.version });
      delete fields.who; delete fields.tile;
      correct.sending = true;
      tablet.render();
      let response = null;
      try {
        response = await fetch(data.urls.turn, {
          method: "POST", body: new URLSearchParams(fields), cache: "no-store",
          headers: { "HX-Request": "true", "X-CSRFToken": tablet.csrf() },
        });
      } catch (error) { response = null; }
      correct.sending = false;
      tablet.render();
      if (response && response.headers.get("HX-Redirect")) {
        window.location.assign(response.headers.get("HX-Redirect"));
        return;
      }
      const doc = response ? new DOMParser().parseFromString(await response.text(), "text/html") : null;
      const message = doc && doc.querySelector(".message");
      const box = document.getElementById("tablet-message");
      tablet.showMessage(message ? message.textContent : box.dataset.offlineText);
    },
  };
  window.tabletCorrect = correct;
})();
