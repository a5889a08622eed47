/* Widgets that keep themselves current (api/embed_views.py). An element with data-refresh asks
   that address again every data-every seconds: 200 brings its new HTML, which replaces it (and
   says when to ask next, or, once the game or tournament is over, not to); 204 means nothing
   changed. No inline script anywhere, so a strict Content-Security-Policy holds. */
(function () {
  "use strict";

  function schedule(element) {
    var seconds = Number(element.dataset.every) || 30;
    window.setTimeout(function () { refresh(element); }, seconds * 1000);
  }

  function refresh(element) {
    fetch(element.dataset.refresh, { credentials: "omit" })
      .then(function (response) {
        return response.status === 200 ? response.text() : null;
      })
      .then(function (html) {
        var current = element;
        if (html) {
          var holder = document.createElement("div");
          holder.innerHTML = html.trim();
          current = holder.firstElementChild;
          element.replaceWith(current);
        }
        if (current.dataset.refresh) schedule(current);
      })
      .catch(function () { schedule(element); });  // offline for a moment: try again later
  }

  document.querySelectorAll("[data-refresh]").forEach(schedule);
})();
