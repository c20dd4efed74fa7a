// Quadramids on the game page: a click on a free cell puts a figure there; a click on one
// of your figures (or your apex or blocker on a centre) chooses it, and the next click says
// where it goes. The server decides whether the move is allowed.
(function () {
  "use strict";

  var FILES = "abcdefgh";
  var SVG = "http://www.w3.org/2000/svg";
  var chosen = null; // the place of the chosen figure: "d2" or "d4+"

  function page() {
    return window.GamePage;
  }

  function position() {
    var board = page().board();
    return board ? JSON.parse(board.dataset.position) : { cells: {}, centres: {}, legal: [] };
  }

  // Odd grid points are cells, even ones centres (written by their lower-left cell).
  function placeAt(point) {
    if (point.x % 2 === 1 && point.y % 2 === 1) return FILES[(point.x - 1) / 2] + (point.y + 1) / 2;
    if (point.x % 2 === 0 && point.y % 2 === 0) return FILES[point.x / 2 - 1] + point.y / 2 + "+";
    return null;
  }

  function owner(place, where) {
    return place.slice(-1) === "+" ? where.centres[place] : where.cells[place];
  }

  function showTargets() {
    var board = page().board();
    if (!board) return;
    var layer = board.querySelector(".targets");
    layer.textContent = "";
    board.querySelectorAll(".chosen").forEach(function (element) {
      element.classList.remove("chosen");
    });
    if (!chosen) return;
    var figure = board.querySelector('[data-place="' + chosen + '"].figure, g[data-place="' + chosen + '"]');
    if (figure) figure.classList.add("chosen");
    position().legal.forEach(function (move) {
      if (move[0] !== "move" || move[1] !== chosen) return;
      var spot = board.querySelector('rect.cell[data-place="' + move[2] + '"]');
      var dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("class", "target-dot");
      dot.setAttribute("r", "6");
      if (spot) {
        dot.setAttribute("cx", String(parseFloat(spot.getAttribute("x")) + parseFloat(spot.getAttribute("width")) / 2));
        dot.setAttribute("cy", String(parseFloat(spot.getAttribute("y")) + parseFloat(spot.getAttribute("height")) / 2));
      } else {
        var grid = JSON.parse(board.dataset.grid);
        var file = FILES.indexOf(move[2][0]);
        var rank = parseInt(move[2].slice(1, -1), 10) - 1;
        dot.setAttribute("cx", String(grid.left + (2 * file + 1) * grid.cell));
        dot.setAttribute("cy", String(grid.top + (grid.height - (2 * rank + 2)) * grid.cell));
      }
      layer.appendChild(dot);
    });
  }

  function choose(point) {
    var place = placeAt(point);
    if (!place) return;
    var where = position();
    var mine = String(owner(place, where) || "") === page().seat;
    if (chosen && place === chosen) {
      chosen = null;
    } else if (mine) {
      chosen = place; // a figure of yours: choose it (or choose another instead)
    } else if (chosen) {
      page().send(["move", chosen, place]);
      chosen = null;
    } else if (place.slice(-1) !== "+" && !owner(place, where)) {
      page().send(["put", place]);
    }
    showTargets();
  }

  window.GameComposers = window.GameComposers || {};
  window.GameComposers.quadramids = {
    choose: choose,
    key: function (event) {
      if (event.key === "Escape") {
        chosen = null;
        showTargets();
      }
    },
    refreshed: function () {
      chosen = null;
      showTargets();
    },
  };
})();
