// parley dashboard: keeps the page's <main> live from the server's event stream
// (GET /live...), and the turn clocks ticking. No framework, nothing fetched but this server's
// own stream; the HTML sent is rendered (and escaped) by the server.
(function () {
  'use strict';

  var main = document.getElementById('live');
  var state = document.getElementById('state');
  var base = Date.now();

  function two(n) {
    return String(n).padStart(2, '0');
  }

  // As `watch` writes durations: 5s, 2m05s, 3h07m, 2d04h.
  function span(s) {
    s = Math.max(0, Math.floor(s));
    if (s < 60) return s + 's';
    if (s < 3600) return Math.floor(s / 60) + 'm' + two(s % 60) + 's';
    if (s < 86400) return Math.floor(s / 3600) + 'h' + two(Math.floor(s % 3600 / 60)) + 'm';
    return Math.floor(s / 86400) + 'd' + two(Math.floor(s % 86400 / 3600)) + 'h';
  }

  // Each clock shows how long it was by the server's clock when the content was made, plus
  // the time since the content arrived.
  function tick() {
    var elapsed = (Date.now() - base) / 1000;
    var clocks = document.querySelectorAll('time[data-since]');
    for (var i = 0; i < clocks.length; i++) {
      var age = Number(clocks[i].getAttribute('data-now')) - Number(clocks[i].getAttribute('data-since'));
      clocks[i].textContent = span(age + elapsed);
    }
  }

  function say(text) {
    if (state) state.textContent = text;
  }

  if (!main || !main.getAttribute('data-live') || !window.EventSource) return;

  var pending = null;
  // Once the stream has ended (the session gone, a refusal), nothing more is applied.
  var closed = false;

  // A person typing a decision keeps the form: the new content waits until they leave it.
  function busy() {
    var fields = main.querySelectorAll('textarea');
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value !== '' || fields[i] === document.activeElement) return true;
    }
    return false;
  }

  function apply(html) {
    if (closed) return;
    if (busy()) {
      pending = html;
      say('changed: shown when you leave the form');
      return;
    }
    pending = null;
    var open = {};
    var details = main.querySelectorAll('details[open] > summary');
    for (var i = 0; i < details.length; i++) open[details[i].textContent] = true;
    main.innerHTML = html;
    var again = main.querySelectorAll('details > summary');
    for (var j = 0; j < again.length; j++) {
      if (open[again[j].textContent]) again[j].parentNode.setAttribute('open', '');
    }
    base = Date.now();
    tick();
    document.body.setAttribute('data-updated', String(base));
    say('live');
  }

  main.addEventListener('focusout', function () {
    setTimeout(function () {
      if (pending !== null) apply(pending);
    }, 0);
  });

  var source = new EventSource(main.getAttribute('data-live'));
  source.addEventListener('open', function () { say('live'); });
  // The browser tries again after a dropped connection, but not after a refusal (a login
  // that ended, a revoked token): then the page says so instead of going quiet.
  source.addEventListener('error', function () {
    if (closed) return;
    if (source.readyState === EventSource.CLOSED) {
      closed = true;
      pending = null;
      say('disconnected: reload the page (you may have to log in again)');
    } else {
      say('reconnecting…');
    }
  });
  source.addEventListener('page', function (e) { apply(e.data); });
  source.addEventListener('gone', function () {
    closed = true;
    pending = null;
    source.close();
    main.classList.add('gone');
    say('this session is no longer under the server\u2019s root');
    var note = document.createElement('p');
    note.className = 'warnings';
    note.textContent = 'This session is no longer under the server\u2019s root: what follows is how it last was.';
    main.insertBefore(note, main.firstChild);
  });
  source.addEventListener('login', function () {
    source.close();
    window.location.assign('/login');
  });
  setInterval(tick, 1000);
})();
