// The game page: sends moves, follows the game live (Server-Sent Events, polling when
// they are not available), runs the clocks between updates, and lets the board be played
// from the keyboard. The server decides everything; this script only shows and asks.
(function () {
  "use strict";

  var page = document.getElementById("game");
  if (!page) return;

  var live = document.getElementById("game-live");
  var cursorStatus = document.getElementById("cursor-status");
  var csrfInput = page.querySelector("input[name=csrfmiddlewaretoken]");
  var seat = page.dataset.seat || "";
  var cursor = null; // {x, y} on the grid
  var clockBase = performance.now();
  var refreshing = false;
  var refreshAgain = false;
  var forceAgain = false;
  var source = null;
  var message = { text: "", until: 0 };
  // When the page last heard of the game (an event of the stream, or an answer to a refresh).
  var heardAt = performance.now();
  // A player asks for the game when the stream has said nothing for this long, even though it
  // looks open: an event lost on the way must not leave them waiting for a move for good.
  // Spectators, who can be thousands, leave it to the stream.
  var QUIET_MS = (parseFloat(page.dataset.quietSeconds) || 15) * 1000;

  var texts = JSON.parse(document.getElementById("game-texts").textContent);
  var POINT_WORDS = texts.point_words;

  function state() {
    return live.querySelector(".game-live");
  }

  function board() {
    return live.querySelector("svg.board");
  }

  function grid() {
    var svg = board();
    return svg && svg.dataset.grid ? JSON.parse(svg.dataset.grid) : null;
  }

  // -- live updates -------------------------------------------------------------------

  // `force`: fetch even when the version shown is the latest (the replay shows another move).
  function refresh(force) {
    if (refreshing) {
      refreshAgain = true;
      forceAgain = forceAgain || force === true;
      return;
    }
    refreshing = true;
    var current = state();
    var version = current && force !== true ? current.dataset.version : "";
    var url = page.dataset.liveUrl + "?version=" + version;
    if (window.GameReplay) url += window.GameReplay.query();
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (response.status === 204) return null;
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        heardAt = performance.now();
        if (html !== null) swap(html);
      })
      .catch(function () {
        /* the next event or poll tries again */
      })
      .then(function () {
        refreshing = false;
        if (refreshAgain) {
          var again = forceAgain;
          refreshAgain = false;
          forceAgain = false;
          refresh(again);
        }
      });
  }

  function swap(html) {
    var hadFocus = document.activeElement === board();
    var before = state();
    live.innerHTML = html;
    // The game moved on: the page's notices (the game has started, a draw offered) are old.
    var after = state();
    if (before && after && before.dataset.version !== after.dataset.version) {
      document.dispatchEvent(new CustomEvent("notices:stale"));
    }
    clockBase = performance.now();
    showMessage();
    var svg = board();
    if (svg && svg.classList.contains("playable")) {
      if (hadFocus) svg.focus();
      drawCursor();
    }
    var composing = composer();
    if (composing && composing.refreshed) composing.refreshed();
    if (window.GameReplay) window.GameReplay.swapped();
    var current = state();
    if (current && current.dataset.status !== "active" && source) {
      source.close();
      source = null;
    }
  }

  function follow() {
    if (!window.EventSource) return;
    var options = page.dataset.eventsCredentials ? { withCredentials: true } : {};
    source = new EventSource(page.dataset.eventsUrl, options);
    ["state", "move", "game_over", "draw_offer", "berserk"].forEach(function (type) {
      source.addEventListener(type, function () {
        heardAt = performance.now();
        refresh();
      });
    });
    source.addEventListener("watching", showWatching);
  }

  // The event carries its words in every language of the site: the page's own is used.
  function showWatching(event) {
    var shown = page.querySelector("[data-watching]");
    var texts = JSON.parse(event.data).text || {};
    var lang = (document.documentElement.lang || "en").split("-")[0];
    if (shown) shown.textContent = texts[lang] || texts.en || "";
  }

  // Polling covers a browser without EventSource, the gaps while it reconnects, and a
  // player's stream that has gone quiet.
  function poll() {
    var current = state();
    if (!current || current.dataset.status === "finished" || current.dataset.status === "declined") return;
    if (!source || source.readyState !== 1) refresh();
    else if (seat && performance.now() - heardAt > QUIET_MS) refresh();
  }

  // -- clocks ---------------------------------------------------------------------------

  function formatClock(seconds) {
    var whole = Math.max(0, Math.floor(seconds));
    var hours = Math.floor(whole / 3600);
    var minutes = Math.floor((whole % 3600) / 60);
    var rest = whole % 60;
    var pad = function (n) {
      return (n < 10 ? "0" : "") + n;
    };
    return hours ? hours + ":" + pad(minutes) + ":" + pad(rest) : minutes + ":" + pad(rest);
  }

  // A clock turns red only in the last part of the time the move started with (a fifth,
  // at least 10 s, at most 30 s): with 30 s a move it is not an alarm from the first second.
  function lowFrom(start) {
    return Math.min(30, Math.max(10, start * 0.2));
  }

  function tick() {
    var elapsed = (performance.now() - clockBase) / 1000;
    live.querySelectorAll("[data-clock][data-running='1']").forEach(function (clock) {
      var left = parseFloat(clock.dataset.clock) - elapsed;
      clock.textContent = formatClock(left);
      clock.classList.toggle("low", left <= lowFrom(parseFloat(clock.dataset.clock)));
      // The server ends the game on time; asking for the page makes it look.
      if (left <= 0 && !clock.dataset.asked) {
        clock.dataset.asked = "1";
        setTimeout(refresh, 300);
      }
    });
  }

  // -- messages on the board --------------------------------------------------------------

  function say(text) {
    message = { text: text, until: performance.now() + 6000 };
    showMessage();
  }

  function showMessage() {
    var box = live.querySelector(".board-message");
    if (!box) return;
    var current = message.text && performance.now() < message.until;
    box.hidden = !current;
    box.textContent = current ? message.text : "";
  }

  // -- playing ----------------------------------------------------------------------------

  function pointAt(event) {
    var svg = board();
    var g = grid();
    var matrix = svg.getScreenCTM();
    if (!g || !matrix) return null;
    var spot = svg.createSVGPoint();
    spot.x = event.clientX;
    spot.y = event.clientY;
    var local = spot.matrixTransform(matrix.inverse());
    var column = Math.round((local.x - g.left) / g.cell);
    var row = Math.round((local.y - g.top) / g.cell);
    if (column < 0 || row < 0 || column >= g.width || row >= g.height) return null;
    return { x: column + 1, y: g.flip_y ? g.height - row : row + 1 };
  }

  function pointOf(text) {
    var parts = text.split("-");
    return { x: parseInt(parts[0], 10), y: parseInt(parts[1], 10) };
  }

  function pointWord(point) {
    var svg = board();
    var rows = svg && svg.dataset.points ? svg.dataset.points.split("/") : null;
    if (!rows) return "";
    var letter = (rows[point.y - 1] || "").charAt(point.x - 1);
    return POINT_WORDS[letter] || "";
  }

  function targetAt(point) {
    var svg = board();
    return svg ? svg.querySelector('[data-target="' + point.x + "-" + point.y + '"]') : null;
  }

  // The move at a grid point: a target's own move, else the point itself [x, y].
  function moveAt(point) {
    var target = targetAt(point);
    if (target) return JSON.parse(target.dataset.move);
    return board().hasAttribute("data-targets-only") ? null : [point.x, point.y];
  }

  // The colour this player's marks are drawn in, where the board says (seats named first
  // and second may still be drawn blue and red); null where it does not.
  function seatColour() {
    var svg = board();
    if (!svg || !svg.dataset.seatColours) return null;
    return JSON.parse(svg.dataset.seatColours)[seat] || null;
  }

  function drawPending(point) {
    var target = targetAt(point);
    var colour = seatColour();
    if (target) {
      target.classList.add("pending");
      if (colour) target.classList.add(colour);
      return;
    }
    var svg = board();
    var g = grid();
    if (!svg || !g) return;
    var mark = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    // Where a game's seats are colours, the seat names the colour.
    mark.setAttribute("class", "dot pending " + (colour || seat || ""));
    mark.setAttribute("r", "6");
    mark.setAttribute("cx", String(g.left + (point.x - 1) * g.cell));
    mark.setAttribute("cy", String(g.top + (g.flip_y ? g.height - point.y : point.y - 1) * g.cell));
    svg.appendChild(mark);
  }

  // A point chosen by click or keyboard: a move, or one choice of a composed move.
  function choose(point) {
    var composing = composer();
    if (composing) composing.choose(point);
    else play(point);
  }

  function play(point) {
    var move = moveAt(point);
    if (!move) return;
    var put = function () {
      if (send(move)) drawPending(point);
    };
    // On a board too fine for a finger, a tap first marks the point and asks (board-zoom.js).
    if (window.BoardZoom && window.BoardZoom.holds(point, put)) return;
    put();
  }

  // Send a move; false when it is not this player's move to send.
  function send(move) {
    var current = state();
    if (!current || current.dataset.status !== "active" || !seat) return false;
    if (current.dataset.canMove !== "1") {
      say(texts.not_your_move);
      return false;
    }
    current.dataset.canMove = "0"; // one move at a time until the server answers
    var body = JSON.stringify({ seq: parseInt(current.dataset.nextSeq, 10), move: move });
    fetch(page.dataset.movesUrl + "?wait=5", {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-CSRFToken": csrfInput ? csrfInput.value : "",
      },
      body: body,
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          return { status: response.status, answer: answer };
        });
      })
      .then(function (reply) {
        if (reply.answer.error) {
          say(reply.answer.error.message);
        } else if (reply.answer.status === "refused" && reply.answer.reason) {
          say(reply.answer.reason.message);
        } else {
          message.text = "";
        }
        refresh();
      })
      .catch(function () {
        say(texts.not_sent);
        refresh();
      });
    return true;
  }

  function drawCursor() {
    var svg = board();
    var g = grid();
    var ring = svg && svg.querySelector(".cursor");
    if (!ring || !g || !cursor) return;
    var x = g.left + (cursor.x - 1) * g.cell;
    var y = g.top + (g.flip_y ? g.height - cursor.y : cursor.y - 1) * g.cell;
    if (ring.tagName === "rect") {
      // a cell cursor: its corner, half a cell up and left of the centre
      ring.setAttribute("x", String(x - g.cell / 2));
      ring.setAttribute("y", String(y - g.cell / 2));
    } else {
      ring.setAttribute("cx", String(x));
      ring.setAttribute("cy", String(y));
    }
  }

  function startCursor() {
    var g = grid();
    if (!g) return;
    if (!cursor) {
      var last = board().querySelector(".last-move");
      cursor = last ? pointOf(last.dataset.point) : { x: Math.ceil(g.width / 2), y: Math.ceil(g.height / 2) };
    }
    drawCursor();
    announce();
  }

  function announce() {
    if (cursorStatus && cursor) cursorStatus.textContent = cursor.x + "-" + cursor.y + ": " + pointWord(cursor);
  }

  var STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

  // A board whose moves are composed of several choices (tiles, say) brings its own script,
  // which registers in window.GameComposers and gets the page's tools.
  function composer() {
    var svg = board();
    var name = svg && svg.dataset.composer;
    return name && window.GameComposers ? window.GameComposers[name] : null;
  }

  window.GamePage = {
    send: send,
    say: say,
    texts: texts,
    seat: seat,
    live: live,
    board: board,
    refresh: refresh,
    pointAt: function (event) {
      return pointAt(event);
    },
  };

  live.addEventListener("keydown", function (event) {
    var svg = board();
    if (event.target !== svg) return;
    var g = grid();
    if (!g) return;
    if (!cursor) startCursor();
    var step = STEPS[event.key];
    if (step) {
      var size = event.shiftKey ? 5 : 1;
      var dy = g.flip_y ? step[1] : -step[1];
      cursor.x = Math.min(g.width, Math.max(1, cursor.x + step[0] * size));
      cursor.y = Math.min(g.height, Math.max(1, cursor.y + dy * size));
      drawCursor();
      announce();
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      choose({ x: cursor.x, y: cursor.y });
      event.preventDefault();
    } else if (composer() && composer().key) {
      composer().key(event, { x: cursor.x, y: cursor.y });
    }
  });

  live.addEventListener("focusin", function (event) {
    if (event.target === board()) startCursor();
  });

  live.addEventListener("click", function (event) {
    var svg = board();
    if (!svg || !svg.classList.contains("playable") || !svg.contains(event.target)) return;
    var hit = event.target.closest("[data-target]");
    var point = hit ? pointOf(hit.dataset.target) : pointAt(event);
    if (!point) return;
    cursor = point;
    drawCursor();
    choose(point);
  });

  page.addEventListener("submit", function (event) {
    var question = event.target.dataset.confirm;
    if (question && !window.confirm(question)) event.preventDefault();
  });

  follow();
  setInterval(tick, 250);
  setInterval(poll, 2000);
  setInterval(showMessage, 1000);
})();
