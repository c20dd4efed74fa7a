// Name fields that suggest players' names as one types (GET /api/players/?search=): every
// input with data-player-search and a datalist (its `list`). The new-game form's name
// field also shows only when a player is to be invited. Without this script every field
// shows and a typed name works all the same.
(function () {
  "use strict";

  function suggestNames(input) {
    var list = input.list;
    if (!list) return;
    var asked = "";
    var timer = null;

    function showSuggestions(before, players) {
      while (list.firstChild) list.removeChild(list.firstChild);
      for (var j = 0; j < players.length; j++) {
        var option = document.createElement("option");
        option.value = before + players[j].username;
        list.appendChild(option);
      }
    }

    function suggest() {
      // Several names are separated by commas: the one being typed is the last.
      var parts = input.value.split(",");
      var typed = parts.pop().trim();
      var before = parts.map(function (part) { return part.trim() + ", "; }).join("");
      if (typed === "" || typed === asked) return;
      asked = typed;
      var url = input.dataset.playerSearch + "?search=" + encodeURIComponent(typed);
      fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (answer) { return answer.ok ? answer.json() : []; })
        .then(function (players) {
          if (typed === asked) showSuggestions(before, players); // not overtaken by a later one
        })
        .catch(function () { /* no suggestions: the name is taken as typed */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(suggest, 200); // one search per pause in typing, not per key
    });
  }

  function newGameForm(form) {
    var choices = form.querySelectorAll('input[name="opponent"]');
    var nameField = document.getElementById("field-player");
    var input = form.querySelector("input[data-player-search]");

    function invitingChosen() {
      var chosen = form.querySelector('input[name="opponent"]:checked');
      return chosen !== null && chosen.value === "player";
    }

    function showNameField() {
      if (!nameField || !input) return;
      // A name typed, or one refused, stays in sight whatever is chosen.
      var keep = input.value.trim() !== "" || nameField.querySelector(".errorlist") !== null;
      nameField.hidden = !invitingChosen() && !keep;
    }

    for (var i = 0; i < choices.length; i++) {
      choices[i].addEventListener("change", function () {
        showNameField();
        if (invitingChosen() && input) input.focus();
      });
    }
    showNameField();
  }

  var form = document.querySelector("form.new-game-form");
  if (form) newGameForm(form);
  var inputs = document.querySelectorAll("input[data-player-search]");
  for (var k = 0; k < inputs.length; k++) suggestNames(inputs[k]);
})();
