// The site's service worker: shows what the server pushes (Web Push) and
// opens the notification's page on a click. Served at /sw.js, scope "/".
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let data = {};
  if (event.data) {
    try {
      data = event.data.json();
    } catch (e) {
      data = { body: event.data.text() };
    }
  }
  const title = data.title || "cc";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.tag,
      lang: data.lang,
      data: { url: data.url || "/" },
    })
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let target = new URL("/", self.location.origin);
  try {
    const given = new URL((event.notification.data || {}).url || "/", self.location.origin);
    // Only pages of this site: a push names where to go, never elsewhere.
    if (given.origin === self.location.origin) target = given;
  } catch (e) {
    // a malformed link opens the site's home
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (w.url === target.href && "focus" in w) return w.focus();
      }
      return self.clients.openWindow(target.href);
    })
  );
});
