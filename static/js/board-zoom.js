// The game board on a small screen: zoom (buttons, pinch, Ctrl+wheel) and pan (drag, wheel)
// inside the board's own frame, and a question before a tap on a board whose points are
// too close for a finger is played. Zooming narrows the board's viewBox, so the page around
// the board keeps its size and the page script's point finding (the screen matrix) holds.
(function () {
  "use strict";

  var page = document.getElementById("game");
  var live = document.getElementById("game-live");
  var parts = document.getElementById("board-zoom-parts");
  if (!page || !live || !parts) return;

  var STEP = 1.5;
  var MOST = 6;
  // Points closer than this on the screen (CSS pixels) are too close for a fingertip.
  var FINGER = 24;
  var SLOP = 8; // a touch that moves less than this is a tap, not a drag
  var ROOMY = 32; // points this far apart on the whole board need no zoom buttons

  var zoom = { scale: 1, cx: null, cy: null }; // the centre shown, in board units
  var pointers = {};
  var gesture = null;
  var quietUntil = 0; // clicks that end a drag or a pinch are not moves
  var lastPress = { type: "", at: 0 };
  var held = null; // the point waiting for confirmation: {point, go}
  var shownBoard = null;

  function board() {
    return live.querySelector(".board-frame svg.board");
  }

  function grid(svg) {
    return svg && svg.dataset.grid ? JSON.parse(svg.dataset.grid) : null;
  }

  // The board's whole view, as the server drew it.
  function whole(svg) {
    if (!svg.dataset.wholeView) svg.dataset.wholeView = svg.getAttribute("viewBox");
    var n = svg.dataset.wholeView.split(/[\s,]+/).map(Number);
    return { x: n[0], y: n[1], w: n[2], h: n[3] };
  }

  function clamp(value, low, high) {
    return Math.min(high, Math.max(low, value));
  }

  function tools() {
    return live.querySelector(".board-zoom");
  }

  // Zoom and pan only where the zoom buttons show (a small screen).
  function zoomable() {
    var bar = tools();
    return !!bar && bar.offsetParent !== null;
  }

  function show() {
    var svg = board();
    if (!svg) return;
    var all = whole(svg);
    if (zoom.scale <= 1.001) {
      zoom = { scale: 1, cx: null, cy: null };
      svg.setAttribute("viewBox", svg.dataset.wholeView);
      svg.classList.remove("zoomed");
    } else {
      var w = all.w / zoom.scale;
      var h = all.h / zoom.scale;
      if (zoom.cx === null) {
        zoom.cx = all.x + all.w / 2;
        zoom.cy = all.y + all.h / 2;
      }
      zoom.cx = clamp(zoom.cx, all.x + w / 2, all.x + all.w - w / 2);
      zoom.cy = clamp(zoom.cy, all.y + h / 2, all.y + all.h - h / 2);
      svg.setAttribute("viewBox", [zoom.cx - w / 2, zoom.cy - h / 2, w, h].join(" "));
      svg.classList.add("zoomed");
    }
    var bar = tools();
    if (bar) {
      bar.querySelector(".zoom-level").textContent = "×" + (Math.round(zoom.scale * 10) / 10);
      bar.querySelector(".zoom-out").disabled = zoom.scale <= 1;
      bar.querySelector(".zoom-in").disabled = zoom.scale >= MOST;
      bar.querySelector(".zoom-whole").disabled = zoom.scale <= 1;
    }
  }

  // A screen position in board units.
  function boardPoint(svg, clientX, clientY) {
    var matrix = svg.getScreenCTM();
    var spot = svg.createSVGPoint();
    spot.x = clientX;
    spot.y = clientY;
    return spot.matrixTransform(matrix.inverse());
  }

  // Zoom to `scale`, keeping the board point under (clientX, clientY) where it is.
  function zoomTo(scale, clientX, clientY) {
    var svg = board();
    if (!svg) return;
    var all = whole(svg);
    scale = clamp(scale, 1, MOST);
    if (zoom.cx === null) {
      zoom.cx = all.x + all.w / 2;
      zoom.cy = all.y + all.h / 2;
    }
    if (clientX !== undefined) {
      var fixed = boardPoint(svg, clientX, clientY);
      var ratio = zoom.scale / scale;
      zoom.cx = fixed.x + (zoom.cx - fixed.x) * ratio;
      zoom.cy = fixed.y + (zoom.cy - fixed.y) * ratio;
    }
    zoom.scale = scale;
    show();
  }

  // Move the view by a distance on the screen.
  function panBy(dx, dy) {
    var svg = board();
    var matrix = svg && svg.getScreenCTM();
    if (!matrix || zoom.scale <= 1) return;
    zoom.cx -= dx / matrix.a;
    zoom.cy -= dy / matrix.d;
    show();
  }

  // -- the confirmation of a tap ----------------------------------------------------------

  function pointsTooClose(svg) {
    var g = grid(svg);
    var matrix = svg.getScreenCTM();
    return !!g && !!matrix && g.cell * matrix.a < FINGER;
  }

  function tapped() {
    var touch = lastPress.type === "touch" || lastPress.type === "pen";
    return touch && performance.now() - lastPress.at < 2000;
  }

  function samePoint(a, b) {
    return a.x === b.x && a.y === b.y;
  }

  function clearHeld() {
    held = null;
    var svg = board();
    if (svg) {
      svg.querySelectorAll(".confirm-mark").forEach(function (mark) {
        mark.remove();
      });
      svg.querySelectorAll(".confirm-target").forEach(function (target) {
        target.classList.remove("confirm-target");
      });
    }
    var ask = live.querySelector(".move-confirm");
    if (ask) ask.hidden = true;
  }

  function drawHeld() {
    var svg = board();
    var g = grid(svg);
    if (!held || !svg || !g) return;
    var target = svg.querySelector('[data-target="' + held.point.x + "-" + held.point.y + '"]');
    if (target) {
      target.classList.add("confirm-target");
    } else {
      var cx = g.left + (held.point.x - 1) * g.cell;
      var cy = g.top + (g.flip_y ? g.height - held.point.y : held.point.y - 1) * g.cell;
      // Large enough to see round a fingertip, whatever the zoom.
      var matrix = svg.getScreenCTM();
      var radius = Math.max(g.cell * 0.55, matrix ? 10 / matrix.a : 0);
      ["confirm-mark halo", "confirm-mark"].forEach(function (name) {
        var ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
        ring.setAttribute("class", name);
        ring.setAttribute("cx", String(cx));
        ring.setAttribute("cy", String(cy));
        ring.setAttribute("r", String(radius));
        ring.setAttribute("data-point", held.point.x + "-" + held.point.y);
        svg.appendChild(ring);
      });
    }
    var ask = live.querySelector(".move-confirm");
    if (ask) {
      ask.querySelector(".confirm-point").textContent = held.point.x + "-" + held.point.y;
      ask.hidden = false;
    }
  }

  // The page script asks before it plays a point: true when the move waits for the
  // player's confirmation (it is then played by `go`), false when it is to be played now.
  function holds(point, go) {
    var svg = board();
    if (!svg || !tapped() || !pointsTooClose(svg)) {
      clearHeld();
      return false;
    }
    if (held && samePoint(held.point, point)) {
      clearHeld();
      return false; // the second tap on the same point plays it
    }
    clearHeld();
    held = { point: point, go: go };
    drawHeld();
    return true;
  }

  window.BoardZoom = { holds: holds };

  // -- the frame's parts, put back whenever the page swaps the board ------------------------

  function fit() {
    var svg = board();
    if (!svg) return;
    var frame = svg.closest(".board-frame");
    if (!frame.querySelector(".board-zoom")) {
      frame.insertBefore(parts.content.querySelector(".board-zoom").cloneNode(true), frame.firstChild);
    }
    if (!frame.querySelector(".move-confirm")) {
      var ask = parts.content.querySelector(".move-confirm").cloneNode(true);
      ask.hidden = true;
      svg.insertAdjacentElement("afterend", ask);
    }
    if (svg !== shownBoard) {
      shownBoard = svg;
      show();
      if (held && svg.classList.contains("playable")) drawHeld();
      else if (held) clearHeld();
    }
    offerZoom(svg);
  }

  // The buttons are offered where the whole board's points are close together (a large
  // board on a small screen), and always once zoomed in, to come back.
  function offerZoom(svg) {
    var g = grid(svg);
    var matrix = svg.getScreenCTM();
    if (!g || !matrix) return;
    var apart = (g.cell * matrix.a) / zoom.scale;
    svg.closest(".board-frame").classList.toggle("zoom-helps", apart < ROOMY || zoom.scale > 1);
  }

  new MutationObserver(fit).observe(live, { childList: true, subtree: true });
  window.addEventListener("resize", function () {
    var svg = board();
    if (svg) offerZoom(svg);
  });
  fit();

  live.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.classList.contains("zoom-in")) zoomTo(zoom.scale * STEP);
    else if (button.classList.contains("zoom-out")) zoomTo(zoom.scale / STEP);
    else if (button.classList.contains("zoom-whole")) zoomTo(1);
    else if (button.classList.contains("confirm-yes") && held) {
      var go = held.go;
      clearHeld();
      go();
    } else if (button.classList.contains("confirm-no")) clearHeld();
  });

  // -- gestures on the board ----------------------------------------------------------------

  document.addEventListener(
    "pointerdown",
    function (event) {
      lastPress = { type: event.pointerType, at: performance.now() };
    },
    true
  );
  document.addEventListener(
    "keydown",
    function () {
      lastPress = { type: "", at: 0 };
    },
    true
  );

  // A click that ends a drag or a pinch is not a move.
  document.addEventListener(
    "click",
    function (event) {
      var svg = board();
      if (svg && svg.contains(event.target) && performance.now() < quietUntil) {
        event.stopPropagation();
        event.preventDefault();
      }
    },
    true
  );

  function spread() {
    var ids = Object.keys(pointers);
    var a = pointers[ids[0]];
    var b = pointers[ids[1]];
    return {
      distance: Math.hypot(a.x - b.x, a.y - b.y),
      x: (a.x + b.x) / 2,
      y: (a.y + b.y) / 2,
    };
  }

  live.addEventListener("pointerdown", function (event) {
    var svg = board();
    if (!svg || !svg.contains(event.target) || !zoomable()) return;
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    var count = Object.keys(pointers).length;
    if (count === 2) {
      var now = spread();
      gesture = { pinch: true, distance: now.distance, scale: zoom.scale, moved: true };
    } else if (count === 1) {
      gesture = { pinch: false, x: event.clientX, y: event.clientY, moved: false, id: event.pointerId };
    }
  });

  live.addEventListener("pointermove", function (event) {
    if (!gesture || !pointers[event.pointerId]) return;
    var before = pointers[event.pointerId];
    pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
    if (gesture.pinch && Object.keys(pointers).length >= 2) {
      var now = spread();
      if (gesture.distance > 0) zoomTo((gesture.scale * now.distance) / gesture.distance, now.x, now.y);
      return;
    }
    if (zoom.scale <= 1) return;
    if (!gesture.moved && Math.hypot(event.clientX - gesture.x, event.clientY - gesture.y) < SLOP) return;
    gesture.moved = true;
    panBy(event.clientX - before.x, event.clientY - before.y);
  });

  function release(event) {
    if (!pointers[event.pointerId]) return;
    delete pointers[event.pointerId];
    if (gesture && gesture.moved) quietUntil = performance.now() + 400;
    if (Object.keys(pointers).length === 0) gesture = null;
  }

  live.addEventListener("pointerup", release);
  live.addEventListener("pointercancel", release);

  live.addEventListener(
    "wheel",
    function (event) {
      var svg = board();
      if (!svg || !svg.contains(event.target) || !zoomable()) return;
      if (event.ctrlKey) {
        zoomTo(zoom.scale * Math.exp(-event.deltaY / 200), event.clientX, event.clientY);
        event.preventDefault();
      } else if (zoom.scale > 1) {
        panBy(-event.deltaX, -event.deltaY);
        event.preventDefault();
      }
    },
    { passive: false }
  );
})();
