// The table's phone when the club's Wi-Fi comes and goes (see docs/players.md).
// - Registers the service worker (/t/sw.js) that keeps this page, its boards and keypad.
// - A result or the opponents' O.K. saved while offline (or while older ones still wait) goes
//   on the phone's queue (IndexedDB) and is shown as "waiting to send"; the queue is sent in
//   order to /t/<code>/sync/ when the connection returns, each item under its own client id
//   so that a retry stores it once.  A conflict or a refusal is kept and shown, never dropped.
// - The status line says online/offline, how many writes wait, and when the phone last synced.
(function () {
  "use strict";
  const DB_NAME = "table-queue";
  const HEARTBEAT_MS = 20000;
  const bar = document.getElementById("sync-status");
  if (!bar || !window.indexedDB) return;
  const token = bar.dataset.token;
  const syncUrl = bar.dataset.syncUrl;
  const lastKey = "table-last-sync-" + token;
  let syncing = false;

  function openDb() {
    return new Promise(function (resolve, reject) {
      const open = indexedDB.open(DB_NAME, 1);
      open.onupgradeneeded = function () {
        const db = open.result;
        db.createObjectStore("items", { keyPath: "seq", autoIncrement: true });
        db.createObjectStore("problems", { keyPath: "client_id" });
      };
      open.onsuccess = function () { resolve(open.result); };
      open.onerror = function () { reject(open.error); };
    });
  }

  function all(store) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = function () {
          resolve(req.result.filter(function (i) { return i.token === token; }));
        };
        req.onerror = function () { reject(req.error); };
      });
    });
  }

  function write(fn) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        const tx = db.transaction(["items", "problems"], "readwrite");
        fn(tx.objectStore("items"), tx.objectStore("problems"));
        tx.oncomplete = function () { resolve(); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }

  // A form of the page as a queued item (the service worker builds the same).
  function itemOf(form) {
    const data = new FormData(form);
    const item = { token: token, client_id: newId(), at: new Date().toISOString() };
    if (data.get("action") === "confirm") {
      item.kind = "confirm";
      item.round = parseInt(data.get("round"), 10);
      item.versions = {};
      for (const [key, value] of data.entries()) {
        if (/^v\d+$/.test(key)) item.versions[key.slice(1)] = /^\d+$/.test(value) ? parseInt(value, 10) : value;
      }
      return item;
    }
    item.kind = "result";
    item.fields = {};
    for (const [key, value] of data.entries()) {
      const m = /^b(\d+)-(\w+)$/.exec(key);
      if (!m) continue;
      if (["board", "ns", "ew", "round", "version"].indexOf(m[2]) >= 0) item[m[2]] = parseInt(value, 10) || 0;
      else item.fields[m[2]] = value;
    }
    return item;
  }

  // A newer unsent entry of the same board replaces the older one (it was never sent).
  function enqueue(item) {
    return all("items").then(function (items) {
      return write(function (store) {
        items.forEach(function (old) {
          if (item.kind === "result" && old.kind === "result" && old.round === item.round && old.board === item.board) {
            store.delete(old.seq);
          }
        });
        store.add(item);
      });
    });
  }

  function clock(iso) {
    if (!iso) return "never";
    return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  }

  function text(item) {
    const f = item.fields || {};
    return f.result || (f.tricks_ns !== undefined && f.tricks_ns !== "" ? f.tricks_ns + " tricks to N-S" : "");
  }

  // What the page shows of the queue: each board's queued result, the O.K., the status line.
  function show() {
    return Promise.all([all("items"), all("problems")]).then(function (both) {
      const items = both[0], problems = both[1];
      const online = navigator.onLine;
      const oldest = items.length ? items[0].at : null;
      bar.hidden = false;
      bar.dataset.waiting = String(items.length);
      bar.classList.toggle("offline", !online);
      bar.textContent = (online ? "Online" : "Offline") + " · " +
        (items.length ? items.length + " waiting to send (since " + clock(oldest) + "), on this phone only:" +
          " do not clear the browser's data" : "nothing waiting to send") +
        " · last sync " + clock(localStorage.getItem(lastKey));
      document.querySelectorAll("[data-queued-board]").forEach(function (el) {
        const mine = items.filter(function (i) { return i.kind === "result" && String(i.board) === el.dataset.queuedBoard; });
        el.hidden = !mine.length;
        el.textContent = mine.length ? "Waiting to send: " + text(mine[mine.length - 1]) + " (kept on this phone)" : "";
      });
      showOk(items);
      const box = document.getElementById("sync-problems");
      if (box) {
        box.hidden = !problems.length;
        const list = box.querySelector("ul");
        list.textContent = "";
        problems.forEach(function (p) {
          const li = document.createElement("li");
          li.className = "sync-" + p.outcome;
          li.textContent = p.description;
          list.appendChild(li);
        });
      }
      return items;
    });
  }

  function showOk(items) {
    const ok = document.getElementById("ok-form");
    if (!ok) return;
    const confirmed = items.some(function (i) { return i.kind === "confirm"; });
    const boards = Array.prototype.map.call(document.querySelectorAll("[data-board]"), function (el) {
      const queued = items.filter(function (i) { return i.kind === "result" && String(i.board) === el.dataset.board; });
      return { el: el, queued: queued[queued.length - 1], stored: el.dataset.stored === "1" };
    });
    const allIn = boards.length && boards.every(function (b) { return b.stored || b.queued; });
    const pending = document.getElementById("ok-pending");
    const waiting = document.getElementById("ok-waiting");
    ok.hidden = !allIn || confirmed;
    if (pending) pending.hidden = !!allIn;
    if (waiting) waiting.hidden = !confirmed;
    boards.forEach(function (b) {
      const row = document.getElementById("ok-board-" + b.el.dataset.board);
      const version = ok.querySelector('input[name="v' + b.el.dataset.board + '"]');
      if (b.queued) {
        if (row) {
          row.cells[1].textContent = text(b.queued);
          row.cells[2].textContent = "(scored when sent)";
          row.cells[3].textContent = "";
        }
        if (version) version.value = b.queued.client_id;
      }
    });
    document.querySelectorAll("form.entry-form").forEach(function (f) { f.hidden = confirmed; });
  }

  function describe(item, answer) {
    const where = item.kind === "confirm" ? "The O.K. of round " + item.round : "Board " + item.board + " (" + text(item) + ")";
    if (answer.outcome === "conflict") {
      const now = answer.current ? " The result kept is " + answer.current.text + "." : "";
      return where + " was not stored: " + (answer.message || "it conflicts with the stored result.") + now + " Call the director.";
    }
    const errors = answer.errors || {};
    const messages = Object.keys(errors).map(function (k) { return [].concat(errors[k]).join(" "); }).join(" ");
    return where + " was refused: " + messages;
  }

  function sync() {
    if (syncing || !navigator.onLine) return show();
    syncing = true;
    return all("items").then(function (items) {
      const body = { queue: { count: items.length, oldest: items.length ? items[0].at : null },
                     items: items.map(function (i) { const c = Object.assign({}, i); delete c.seq; delete c.token; return c; }) };
      return fetch(syncUrl, { method: "POST", credentials: "same-origin", body: JSON.stringify(body),
                              headers: { "Content-Type": "application/json" } })
        .then(function (response) {
          return response.json().then(function (json) { return { ok: response.ok, json: json }; });
        })
        .then(function (reply) {
          if (!reply.ok) {
            bar.dataset.refused = reply.json.message || "";
            return false;
          }
          localStorage.setItem(lastKey, new Date().toISOString());
          const answers = reply.json.answers || [];
          let stored = 0;
          return write(function (store, problems) {
            answers.forEach(function (answer, n) {
              const item = items[n];
              if (!item || answer.client_id !== item.client_id) return;
              store.delete(item.seq);
              if (answer.outcome === "conflict" || answer.outcome === "invalid") {
                problems.put({ token: token, client_id: item.client_id, outcome: answer.outcome,
                               description: describe(item, answer), item: item });
              } else {
                stored += 1;
              }
            });
          }).then(function () { return stored > 0; });
        });
    }).catch(function () {
      return false;  // no connection after all: the queue stays as it is
    }).then(function (changed) {
      syncing = false;
      return show().then(function (items) {
        if (changed && !items.length && !typing()) location.reload();
      });
    });
  }

  function typing() {
    return Array.prototype.some.call(document.querySelectorAll("form.entry-form input[type=text]"), function (el) {
      return el.value.trim() !== "";
    });
  }

  document.addEventListener("submit", function (evt) {
    const form = evt.target;
    if (!form.matches("form.entry-form, #ok-form")) return;
    all("items").then(function (items) {
      if (navigator.onLine && !items.length) {
        form.submit();  // online with nothing waiting: the page's own post, as before
        return;
      }
      const item = itemOf(form);
      if (item.kind === "result" && !text(item)) {
        const out = form.querySelector("output.deal-preview");
        if (out) { out.hidden = false; out.textContent = "Enter the result first."; }
        return;
      }
      if (item.kind === "confirm" && !form.querySelector("input[name=ok]").checked) {
        form.querySelector("input[name=ok]").focus();
        return;
      }
      return enqueue(item).then(function () {
        if (item.kind === "result") form.reset();
        return sync();
      });
    });
    evt.preventDefault();
  });

  window.addEventListener("online", sync);
  window.addEventListener("offline", show);
  window.addEventListener("beforeunload", function (evt) {
    if (bar.dataset.waiting !== "0" && !navigator.onLine) {
      evt.preventDefault();
      evt.returnValue = "Results are waiting to be sent from this phone.";
    }
  });
  setInterval(sync, HEARTBEAT_MS);
  document.addEventListener("live:results", function () {
    all("items").then(function (items) { if (!items.length && !typing() && !syncing) location.reload(); });
  });

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(bar.dataset.swUrl, { scope: "/t/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      const urls = [location.pathname];
      document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=manifest]").forEach(function (el) {
        urls.push(el.getAttribute("src") || el.getAttribute("href"));
      });
      reg.active.postMessage({ type: "keep", urls: urls });
    }).catch(function () {});
  }
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
  show().then(function (items) { bar.dataset.waiting = String(items.length); sync(); });
})();
