// Moments written in UTC by the server (`<time datetime data-local>`) shown in the
// reader's own time zone, in the page's language.
(function () {
  "use strict";
  var language = document.documentElement.lang || undefined;
  var format;
  try {
    format = new Intl.DateTimeFormat(language, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "short",
    });
  } catch (error) {
    return; // an old browser keeps the UTC text
  }
  function localise(root) {
    var times = root.querySelectorAll("time[data-local]");
    for (var i = 0; i < times.length; i++) {
      var moment = new Date(times[i].getAttribute("datetime"));
      if (!isNaN(moment.getTime())) {
        times[i].title = times[i].textContent;
        times[i].textContent = format.format(moment);
      }
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { localise(document); });
  } else {
    localise(document);
  }
})();
