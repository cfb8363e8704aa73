// Keeps an open page current without reloading it.
//
// Every ~2 s (only while the tab is visible) it asks /api/v1/me/pulse, a
// plain GET any reverse proxy passes, for the unread count, the newest
// notification and a stamp per game that changes with every move, offer and
// result. The header's counts and the title follow the unread count and the
// number of games awaiting the player's move ("(2) 3 to move · ..."). A page
// that says what it shows (<main data-live-url, data-live-stamps,
// data-live-all, data-live-latest>) is fetched again when that changes and
// its <main> swapped in place, unless the player is typing in it: then a
// small notice offers to show the new state.
(function () {
  "use strict";
  var PULSE = "/api/v1/me/pulse";
  var EVERY = 2000, SLOWEST = 60000;
  var delay = EVERY, timer = null, busy = false, stopped = false;
  var notice = document.getElementById("live-notice");

  function main() { return document.getElementById("main"); }

  // A refused form is answered with its page and the error in it: show the
  // page's own address, so a reload does not send the form again.
  (function () {
    var el = main(), url = el && el.getAttribute("data-page-url");
    if (url && location.pathname !== url && /\/(send|lines|receipt)$/.test(location.pathname)) {
      history.replaceState(null, "", url);
    }
  })();

  function stampsOf(el) {
    try { return JSON.parse(el.getAttribute("data-live-stamps") || "{}"); } catch (e) { return {}; }
  }

  // Whether what the page shows differs from the pulse.
  function changed(pulse) {
    var el = main();
    if (!el || !el.hasAttribute("data-live-url")) { return false; }
    var latest = el.getAttribute("data-live-latest");
    if (latest !== null && String(pulse.latest) !== latest) { return true; }
    var known = stampsOf(el), now = pulse.games || {}, id;
    for (id in known) {
      if (known[id] !== now[id]) { return true; }
    }
    if (el.getAttribute("data-live-all") === "1") {
      for (id in now) {
        if (!(id in known)) { return true; }
      }
    }
    return false;
  }

  function showCount(unread, toMove) {
    var count = document.getElementById("unread-count");
    if (count) {
      count.textContent = String(unread);
      count.hidden = unread === 0;
      count.parentNode.classList.toggle("has-unread", unread > 0);
    }
    var title = document.title.replace(/^\(\d+\) /, "");
    var waiting = document.getElementById("to-move-count");
    if (waiting && typeof toMove === "number") {
      // The title's waiting part is the badge's text, as the page was made.
      var long = waiting.querySelector(".long") || waiting;
      var before = waiting.hidden ? "" : long.textContent + " · ";
      if (before && title.indexOf(before) === 0) { title = title.slice(before.length); }
      var text = (waiting.getAttribute("data-label") || "%(n)s").replace("%(n)s", String(toMove));
      long.textContent = text;
      var short = waiting.querySelector(".short");
      if (short) { short.textContent = String(toMove); }
      waiting.hidden = toMove === 0;
      if (toMove > 0) { title = text + " · " + title; }
    }
    document.title = unread > 0 ? "(" + unread + ") " + title : title;
  }

  // The player is writing something the swap would throw away, or holds
  // work of the page's own (an analysis line: data-live-hold).
  function typing(el) {
    if (el.querySelector("[data-live-hold]")) { return true; }
    var fields = el.querySelectorAll("input, textarea");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      var text = f.tagName === "TEXTAREA" || /^(text|search|number|email|url|tel)$/.test(f.type);
      if (!text) { continue; }
      if (f === document.activeElement || f.value !== f.defaultValue) { return true; }
    }
    return false;
  }

  function swap(fresh) {
    var old = main();
    var open = {};
    old.querySelectorAll("details[id]").forEach(function (d) { open[d.id] = d.open; });
    old.replaceWith(fresh);
    fresh.querySelectorAll("details[id]").forEach(function (d) {
      if (d.id in open) { d.open = open[d.id]; }
    });
    // Scripts put in by the swap do not run by themselves (the board's clicks).
    fresh.querySelectorAll("script[src]").forEach(function (s) {
      var again = document.createElement("script");
      again.src = s.src;
      s.replaceWith(again);
    });
    if (notice) { notice.hidden = true; }
  }

  function refresh(force) {
    var el = main();
    if (busy || !el) { return Promise.resolve(); }
    if (!force && typing(el)) {
      if (notice) {
        notice.querySelector(".what").textContent =
          el.getAttribute("data-live-changed") || notice.getAttribute("data-default");
        notice.hidden = false;
      }
      return Promise.resolve();
    }
    busy = true;
    return fetch(el.getAttribute("data-live-url"), { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok || response.redirected) { throw new Error(String(response.status)); }
        return response.text();
      })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.getElementById("main");
        if (!fresh) { return; }
        swap(document.importNode(fresh, true));
        document.title = page.title;
      })
      .finally(function () { busy = false; });
  }

  function schedule() {
    clearTimeout(timer);
    if (!stopped && !document.hidden) { timer = setTimeout(tick, delay); }
  }

  function tick() {
    fetch(PULSE, { credentials: "same-origin", cache: "no-store",
                   headers: { "Accept": "application/json" } })
      .then(function (response) {
        if (response.status === 401 || response.status === 403) { stopped = true; }
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (pulse) {
        showCount(pulse.unread, pulse.to_move);
        delay = EVERY;
        if (changed(pulse)) { return refresh(false); }
      })
      .catch(function () { delay = Math.min(delay * 2, SLOWEST); })
      .finally(schedule);
  }

  if (notice) {
    notice.querySelector("button").addEventListener("click", function () {
      refresh(true);
    });
  }
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { clearTimeout(timer); } else { delay = EVERY; tick(); }
  });
  schedule();
})();
