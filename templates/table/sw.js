// The table phone's service worker (served at /t/sw.js, scope /t/): the table's page, its
// round's boards, the keypad and the styles keep working when the club's Wi-Fi is down.
// - A table's page (GET /t/<code>/): from the network, kept in the cache; from the cache when
//   the network fails (the page was loaded once this round).
// - Static files: from the cache, refreshed from the network behind it.
// - A result or O.K. posted to the page when the network fails is not lost: it is put on the
//   phone's queue (IndexedDB, the same one static/js/table-offline.js keeps) and the page is
//   shown again from the cache, with the write "waiting to send".
"use strict";
const CACHE = "table-v1";
const DB_NAME = "table-queue";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (evt) { evt.waitUntil(self.clients.claim()); });

// The page asks for the files it was built from to be kept (it was loaded before this worker
// took control of it).
self.addEventListener("message", function (evt) {
  if (!evt.data || evt.data.type !== "keep") return;
  evt.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(evt.data.urls.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (response.ok) return cache.put(url, response);
      }).catch(function () {});
    }));
  }));
});

function isTablePage(url) {
  return /^\/t\/[^/]+\/$/.test(url.pathname);
}

self.addEventListener("fetch", function (evt) {
  const url = new URL(evt.request.url);
  if (url.origin !== self.location.origin) return;
  if (evt.request.method === "GET" && isTablePage(url)) {
    evt.respondWith(fetch(evt.request).then(function (response) {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
      }
      return response;
    }).catch(function () {
      return caches.match(url.pathname).then(function (hit) {
        return hit || new Response("This table's page has not been loaded on this phone yet: " +
          "connect to the club's Wi-Fi once.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      });
    }));
    return;
  }
  if (evt.request.method === "GET" && (url.pathname.startsWith("{{ static_prefix }}") || url.pathname.endsWith(".webmanifest"))) {
    evt.respondWith(caches.open(CACHE).then(function (cache) {
      return cache.match(evt.request).then(function (hit) {
        const fresh = fetch(evt.request).then(function (response) {
          if (response.ok) cache.put(evt.request, response.clone());
          return response;
        });
        return hit || fresh;
      });
    }));
    return;
  }
  if (evt.request.method === "POST" && isTablePage(url)) {
    const copy = evt.request.clone();
    evt.respondWith(fetch(evt.request).catch(function () {
      return copy.formData().then(function (form) {
        return queueForm(url, form);
      }).then(function () {
        return Response.redirect(url.pathname, 303);
      });
    }));
  }
});

// The same item static/js/table-offline.js makes from a form.
function queueForm(url, form) {
  const token = url.pathname.split("/")[2];
  const item = { token: token, client_id: self.crypto.randomUUID(), at: new Date().toISOString() };
  if (form.get("action") === "confirm") {
    item.kind = "confirm";
    item.round = parseInt(form.get("round"), 10);
    item.versions = {};
    for (const [key, value] of form.entries()) {
      if (/^v\d+$/.test(key)) item.versions[key.slice(1)] = /^\d+$/.test(value) ? parseInt(value, 10) : value;
    }
  } else {
    item.kind = "result";
    item.fields = {};
    for (const [key, value] of form.entries()) {
      const m = /^b(\d+)-(\w+)$/.exec(key);
      if (!m) continue;
      if (["board", "ns", "ew", "round", "version"].indexOf(m[2]) >= 0) item[m[2]] = parseInt(value, 10) || 0;
      else item.fields[m[2]] = value;
    }
  }
  return new Promise(function (resolve, reject) {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = function () {
      const db = open.result;
      db.createObjectStore("items", { keyPath: "seq", autoIncrement: true });
      db.createObjectStore("problems", { keyPath: "client_id" });
    };
    open.onerror = function () { reject(open.error); };
    open.onsuccess = function () {
      const tx = open.result.transaction("items", "readwrite");
      tx.objectStore("items").add(item);
      tx.oncomplete = function () { resolve(); };
      tx.onerror = function () { reject(tx.error); };
    };
  });
}
