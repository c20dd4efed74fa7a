// The championship form: only the chosen game's own settings are shown. Without this
// script every game's settings are shown, and those of the other games are ignored.
(function () {
  "use strict";
  var choice = document.getElementById("id_game");
  if (!choice) return;
  function showChosen() {
    var groups = document.querySelectorAll("fieldset.game-options[data-game]");
    for (var i = 0; i < groups.length; i++) {
      groups[i].hidden = groups[i].dataset.game !== choice.value;
    }
  }
  choice.addEventListener("change", showChosen);
  showChosen();
})();

// Typing a time of the custom clock chooses the custom clock.
(function () {
  "use strict";
  var custom = document.querySelector('input[name="clock"][value="custom"]');
  if (!custom) return;
  ["id_initial_minutes", "id_increment_seconds", "id_move_seconds"].forEach(function (id) {
    var input = document.getElementById(id);
    if (!input) return;
    input.addEventListener("input", function () {
      if (input.value !== "") custom.checked = true;
    });
  });
})();

// Only the chosen system's settings are shown: each part names its systems in
// data-systems. A Swiss shows the playoff's settings only when players go on to one.
// The tie-breaks offered are the system's own, and a change of system puts its own
// default order in place of the other system's.
(function () {
  "use strict";
  var radios = document.querySelectorAll('input[name="system"]');
  if (!radios.length) return;
  var known = document.getElementById("tiebreak-systems");
  var systems = known ? JSON.parse(known.textContent) : {};
  var advance = document.getElementById("id_playoff_players");
  var slots = document.querySelectorAll(".tiebreak-slots select");
  var shown = chosen();
  var chosenFor = {}; // each system's order as last chosen on this page

  function chosen() {
    for (var i = 0; i < radios.length; i++) {
      if (radios[i].checked) return radios[i].value;
    }
    return radios[0].value;
  }

  function order() {
    var names = [];
    for (var i = 0; i < slots.length; i++) {
      if (slots[i].value) names.push(slots[i].value);
    }
    return names;
  }

  function same(a, b) {
    return a.length === b.length && a.every(function (name, i) { return name === b[i]; });
  }

  function offerTiebreaks(system, before) {
    var own = systems[system];
    if (!own || !slots.length) return;
    var current = order();
    if (before) chosenFor[before] = current;
    var kept = current.filter(function (name) {
      return own.known.indexOf(name) !== -1;
    });
    if (before && chosenFor[system]) {
      kept = chosenFor[system]; // as the organiser left it for this system
    } else if (before && systems[before] && same(current, systems[before].default)) {
      kept = own.default;
    }
    for (var i = 0; i < slots.length; i++) {
      var select = slots[i];
      for (var j = 0; j < select.options.length; j++) {
        var option = select.options[j];
        var offered = option.value === "" || own.known.indexOf(option.value) !== -1;
        option.hidden = !offered;
        option.disabled = !offered;
      }
      select.value = kept[i] || "";
      select.closest("li").hidden = i >= own.known.length;
    }
  }

  function showParts() {
    var system = chosen();
    // A system whose playoff is optional plays one only with players to go on to it.
    var goingOn = advance && Number(advance.value) >= 2;
    var parts = document.querySelectorAll(".championship-form [data-systems]");
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i];
      var mine = part.dataset.systems.split(" ").indexOf(system) !== -1;
      if (part.hasAttribute("data-playoff")) {
        var optional = (part.dataset.playoffOptional || "").split(" ").indexOf(system) !== -1;
        mine = mine && (!optional || goingOn);
      }
      part.hidden = !mine;
    }
  }

  for (var i = 0; i < radios.length; i++) {
    radios[i].addEventListener("change", function () {
      var system = chosen();
      offerTiebreaks(system, shown);
      shown = system;
      showParts();
    });
  }
  if (advance) advance.addEventListener("input", showParts);
  offerTiebreaks(shown, null);
  showParts();
})();
