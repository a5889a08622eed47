// Correcting a recorded turn (the correction page): the turn entered again goes straight to the
// server, which replays the rest of the game; it is written at once or refused with the reason,
// never queued on the device.

/** @param {{render: Function, showMessage: Function, csrf: Function}} tablet */
export function createCorrector(tablet) {
  const correct = {
    sending: false,
    count: () => 0,
    fixing: () => false,
    waiting: () => [],
    loaded() {},
    async add(item, data) {
      const { who, tile, ...fields } = item;
      fields.version = data.version;
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
      tablet.showMessage(message ? message.textContent : document.getElementById("tablet-message").dataset.offlineText);
    },
  };
  return correct;
}
