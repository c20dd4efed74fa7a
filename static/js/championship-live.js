// A championship page keeps up by itself: on each event of its stream (standings, bracket,
// rounds, status) the page is fetched again and its live part swapped in.
(function () {
  "use strict";
  var root = document.getElementById("championship-live");
  if (!root || !window.EventSource || !window.fetch) return;
  var pending = null;

  function reload() {
    pending = null;
    fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("championship-live");
        if (fresh) root.innerHTML = fresh.innerHTML;
      })
      .catch(function () {});
  }

  // Several events of one change come together: one fetch for them all.
  function soon() {
    if (!pending) pending = setTimeout(reload, 300);
  }

  var options = root.dataset.eventsCredentials ? { withCredentials: true } : {};
  var source = new EventSource(root.dataset.eventsUrl, options);
  ["standings", "bracket", "round_opened", "round_closed", "status"].forEach(function (type) {
    source.addEventListener(type, soon);
  });
})();
