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
        // Caught up: "The game moved" no longer holds.
        if (!behind && live.className !== "bad" && events.readyState === EventSource.OPEN) {
          live.textContent = "Live: changes appear here at once";
          live.className = "ok";
        }
        open.forEach(function (id) {
          var d = document.getElementById(id);
          if (d) d.open = true;
        });
        showLast();
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

  function send(action, el) {
    var key = el.dataset.act;
    sayAfter(el, "Sending…", true);
    fetch("/api/act", {
      method: "POST",
      headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
      body: JSON.stringify({ action: action, revision: revision() })
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        var ok = r.ok;
        var text = ok ? "Done: " + j.label : (j.error || "Refused (" + r.status + ")");
        last = { key: key, text: text, ok: ok };
        // The live update may have swapped the page before this answer came: said on the new one.
        if (main.contains(el)) sayAfter(el, text, ok); else showLast();
        // Acted from a lookup's answer: back to the seat's sheet, the answer said there.
        var fromLookup = ok && main.dataset.follow === "no";
        if (fromLookup) history.replaceState(null, "", "/seat/" + token);
        // A sent form's typed values are done with: the new view replaces them.
        if (r.status === 409 || (ok && (behind || fromLookup || el.tagName === "FORM"))) {
          behind = false;
          refresh().then(function () {
            // A sent form's result (a card drawn) is at the top of the page: shown there.
            var top = ok && el.tagName === "FORM" && document.getElementById("now");
            if (top) { closeHeroes(); top.scrollIntoView(); }
          });
        }
        if (r.status === 401) gone();
      });
    }).catch(function () {
      sayAfter(el, "Not sent: the host cannot be reached.", false);
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
    // A lookup's answer holds still while the game moves (nothing moves under the finger).
    if (Number(e.data) !== revision()) follow();
  });
  events.onerror = function () {
    if (events.readyState === EventSource.CLOSED) gone();
    else { live.textContent = "Reconnecting…"; live.className = ""; }
  };
})();
