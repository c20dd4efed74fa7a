// Quadrotone on the game page: a move is composed of up to eight tiles, each chosen,
// turned and put on a cell (or picked up from the board and moved or turned), then sent
// as one move. The server checks everything; this script only helps to put it together.
(function () {
  "use strict";

  var SIDE = 16;
  var MAX_TILES = 8;
  var COLOUR_CLASSES = ["q-red", "q-green", "q-blue", "q-yellow"];
  var SVG = "http://www.w3.org/2000/svg";

  var mode = null; // "place" | "rearrange" | "turn" | "swap"
  var selected = null; // a hand tile: {tile, turn}
  var picked = null; // a board tile: {c, r, turn} (turn relative)
  var pending = []; // the entries of the move being composed
  var shownMoveCount = null;

  function page() {
    return window.GamePage;
  }

  function panel() {
    return page().live.querySelector(".composer");
  }

  // The colours of a tile id (TL, TR, BR, BL), turned `turn` quarters clockwise (Q2).
  function tileColours(tile, turn) {
    var colours = [Math.floor(tile / 64) % 4, Math.floor(tile / 16) % 4, Math.floor(tile / 4) % 4, tile % 4];
    for (var k = 0; k < ((turn % 4) + 4) % 4; k++) colours.unshift(colours.pop());
    return colours;
  }

  function cellAt(c, r) {
    var board = page().board();
    return board ? board.querySelector('.tile[data-cell="' + c + "-" + r + '"]') : null;
  }

  function grid() {
    return JSON.parse(page().board().dataset.grid);
  }

  // -- drawing the move being composed -------------------------------------------------

  function drawTile(group, c, r, colours, css) {
    var g = grid();
    var left = g.left - g.cell / 2 + c * g.cell;
    var top = g.top - g.cell / 2 + (SIDE - 1 - r) * g.cell;
    var half = g.cell / 2;
    var spots = [[0, 0], [half, 0], [half, half], [0, half]]; // TL, TR, BR, BL
    spots.forEach(function (spot, index) {
      var square = document.createElementNS(SVG, "rect");
      square.setAttribute("class", COLOUR_CLASSES[colours[index]]);
      square.setAttribute("x", String(left + spot[0]));
      square.setAttribute("y", String(top + spot[1]));
      square.setAttribute("width", String(half));
      square.setAttribute("height", String(half));
      group.appendChild(square);
    });
    var frame = document.createElementNS(SVG, "rect");
    frame.setAttribute("class", css);
    frame.setAttribute("x", String(left));
    frame.setAttribute("y", String(top));
    frame.setAttribute("width", String(g.cell));
    frame.setAttribute("height", String(g.cell));
    group.appendChild(frame);
  }

  function boardTileColours(c, r, extraTurn) {
    var tile = cellAt(c, r);
    if (!tile) return null;
    return tileColours(parseInt(tile.dataset.tile, 10), parseInt(tile.dataset.turn, 10) + extraTurn);
  }

  function redraw() {
    var board = page().board();
    var box = panel();
    if (!board || !box) return;
    var preview = board.querySelector(".preview");
    preview.textContent = "";
    pending.forEach(function (entry) {
      if (entry.kind === "place") {
        drawTile(preview, entry.c, entry.r, tileColours(entry.tile, entry.turn), "preview-frame");
      } else {
        var colours = boardTileColours(entry.c, entry.r, entry.turn);
        if (colours) drawTile(preview, entry.toC, entry.toR, colours, "preview-frame");
      }
    });
    if (picked) {
      var colours = boardTileColours(picked.c, picked.r, picked.turn);
      if (colours) drawTile(preview, picked.c, picked.r, colours, "picked-frame");
    }
    box.querySelectorAll(".hand-tile").forEach(function (button) {
      var tile = parseInt(button.dataset.tile, 10);
      var used = pending.some(function (entry) {
        return entry.kind === "place" && entry.tile === tile;
      });
      button.disabled = used;
      button.setAttribute("aria-pressed", selected && selected.tile === tile ? "true" : "false");
      var svg = button.querySelector("svg");
      if (selected && selected.tile === tile) svg.style.transform = "rotate(" + 90 * selected.turn + "deg)";
      else svg.style.transform = "";
    });
    var list = box.querySelector(".pending");
    list.textContent = "";
    pending.forEach(function (entry, index) {
      var item = document.createElement("li");
      item.textContent = describe(entry);
      var remove = document.createElement("button");
      remove.type = "button";
      remove.className = "link";
      remove.textContent = box.dataset.textRemove;
      remove.addEventListener("click", function () {
        pending.splice(index, 1);
        redraw();
      });
      item.appendChild(document.createTextNode(" "));
      item.appendChild(remove);
      list.appendChild(item);
    });
    box.querySelector(".send-move").disabled = pending.length === 0;
    var status = box.querySelector(".composer-status");
    status.textContent = selected
      ? box.dataset.textSelected.replace("%(tile)s", selected.tile).replace("%(turn)s", 90 * selected.turn)
      : picked
        ? box.dataset.textPicked.replace("%(cell)s", picked.c + 1 + "-" + (picked.r + 1))
        : "";
    // The chosen tile as it will lie, beside the status: on a phone the hand may be scrolled
    // away from it while the player looks for a cell.
    var chosen = box.querySelector(".chosen-tile");
    if (chosen) {
      chosen.textContent = "";
      var source = selected && box.querySelector('.hand-tile[data-tile="' + selected.tile + '"] svg');
      if (source) {
        var copy = source.cloneNode(true);
        copy.style.transform = "rotate(" + 90 * selected.turn + "deg)";
        chosen.appendChild(copy);
      }
      chosen.hidden = !source;
    }
  }

  function describe(entry) {
    var turn = " ↻" + 90 * entry.turn + "°";
    var at = function (c, r) {
      return c + 1 + "-" + (r + 1);
    };
    if (entry.kind === "place") return "#" + entry.tile + " → " + at(entry.c, entry.r) + turn;
    if (entry.kind === "turn") return at(entry.c, entry.r) + turn;
    return at(entry.c, entry.r) + " → " + at(entry.toC, entry.toR) + turn;
  }

  // -- choosing ------------------------------------------------------------------------

  function taken(c, r) {
    return pending.some(function (entry) {
      return (entry.kind === "place" ? entry.c === c && entry.r === r : entry.toC === c && entry.toR === r);
    });
  }

  function choose(point) {
    var box = panel();
    if (!box) return;
    var c = point.x - 1;
    var r = point.y - 1;
    if (pending.length >= MAX_TILES && !picked) {
      page().say(box.dataset.textFull);
      return;
    }
    if (mode === "place") {
      if (!selected) {
        page().say(box.dataset.textChooseTile);
        return;
      }
      if (cellAt(c, r) || taken(c, r)) {
        page().say(box.dataset.textCellTaken);
        return;
      }
      pending.push({ kind: "place", tile: selected.tile, c: c, r: r, turn: selected.turn });
      selected = null;
    } else if (!picked) {
      if (!cellAt(c, r)) {
        page().say(box.dataset.textChooseBoardTile);
        return;
      }
      picked = { c: c, r: r, turn: mode === "turn" ? 1 : 0 };
    } else if (mode === "turn") {
      pending.push({ kind: "turn", c: picked.c, r: picked.r, toC: picked.c, toR: picked.r, turn: picked.turn });
      picked = null;
    } else {
      pending.push({ kind: mode, c: picked.c, r: picked.r, toC: c, toR: r, turn: picked.turn });
      picked = null;
    }
    redraw();
  }

  function turn() {
    if (selected) selected.turn = (selected.turn + 1) % 4;
    else if (picked) picked.turn = mode === "turn" ? (picked.turn % 3) + 1 : (picked.turn + 1) % 4;
    redraw();
  }

  function move() {
    var key = mode === "place" ? "place" : mode;
    var entries = pending.map(function (entry) {
      if (entry.kind === "place") return [entry.tile, entry.c, entry.r, entry.turn];
      if (entry.kind === "turn") return [entry.c, entry.r, entry.turn];
      return [entry.c, entry.r, entry.toC, entry.toR, entry.turn];
    });
    var body = {};
    body[key] = entries;
    return body;
  }

  function clear() {
    pending = [];
    selected = null;
    picked = null;
    redraw();
  }

  // -- the panel -------------------------------------------------------------------------

  page().live.addEventListener("click", function (event) {
    var box = panel();
    if (!box || !box.contains(event.target)) return;
    var handTile = event.target.closest(".hand-tile");
    if (handTile) {
      var tile = parseInt(handTile.dataset.tile, 10);
      selected = selected && selected.tile === tile ? null : { tile: tile, turn: 0 };
      picked = null;
      redraw();
    } else if (event.target.closest(".turn-tile")) {
      turn();
    } else if (event.target.closest(".clear-move")) {
      clear();
    } else if (event.target.closest(".send-move")) {
      if (pending.length) page().send(move()); // kept until the board shows it played
    } else if (event.target.closest(".pass-move")) {
      page().send({ pass: "no_moves" });
    }
  });

  // R turns the tile in hand from the panel too, not only from the board.
  page().live.addEventListener("keydown", function (event) {
    var box = panel();
    if (!box || !box.contains(event.target)) return;
    if (event.key === "r" || event.key === "R") {
      turn();
      event.preventDefault();
    }
  });

  page().live.addEventListener("change", function (event) {
    if (event.target.name === "composer-mode") {
      mode = event.target.value;
      clear();
    }
  });

  window.GameComposers = window.GameComposers || {};
  window.GameComposers.quadrotone = {
    choose: choose,
    key: function (event) {
      if (event.key === "r" || event.key === "R") {
        turn();
        event.preventDefault();
      } else if (event.key === "Escape") {
        clear();
      }
    },
    refreshed: function () {
      var box = panel();
      if (!box) return;
      var moves = box.dataset.moveCount;
      if (shownMoveCount !== null && moves !== shownMoveCount) {
        pending = []; // the board changed under the composition: start again
        selected = null;
        picked = null;
      }
      shownMoveCount = moves;
      // The chosen kind of move stays chosen when the panel is drawn again.
      var input = mode && box.querySelector('input[name=composer-mode][value="' + mode + '"]');
      if (input) input.checked = true;
      else mode = box.querySelector("input[name=composer-mode]:checked").value;
      redraw();
    },
  };
  window.GameComposers.quadrotone.refreshed();

  // On a phone the composer is a sheet fixed along the bottom of the screen: the page opens
  // (and turns) with the board scrolled up just above it, so every cell can be tapped
  // with the hand in view. A board taller than the room left keeps its top in view.
  var GAP = 8;
  function boardAboveTheSheet() {
    var box = panel();
    var board = page().board();
    if (!box || !board || window.getComputedStyle(box).position !== "fixed") return;
    var sheetTop = box.getBoundingClientRect().top;
    var area = board.getBoundingClientRect();
    var shift = area.bottom + GAP - sheetTop;
    if (shift <= 0) return;
    window.scrollBy(0, Math.min(shift, area.top - GAP));
  }
  // Once the page is laid out whole (its fonts and controls in place).
  if (document.readyState === "complete") window.requestAnimationFrame(boardAboveTheSheet);
  else window.addEventListener("load", boardAboveTheSheet);
  window.addEventListener("orientationchange", function () {
    window.setTimeout(boardAboveTheSheet, 300);
  });
})();
