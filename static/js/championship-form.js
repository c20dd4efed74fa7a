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
