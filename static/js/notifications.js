// The bell's unread count and the tab title's "(N) Your move", kept up to date while the
// page is open: the server's counts are read every 30 seconds. Each reading is also told
// to the page as a "notifications:status" event on the document (its `detail` is the
// status), for a part of the page that follows what notifications announce.
(function () {
  "use strict";

  var bell = document.getElementById("notification-bell");
  if (!bell || !window.fetch) return;

  var EVERY_MS = 30000;
  var SEPARATOR = " · ";
  var label = bell.dataset.yourMove;
  var count = bell.querySelector(".bell-count");
  var number = bell.querySelector(".bell-number");
  var prefix = new RegExp("^\\(\\d+\\) " + label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + SEPARATOR);
  var title = document.title.replace(prefix, "");
  var timer = null;

  function show(status) {
    var unread = Number(status.unread) || 0;
    var waiting = Number(status.your_move) || 0;
    number.textContent = String(unread);
    count.hidden = unread === 0;
    bell.classList.toggle("unread", unread > 0);
    document.title = waiting > 0 ? "(" + waiting + ") " + label + SEPARATOR + title : title;
  }

  function poll() {
    fetch(bell.dataset.statusUrl, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        if (response.status === 401 || response.status === 403) {
          window.clearInterval(timer); // logged out elsewhere: nothing more to count
          return null;
        }
        return response.ok ? response.json() : null;
      })
      .then(function (status) {
        if (!status) return;
        show(status);
        document.dispatchEvent(new CustomEvent("notifications:status", { detail: status }));
      })
      .catch(function () {
        // Offline for now: the next round tries again.
      });
  }

  timer = window.setInterval(poll, EVERY_MS);
})();
