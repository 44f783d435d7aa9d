// A seat's page (docs/table-network.md): sends the buttons' and forms' actions with the
// seat's token and the revision the page shows, says the answer next to what was tapped, and
// swaps in the new view whenever the live stream says the game moved. No framework.
(function () {
  "use strict";
  var token = document.body.dataset.token;
  var live = document.getElementById("live");
  var main = document.getElementById("main");
  var last = null; // {key, text, ok}: the answer to show after a refresh
  var behind = false; // the game moved while the player was typing in a form

  // A form being filled in (focused, or a field changed) is never swapped out under the
  // player's fingers: the new view waits until it is sent or left.
  function typing() {
    var a = document.activeElement;
    if (a && a.form && main.contains(a)) return true;
    return Array.prototype.some.call(main.querySelectorAll("input, select"), function (i) {
      if (i.type === "checkbox") return i.checked !== i.defaultChecked;
      // A select shows its marked option at first, or else its first one.
      return i.tagName === "SELECT" ? i.selectedIndex !== shown(i) : i.value !== i.defaultValue;
    });
  }

  // The option a list showed when the page came: the one marked selected, else the first.
  function shown(select) {
    for (var k = 0; k < select.options.length; k++) {
      if (select.options[k].defaultSelected) return k;
    }
    return 0;
  }

  function follow() {
    if (main.dataset.follow === "no") return;
    if (typing()) {
      behind = true;
      live.textContent = "The game moved: this page catches up when you send or leave the form";
      return;
    }
    behind = false;
    refresh();
  }

  function revision() {
    var v = document.getElementById("view");
    return v ? Number(v.dataset.revision) : 0;
  }

  function sayAfter(el, text, ok) {
    var p = el.nextElementSibling;
    if (!p || !p.classList.contains("said")) {
      p = document.createElement("p");
      p.className = "said";
      p.setAttribute("role", "status");
      el.parentNode.insertBefore(p, el.nextSibling);
    }
    p.textContent = text;
    p.classList.toggle("bad", !ok);
  }

  // A refusal that cites a rule: its title after the refusal, a tap opens the entry.
  function cite(rule, el) {
    var p = el && document.contains(el) ? el.nextElementSibling : document.getElementById("said");
    if (!p) return;
    var a = document.createElement("a");
    a.className = "rule";
    a.href = "/seat/" + token + "/rules/" + encodeURIComponent(rule.game) + "/" + encodeURIComponent(rule.id);
    a.textContent = " Rule: " + rule.title + " (rulebook: " + rule.page + ")";
    a.title = rule.summary;
    p.appendChild(a);
  }

  function showLast() {
    if (!last) return;
    var el = null;
    document.querySelectorAll("[data-act]").forEach(function (e) {
      if (e.dataset.act === last.key) el = e;
    });
    // Said next to what was tapped only where it shows (not in a closed hero's row).
    if (el && el.getClientRects().length) sayAfter(el, last.text, last.ok);
    else {
      var s = document.getElementById("said");
      if (s) { s.textContent = last.text; s.classList.toggle("bad", !last.ok); }
    }
  }

  function refresh() {
    return fetch("/seat/" + token + "/part", { cache: "no-store" }).then(function (r) {
      if (r.status === 401) { gone(); return; }
      if (!r.ok) return;
      return r.text().then(function (html) {
        // A hero's row the player opened stays open while the game moves.
        var open = Array.prototype.map.call(main.querySelectorAll("details[open][id]"),
          function (d) { return d.id; });
        main.innerHTML = html;
        main.dataset.follow = "yes";
        open.forEach(function (id) {
          var d = document.getElementById(id);
          if (d) d.open = true;
        });
        showLast();
        // Caught up: no "the game moved" left standing.
        if (!behind && live.className !== "bad") {
          live.textContent = "Live: changes appear here at once";
          live.className = "ok";
        }
        waiting();
      });
    });
  }

  function gone() {
    live.textContent = "This link no longer works: ask the host for a new one.";
    live.className = "bad";
  }

  // A field's value: a number box's number, a tick box's tick, a data-json field's JSON.
  function field(input) {
    if (input.type === "checkbox") return input.checked;
    // An optional field left empty is sent as null (none).
    if (input.dataset && input.dataset.optional !== undefined && !input.value.trim()) return null;
    if (input.type === "number") return Number(input.value);
    // A list of numbers typed in one field ("2, 3, 5"); the page's pattern checked its shape.
    if (input.dataset && input.dataset.numbers !== undefined)
      return input.value.split(/[ ,]+/).filter(function (x) { return x; }).map(Number);
    if (input.dataset && input.dataset.json !== undefined) return JSON.parse(input.value);
    return input.value.trim();
  }

  // Is the field named `name` chosen: ticked, or holding something other than 0 or none?
  function chosen(name, form) {
    var input = form.elements[name];
    if (!input) return false;
    var v = field(input);
    return !(v === false || v === null || v === "" || v === 0 || v !== v);
  }

  // Fills an action template from a form (the template's rules are in src/host/worldspanner.rs):
  // "{field}" takes the field; in a list, {"$if": field, "then": x} is x only while the
  // field is chosen; {"$pick": field, ...} is the branch the field's value names.
  function fill(v, form) {
    if (typeof v === "string" && v.length > 2 && v[0] === "{" && v[v.length - 1] === "}") {
      var input = form.elements[v.slice(1, -1)];
      if (input) return field(input);
    }
    if (Array.isArray(v)) {
      return v.filter(function (x) {
        return !(x && typeof x === "object" && "$if" in x) || chosen(x["$if"], form);
      }).map(function (x) {
        return fill(x && typeof x === "object" && "$if" in x ? x.then : x, form);
      });
    }
    if (v && typeof v === "object" && "$pick" in v) {
      var picked = form.elements[v["$pick"]];
      return fill(picked ? v[String(field(picked))] : null, form);
    }
    if (v && typeof v === "object") {
      var o = {};
      Object.keys(v).forEach(function (k) { o[k] = fill(v[k], form); });
      return o;
    }
    return v;
  }

  // The outbox (docs/table-network.md, "A lost answer"): every action gets an id the page
  // chooses and stays in localStorage until the host answers it, so a page that lost the
  // answer (the Wi-Fi, a host restart, a reload) sends the same id again and the host answers
  // with the first answer instead of applying it twice. Never "not sent" for an action the
  // host may have applied: only "waiting for the host".
  var boxKey = "tablemate-outbox-" + token;
  var inflight = {};
  var retry = null;

  function outbox() {
    try { return JSON.parse(localStorage.getItem(boxKey)) || []; } catch (e) { return []; }
  }

  function keep(list) {
    try {
      if (list.length) localStorage.setItem(boxKey, JSON.stringify(list));
      else localStorage.removeItem(boxKey);
    } catch (e) { /* private mode: the outbox lives as long as the page */ }
  }

  function newId() {
    var b = new Uint8Array(12);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }

  function hhmm(ms) {
    var d = new Date(ms);
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  }

  // The element an action was sent from, if the page still shows it.
  function sentFrom(key) {
    var el = null;
    document.querySelectorAll("[data-act]").forEach(function (e) { if (e.dataset.act === key) el = e; });
    return el;
  }

  // The line under the live state while something waits in the outbox.
  function waiting() {
    var box = outbox();
    var w = document.getElementById("waiting");
    if (!box.length) { if (w) w.remove(); return; }
    if (!w) {
      w = document.createElement("p");
      w.id = "waiting";
      w.setAttribute("role", "status");
      live.parentNode.insertBefore(w, live.nextSibling);
    }
    w.textContent = "Waiting for the host since " + hhmm(box[0].since) + ": " +
      (box.length === 1 ? "1 action" : box.length + " actions") +
      " will be sent again as soon as it answers (never twice).";
  }

  // Sends every action still in the outbox (after a reconnect, a reload, or a moment).
  function flush() {
    retry = null;
    outbox().forEach(function (item) { post(item, sentFrom(item.key)); });
  }

  function retrySoon() {
    if (!retry) retry = setTimeout(flush, 3000);
  }

  function send(action, el) {
    var item = { id: newId(), action: action, revision: revision(), key: el.dataset.act, since: Date.now() };
    keep(outbox().concat([item]));
    sayAfter(el, "Sending…", true);
    post(item, el);
  }

  function post(item, el) {
    if (inflight[item.id]) return;
    inflight[item.id] = true;
    var key = item.key;
    var say = function (text, ok) {
      last = { key: key, text: text, ok: ok };
      if (el && document.contains(el)) sayAfter(el, text, ok); else showLast();
    };
    fetch("/api/act", {
      method: "POST",
      headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
      body: JSON.stringify({ action: item.action, revision: item.revision, id: item.id })
    }).then(function (r) {
      delete inflight[item.id];
      // Busy, too many, or too slow: the host may still apply it; the same id goes again.
      if (r.status === 408 || r.status === 429 || r.status === 503) {
        say("Waiting for the host since " + hhmm(item.since) + "…", true);
        waiting();
        retrySoon();
        return;
      }
      // Any other answer settles it: applied, refused, or certainly not applied.
      keep(outbox().filter(function (o) { return o.id !== item.id; }));
      waiting();
      return r.json().catch(function () { return {}; }).then(function (j) {
        var ok = r.ok;
        say(ok ? "Done: " + j.label : (j.error || "Refused (" + r.status + ")"), ok);
        if (!ok && j.rule) cite(j.rule, el);
        // Acted from a lookup's answer: back to the seat's sheet, the answer said there.
        var fromLookup = ok && main.dataset.follow === "no";
        if (fromLookup) history.replaceState(null, "", "/seat/" + token);
        // A sent form's typed values are done with: the new view replaces them.
        if (r.status === 409 || (ok && (behind || fromLookup || (el && el.tagName === "FORM")))) {
          behind = false;
          refresh().then(function () {
            // A sent form's result (a card drawn) is at the top of the page: shown there.
            var top = ok && el && el.tagName === "FORM" && document.getElementById("now");
            if (top) { closeHeroes(); top.scrollIntoView(); }
          });
        }
        if (r.status === 401) gone();
      });
    }).catch(function () {
      delete inflight[item.id];
      say("Waiting for the host since " + hhmm(item.since) + ": it will be sent again as soon as the host answers.", true);
      waiting();
      retrySoon();
    });
  }

  function closeHeroes() {
    main.querySelectorAll("details.hero[open]").forEach(function (d) { d.open = false; });
  }

  // An irreversible action asks once, on the page, before it is sent: the question the host
  // wrote (data-confirm) with Yes (the same action) and Cancel next to the tapped button.
  document.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-confirm]");
    if (!b || b.dataset.confirmed !== undefined) return;
    e.preventDefault();
    e.stopPropagation();
    var old = main.querySelector(".confirm");
    if (old) old.remove();
    var box = document.createElement("div");
    box.className = "confirm";
    box.setAttribute("role", "alertdialog");
    var q = document.createElement("p");
    q.textContent = b.dataset.confirm;
    var yes = b.cloneNode(true);
    yes.dataset.confirmed = "";
    yes.removeAttribute("id");
    yes.textContent = "Yes: " + b.textContent;
    var no = document.createElement("button");
    no.type = "button";
    no.textContent = "Cancel";
    no.addEventListener("click", function (c) { c.preventDefault(); box.remove(); b.focus(); });
    box.appendChild(q);
    box.appendChild(yes);
    box.appendChild(no);
    b.parentNode.insertBefore(box, b.nextSibling);
    yes.focus();
  }, true);

  // Undo from a phone: the seat's own newest action, while nothing happened after it; the
  // host's answer (or who acted since) is said at the top.
  document.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-undo]");
    if (!b) return;
    e.preventDefault();
    var said = document.getElementById("said");
    fetch("/api/undo", {
      method: "POST",
      headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
      body: JSON.stringify({ revision: revision() })
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        var text = r.ok ? "Undone: " + j.label : (j.error || "Not undone (" + r.status + ")");
        last = { key: "", text: text, ok: r.ok };
        if (said) { said.textContent = text; said.classList.toggle("bad", !r.ok); }
        if (r.ok || r.status === 409) refresh();
        if (r.status === 401) gone();
      });
    }).catch(function () {
      if (said) { said.textContent = "The host cannot be reached: nothing was undone."; said.classList.add("bad"); }
    });
  });

  document.addEventListener("click", function (e) {
    var b = e.target.closest("button[data-act]");
    if (!b) return;
    e.preventDefault();
    send(JSON.parse(b.dataset.act), b);
  });

  document.addEventListener("submit", function (e) {
    var f = e.target.closest("form[data-act]");
    if (!f) return;
    e.preventDefault();
    // A form with several outcomes: the tapped button carries its own action.
    var b = e.submitter;
    var action = b && b.dataset.send ? b.dataset.send : f.dataset.act;
    send(fill(JSON.parse(action), f), f);
  });

  document.addEventListener("focusout", function () {
    setTimeout(function () { if (behind) follow(); }, 0);
  });

  var events = new EventSource("/api/events?token=" + encodeURIComponent(token));
  events.addEventListener("revision", function (e) {
    live.textContent = "Live: changes appear here at once";
    live.className = "ok";
    // Connected (again): what waits in the outbox goes now.
    if (outbox().length) flush();
    // A lookup's answer holds still while the game moves (nothing moves under the finger).
    if (Number(e.data) !== revision()) follow();
  });
  events.onerror = function () {
    if (events.readyState === EventSource.CLOSED) gone();
    else { live.textContent = "Reconnecting…"; live.className = ""; }
  };
  waiting();
  if (outbox().length) retrySoon();

  // Staying awake while the page is open (docs/table-network.md, "Phones stay awake"): the
  // Screen Wake Lock where the browser offers it (only on HTTPS or localhost), else a muted
  // video playing (drawn from a canvas, nothing downloaded). Chrome keeps the screen on for a
  // playing video only while most of it is on screen and it fills at least a fifth of the
  // view (or is heard), so the video lies behind the whole page, all but transparent, and
  // never takes a tap. Safari on iPhones and iPads no longer keeps the screen on for a muted
  // video; there, and wherever the video is refused, the page says so plainly.
  var lock = null;
  var video = null;
  var tapped = false;
  var apple = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  function awakeNote(text) {
    var n = document.getElementById("awake");
    if (!text) { if (n) n.remove(); return; }
    if (!n) {
      n = document.createElement("p");
      n.id = "awake";
      n.className = "bad";
      n.setAttribute("role", "status");
      live.parentNode.insertBefore(n, live.nextSibling);
    }
    n.textContent = text;
  }
  function cannotStayAwake() {
    awakeNote("This phone may dim its screen while the game is on: set it to stay on longer " +
      "(iPhone: Settings, Display & Brightness, Auto-Lock; Android: Settings, Display, Screen timeout).");
  }
  function refused() {
    // Before any tap the browser may only be waiting for one; after a tap it will not play.
    if (tapped) cannotStayAwake();
    else awakeNote("Tap the page once to keep this phone's screen on while you play.");
  }
  function viaVideo() {
    var c = document.createElement("canvas");
    if (apple || !c.captureStream) { cannotStayAwake(); return; }
    c.width = 2; c.height = 2;
    var g = c.getContext("2d");
    if (!video) {
      video = document.createElement("video");
      video.muted = true;
      video.loop = true;
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");
      video.setAttribute("aria-hidden", "true");
      video.id = "awake-video";
      video.style.cssText = "position:fixed;top:0;left:0;width:100vw;height:100vh;object-fit:fill;" +
        "opacity:0.01;pointer-events:none;z-index:-1";
      video.srcObject = c.captureStream(1);
      document.body.appendChild(video);
      // A changing frame keeps the stream (and so the video) playing.
      var t = 0;
      setInterval(function () { t ^= 1; g.fillStyle = t ? "#fbfaf7" : "#fafaf7"; g.fillRect(0, 0, 2, 2); }, 1000);
    }
    var p = video.play();
    if (p && p.then) p.then(function () { awakeNote(null); }, refused);
  }
  function stayAwake() {
    if (document.visibilityState !== "visible") return;
    if (navigator.wakeLock && navigator.wakeLock.request) {
      navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        awakeNote(null);
      }, viaVideo);
    } else viaVideo();
  }
  stayAwake();
  // A video may only start after a tap on some phones; a lock is lost when the page hides.
  document.addEventListener("click", function () {
    tapped = true;
    if (!lock && (!video || video.paused)) stayAwake();
  });
  document.addEventListener("visibilitychange", function () { lock = null; stayAwake(); });
})();
