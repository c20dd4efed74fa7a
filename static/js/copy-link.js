// Copy buttons: a button with data-copy="ID" copies the text of the element ID and says
// so (data-copied) in the status beside it. Without this script the button stays hidden
// and the text can be selected and copied by hand.
(function () {
  "use strict";
  var buttons = document.querySelectorAll("button[data-copy]");

  function selectText(element) {
    var range = document.createRange();
    range.selectNodeContents(element);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function copy(button) {
    var source = document.getElementById(button.dataset.copy);
    if (!source) return;
    var status = button.parentNode.querySelector(".copy-status");
    var text = source.textContent.trim();
    var done = function () { if (status) status.textContent = button.dataset.copied || ""; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { selectText(source); });
    } else {
      // No clipboard here (a plain-HTTP address): the text is selected for the reader to copy.
      selectText(source);
    }
  }

  for (var i = 0; i < buttons.length; i++) {
    buttons[i].hidden = false;
    buttons[i].addEventListener("click", function (event) { copy(event.currentTarget); });
  }
})();
