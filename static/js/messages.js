// The notices above a page. One of a moment (done, for your information) leaves by itself
// after a few seconds, later while the reader points at it or has focus in it; any notice
// can be closed. A page that changes under the reader (the game page at a move) says so
// with the "notices:stale" event, and its notices leave at once. A leaving notice folds
// away, so the page below it moves up smoothly instead of jumping.
(function () {
  "use strict";

  var SHOWN_FOR = 8000; // milliseconds a notice of a moment stays
  var box = document.querySelector(".messages");
  if (!box) return;

  function ofAMoment(message) {
    return !message.classList.contains("error") && !message.classList.contains("warning");
  }

  function emptied() {
    if (!box.querySelector(".message:not(.leaving)") && box.parentNode) box.remove();
  }

  function leave(message) {
    if (message.classList.contains("leaving")) return;
    message.classList.add("leaving");
    var gone = function () {
      message.remove();
      emptied();
    };
    var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced) {
      gone();
      return;
    }
    // Fold from its own height to none; the end of the fold (or a fallback) removes it.
    message.style.height = message.offsetHeight + "px";
    message.getBoundingClientRect();
    message.classList.add("folding");
    message.style.height = "0px";
    message.addEventListener("transitionend", gone, { once: true });
    setTimeout(function () {
      if (message.parentNode) gone();
    }, 600);
  }

  function timed(message) {
    var timer = null;
    var held = 0; // pointer over it and focus in it, each holds it
    var start = function () {
      timer = setTimeout(function () {
        leave(message);
      }, SHOWN_FOR);
    };
    var hold = function () {
      held += 1;
      clearTimeout(timer);
    };
    var release = function () {
      held = Math.max(0, held - 1);
      if (!held) start();
    };
    message.addEventListener("pointerenter", hold);
    message.addEventListener("pointerleave", release);
    message.addEventListener("focusin", hold);
    message.addEventListener("focusout", release);
    start();
  }

  box.querySelectorAll(".message").forEach(function (message) {
    var close = document.createElement("button");
    close.type = "button";
    close.className = "message-close link";
    close.textContent = "×";
    close.setAttribute("aria-label", box.dataset.closeLabel || "Close");
    close.addEventListener("click", function () {
      leave(message);
    });
    message.appendChild(close);
    if (ofAMoment(message)) timed(message);
  });

  document.addEventListener("notices:stale", function () {
    box.querySelectorAll(".message").forEach(leave);
  });
})();
