// "Notify this browser": registers the service worker, asks the browser for
// permission and a push subscription with the site's VAPID key, and hands
// the subscription to the server. The box stays hidden where the browser
// cannot do it; its texts come from the page, in the reader's language.
"use strict";

(function () {
  const box = document.getElementById("push");
  if (!box) return;
  const button = box.querySelector("button");
  const status = box.querySelector("[data-status]");
  const capable =
    "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (!capable || !box.dataset.key) return;
  box.hidden = false;

  function say(name) {
    status.textContent = box.dataset[name] || "";
  }

  function applicationServerKey(text) {
    const padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  async function subscribe() {
    button.disabled = true;
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        say("denied");
        return;
      }
      const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      let subscription = await registration.pushManager.getSubscription();
      if (!subscription) {
        subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKey(box.dataset.key),
        });
      }
      const body = subscription.toJSON();
      const answer = await fetch("/api/v1/me/push-subscriptions", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": box.dataset.csrf },
        body: JSON.stringify({ endpoint: body.endpoint, keys: body.keys }),
      });
      say(answer.ok ? "done" : "failed");
    } catch (e) {
      say("failed");
    } finally {
      button.disabled = false;
    }
  }

  button.addEventListener("click", subscribe);
})();
