// The home page's invitations without a reload: when the bell's reading of the server
// (static/js/notifications.js, its "notifications:status" event) brings a notification the
// page has not seen, the invitations part is read again and put in place.
(function () {
  "use strict";

  var part = document.getElementById("home-invitations");
  if (!part || !window.fetch) return;

  var seen = part.dataset.latest;
  var reading = false;

  function refresh() {
    reading = true;
    fetch(part.dataset.url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (html !== null) part.innerHTML = html;
      })
      .catch(function () {
        seen = null; // offline for now: the next reading tries again
      })
      .then(function () {
        reading = false;
      });
  }

  document.addEventListener("notifications:status", function (event) {
    var latest = event.detail && event.detail.latest;
    var now = latest === null || latest === undefined ? "" : String(latest);
    if (now === seen || reading) return;
    seen = now;
    refresh();
  });
})();
