// The Kropki board's "show links" box: the page's live updates redraw the board, and with
// it the box; the reader's choice is kept here and given back to each new box.
(function () {
  "use strict";

  var KEY = "kropki-show-links";

  function wanted() {
    try {
      return window.localStorage.getItem(KEY) === "1";
    } catch (error) {
      return false;
    }
  }

  function restore() {
    var shown = wanted();
    document.querySelectorAll("input.show-links").forEach(function (box) {
      box.checked = shown;
    });
  }

  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("input.show-links")) return;
    try {
      window.localStorage.setItem(KEY, box.checked ? "1" : "0");
    } catch (error) {
      /* a browser that keeps nothing: the box still works on this board */
    }
  });

  var live = document.getElementById("game-live");
  if (live && window.MutationObserver) {
    new MutationObserver(restore).observe(live, { childList: true, subtree: true });
  }
  restore();
})();
