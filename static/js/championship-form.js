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
