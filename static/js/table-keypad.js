// The table page's keypad (templates/table/_keypad.html) and the score before saving.
// A file, not an inline script: the content security policy allows scripts from 'self' only.
// Progressive enhancement: without JavaScript the keypad stays hidden and the boxes of the
// form are the whole entry.  Every button only writes into those boxes; the form posts as
// typed.  The score shown is the server's (POST to data-score-url: the scoring engine), never
// computed here; on a Swiss sheet the board's IMPs too (tournament.swiss.selectors.board_preview).
(function () {
  "use strict";
  const RESULT = /^([1-7])(NT|N|C|D|H|S)(X{0,2})\s+([NESW])\s+(=|[+-]\d{1,2})$/;

  function press(group, button) {
    group.querySelectorAll("button").forEach(function (b) {
      b.setAttribute("aria-pressed", b === button ? "true" : "false");
    });
  }

  function changed(input) {
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // Buttons that set one field (whist tricks, auction honours).
  function setKeypad(group) {
    const input = document.getElementById(group.dataset.kpSet);
    if (!input) return;
    const sync = function () {
      const match = group.querySelector('button[data-value="' + input.value + '"]');
      press(group, match && input.value !== "" ? match : null);
    };
    group.addEventListener("click", function (evt) {
      const button = evt.target.closest("button");
      if (!button) return;
      input.value = button.dataset.value;
      press(group, button);
      changed(input);
    });
    input.addEventListener("input", sync);
    sync();
  }

  // The contract keypad: level, strain, doubling, declarer, tricks; or PASS, or an artificial score.
  function contractKeypad(pad) {
    const input = document.getElementById(pad.dataset.kpContract);
    if (!input) return;
    const missing = pad.querySelector(".kp-missing");
    let state = {};

    function buttons(kind) {
      return pad.querySelectorAll('button[data-kp="' + kind + '"]');
    }

    function show() {
      ["level", "strain", "double", "declarer", "tricks"].forEach(function (kind) {
        buttons(kind).forEach(function (b) {
          b.setAttribute("aria-pressed", state[kind] === b.dataset.value ? "true" : "false");
        });
      });
      buttons("pass").forEach(function (b) {
        b.setAttribute("aria-pressed", state.special === "PASS" ? "true" : "false");
      });
      buttons("artificial").forEach(function (b) {
        b.setAttribute("aria-pressed", state.special === b.dataset.value ? "true" : "false");
      });
      // A level leaves 14 possible outcomes: down (level + 6) to over (7 - level).
      const level = parseInt(state.level || "0", 10);
      buttons("tricks").forEach(function (b) {
        const d = parseInt(b.dataset.value, 10);
        b.hidden = level > 0 && (d < -(level + 6) || d > 7 - level);
      });
      const need = [];
      if (!state.special) {
        if (!state.level) need.push("level");
        if (!state.strain) need.push("strain");
        if (!state.declarer) need.push("declarer");
        if (state.tricks === undefined) need.push("tricks");
      }
      const started = state.special || state.level || state.strain || state.declarer || state.tricks !== undefined;
      missing.textContent = started && need.length ? "Still to choose: " + need.join(", ") + "." : "";
    }

    function text() {
      if (state.special) return state.special;
      const d = state.tricks === undefined ? "" : parseInt(state.tricks, 10);
      const tail = d === "" ? "" : d === 0 ? "=" : d > 0 ? "+" + d : String(d);
      const contract = (state.level || "") + (state.strain || "") + (state.double || "");
      return [contract, state.declarer || "", tail].join(" ").replace(/\s+/g, " ").trim();
    }

    // What is typed in the box shows on the keypad too (a refused post keeps it).
    function read() {
      const raw = input.value.trim().toUpperCase();
      const m = RESULT.exec(raw);
      if (m) {
        const d = m[5] === "=" ? 0 : parseInt(m[5], 10);
        state = { level: m[1], strain: m[2] === "N" ? "NT" : m[2], double: m[3] || undefined,
                  declarer: m[4], tricks: String(d) };
      } else if (raw === "PASS" || pad.querySelector('button[data-kp="artificial"][data-value="' + raw + '"]')) {
        state = { special: raw };
      } else {
        state = {};
      }
      show();
      missing.textContent = "";
    }

    pad.addEventListener("click", function (evt) {
      const button = evt.target.closest("button[data-kp]");
      if (!button) return;
      const kind = button.dataset.kp, value = button.dataset.value;
      if (kind === "pass" || kind === "artificial") {
        state = state.special === value ? {} : { special: value };
      } else {
        delete state.special;
        state[kind] = kind === "double" && state.double === value ? undefined : value;
        if (kind === "level" && state.tricks !== undefined) {
          const d = parseInt(state.tricks, 10), level = parseInt(value, 10);
          if (d < -(level + 6) || d > 7 - level) state.tricks = undefined;
        }
      }
      input.value = text();
      show();
      changed(input);
    });
    input.addEventListener("input", function (evt) {
      if (evt.isTrusted) read();
    });
    read();
  }

  // The score before saving: asked of the server whenever the entry changes.  One preview a
  // form on the pairs' page; one a board on a Swiss sheet (data-preview-board: the board,
  // its own inputs only, in the board's data-preview-scope; the page came with it filled).
  function preview(form, out) {
    const scope = out.closest("[data-preview-scope]") || form;
    const inputs = out.dataset.previewInputs || "input[name$='-result'], input[name$='-tricks_ns']";
    let timer = null, asked = 0;
    function ask() {
      const filled = Array.prototype.some.call(
        scope.querySelectorAll(inputs), function (el) { return el.value.trim() !== ""; });
      if (!filled) {
        out.hidden = true;
        out.textContent = "";
        return;
      }
      const mine = ++asked;
      const body = new FormData(form);
      if (out.dataset.previewBoard) body.set("preview", out.dataset.previewBoard);
      fetch(out.dataset.scoreUrl, {
        method: "POST", body: body, credentials: "same-origin",
        headers: { "X-CSRFToken": form.querySelector("input[name=csrfmiddlewaretoken]").value },
      }).then(function (response) {
        return response.text();
      }).then(function (html) {
        if (mine !== asked) return;  // a later tap has asked again
        out.innerHTML = html;  // the server's escaped fragment (templates/table/_score.html)
        out.hidden = false;
      }).catch(function () {
        if (mine !== asked) return;
        out.textContent = "The score could not be fetched (no connection?). Saving still works.";
        out.hidden = false;
      });
    }
    scope.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 250);
    });
    scope.addEventListener("change", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 50);
    });
    if (!out.dataset.previewBoard) ask();
  }

  // A Swiss sheet on a phone: one keypad open, the line being entered (.sheet-line); the
  // other lines offer a button to open theirs.  Opening a board opens its first empty line.
  function oneKeypad(form) {
    const lines = form.querySelectorAll(".sheet-line");
    if (!lines.length) return;
    function activate(line) {
      lines.forEach(function (l) {
        const on = l === line, pad = l.querySelector(".keypad"), open = l.querySelector(".kp-open");
        if (pad) pad.hidden = !on;
        if (open) {
          open.hidden = on;
          open.setAttribute("aria-expanded", on ? "true" : "false");
        }
      });
    }
    function firstOf(board) {
      const all = board.querySelectorAll(".sheet-line");
      return Array.prototype.find.call(all, function (l) {
        return l.querySelector("input[type=text]").value.trim() === "";
      }) || all[0];
    }
    form.addEventListener("click", function (evt) {
      const open = evt.target.closest(".kp-open");
      if (open) activate(open.closest(".sheet-line"));
    });
    form.addEventListener("focusin", function (evt) {
      if (evt.target.matches("input[type=text]")) activate(evt.target.closest(".sheet-line"));
    });
    form.addEventListener("toggle", function (evt) {  // toggle does not bubble: captured
      if (evt.target.open) activate(firstOf(evt.target));
    }, true);
    const opened = form.querySelector("details.board-entry[open]");
    activate(opened ? firstOf(opened) : null);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.entry-form").forEach(function (form) {
      // one keypad a board on the pairs' page; one a line on a Swiss teams sheet
      form.querySelectorAll(".keypad").forEach(function (pad) {
        pad.hidden = false;
        pad.querySelectorAll("[data-kp-contract]").forEach(contractKeypad);
        pad.querySelectorAll("[data-kp-set]").forEach(setKeypad);
      });
      form.querySelectorAll("output.deal-preview").forEach(function (out) {
        preview(form, out);
      });
      oneKeypad(form);
    });
  });
})();
