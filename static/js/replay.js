// The game page's replay: steps through the moves by the buttons, the move list and the
// arrow keys (Left, Right, Home, End), keeping the address a permalink (?move=N). The server
// draws every position; this script asks for the one to show and leaves the live game to
// game.js, which fetches the position asked for here with each update. While the last move
// is shown the page follows the game; a step back stays there until the viewer comes back.
(function () {
  "use strict";

  var page = document.getElementById("game");
  var live = document.getElementById("game-live");
  if (!page || !live || !window.GamePage) return;

  function state() {
    return live.querySelector(".game-live");
  }

  function total() {
    var current = state();
    return current ? parseInt(current.dataset.totalMoves, 10) || 0 : 0;
  }

  // The move shown; null while the page follows the game as it stands.
  var viewing = null;
  (function () {
    var current = state();
    if (current && current.dataset.replaying === "1") viewing = parseInt(current.dataset.shownMove, 10);
  })();

  function query() {
    return viewing === null ? "" : "&move=" + viewing;
  }

  function show(number) {
    var last = total();
    if (number === null || isNaN(number) || number >= last) {
      viewing = null;
    } else {
      viewing = Math.max(0, number);
    }
    var address = window.location.pathname + (viewing === null ? "" : "?move=" + viewing);
    window.history.replaceState(null, "", address + window.location.hash);
    window.GamePage.refresh(true);
  }

  function shownNow() {
    return viewing === null ? total() : viewing;
  }

  var focusedControl = null;

  // After each swap of the live part: the control that had the focus keeps it, and the
  // move shown is scrolled into the move list's view.
  function swapped() {
    if (focusedControl) {
      // A step that now goes nowhere (Back at the start) hands the focus to one that does.
      var control = live.querySelector('[data-replay="' + focusedControl + '"][href]') ||
        live.querySelector(".replay-steps [href]");
      if (control) control.focus();
      focusedControl = null;
    }
    scrollToShown();
  }

  function scrollToShown() {
    var list = live.querySelector(".move-list .moves");
    var marked = list && list.querySelector('[aria-current="step"]');
    if (!marked) return;
    var item = marked.parentNode;
    var top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
    }
  }

  live.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-replay-move]");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    var control = link.dataset.replay;
    if (control && document.activeElement === link) focusedControl = control;
    var to = link.dataset.replayMove;
    show(to === "" ? null : parseInt(to, 10));
  });

  // Keys that belong to something else: a form control, the tile composer, and the board
  // itself where its player moves on it with the arrow keys.
  function keysTakenBy(target) {
    if (!target || !target.closest) return false;
    if (target.closest("input, select, textarea, [contenteditable], .composer")) return true;
    var board = window.GamePage.board();
    return !!board && board.classList.contains("playable") && (target === board || board.contains(target));
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (keysTakenBy(event.target)) return;
    var at = shownNow();
    var to;
    if (event.key === "ArrowLeft") to = at - 1;
    else if (event.key === "ArrowRight") to = at + 1;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = total();
    else return;
    if (!total()) return; // a game without moves has nothing to step through
    event.preventDefault();
    if (to < 0 || to > total() || to === at) return;
    show(to);
  });

  window.GameReplay = { query: query, swapped: swapped, show: show };
  scrollToShown();
})();
