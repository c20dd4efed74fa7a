// The site writes every moment (`<time datetime data-local data-zone>`) in the reader's time
// zone: the account's choice, else the zone this browser has told it (this script keeps
// that in a cookie, read with every page), else UTC. A page written in UTC before the
// browser told its zone (its first visit) shows its moments in the browser's zone here.
(function () {
  "use strict";
  var COOKIE = "tz";
  var zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch (error) {
    return; // an old browser keeps the times as written
  }
  if (!zone) {
    return;
  }
  var value = COOKIE + "=" + encodeURIComponent(zone);
  var told = document.cookie.split("; ").indexOf(value) !== -1;
  if (told) {
    return; // the site wrote this page knowing the zone (or the account chose another)
  }
  document.cookie = value + "; path=/; max-age=31536000; SameSite=Lax";
  var format;
  try {
    format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "short",
    });
  } catch (error) {
    return;
  }
  function localise(root) {
    var times = root.querySelectorAll('time[data-local][data-zone="UTC"]');
    for (var i = 0; i < times.length; i++) {
      var moment = new Date(times[i].getAttribute("datetime"));
      if (!isNaN(moment.getTime())) {
        times[i].title = times[i].textContent;
        times[i].textContent = format.format(moment);
      }
    }
  }
  if (zone === "UTC" || zone === "Etc/UTC") {
    return;
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { localise(document); });
  } else {
    localise(document);
  }
})();
