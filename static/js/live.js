// Live updates by push (tournament/play/live.py): an element with data-live-url opens one
// EventSource to the session's stream; each event is passed on as a DOM event on <body>
// ("live-standings", "live-results", "live-tables" for htmx triggers, and "live:<name>" on the
// document for scripts).  When the stream cannot be had (no EventSource, a proxy that buffers,
// the connection dropped), the same events are fired every data-live-poll seconds (15 by
// default) instead, until the stream is back.
(function () {
  "use strict";
  const NAMES = ["standings", "results", "tables"];

  function fire(name) {
    if (window.htmx) window.htmx.trigger(document.body, "live-" + name);
    else document.body.dispatchEvent(new CustomEvent("live-" + name, { bubbles: true }));
    document.dispatchEvent(new CustomEvent("live:" + name));
  }

  document.addEventListener("DOMContentLoaded", function () {
    const el = document.querySelector("[data-live-url]");
    if (!el) return;
    const every = 1000 * (parseInt(el.dataset.livePoll || "15", 10) || 15);
    let timer = null;
    function poll(on) {
      if (on && timer === null) {
        timer = setInterval(function () { NAMES.forEach(fire); }, every);
      } else if (!on && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
      document.body.dataset.live = on ? "polling" : "push";
    }
    if (!window.EventSource) {
      poll(true);
      return;
    }
    const source = new EventSource(el.dataset.liveUrl);
    // A stream that ends is reopened by the browser with the id of the last event it saw,
    // and the server tells what changed meanwhile; while it cannot be reopened
    // (readyState CLOSED), poll.
    source.addEventListener("open", function () { poll(false); });
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) poll(true);
    });
    NAMES.forEach(function (name) {
      source.addEventListener(name, function () { fire(name); });
    });
  });
})();
