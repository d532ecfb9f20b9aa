/*
 * The service worker of the installable app (issue 21), registered by app/entry.client.tsx.
 *
 * Written by hand, not with a library such as Workbox: it caches one thing, the offline
 * page, and never a page or an answer of the app, because those are one person's data
 * and a shared computer's next user must not get them. With so little to do, a caching
 * library would be more code to trust than this file. Sign-out clears even the offline
 * page (Clear-Site-Data in app/web/auth.server.ts), and the next page registers us again.
 *
 * - Navigations go to the network (started while the worker wakes: navigation preload);
 *   when the network is gone, the offline page answers instead.
 * - A push (app/models/push-notices.server.ts) shows its notification; a click on it
 *   focuses a window already on that space's chat, or opens one. A subscription the push
 *   service renews is handed to the server again.
 */
const CACHE = "offline-v1";
const OFFLINE_URL = "/offline.html";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: "reload" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // An earlier version's cache.
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  // Only page loads; a form posted without JavaScript, assets and data requests go by as if we were not here.
  if (event.request.mode !== "navigate" || event.request.method !== "GET") return;
  event.respondWith(
    (async () => {
      try {
        return (await event.preloadResponse) || (await fetch(event.request));
      } catch {
        return (await caches.match(OFFLINE_URL)) || Response.error();
      }
    })(),
  );
});

self.addEventListener("push", (event) => {
  let push = null;
  try {
    push = event.data && event.data.json();
  } catch {
    // Not ours to read; the browser requires a notification all the same.
  }
  const title = (push && push.title) || "Agency Workspace";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: (push && push.body) || "",
      icon: "/icons/icon-192.png",
      // One notification per space: a newer message replaces the one before, and says so.
      tag: (push && push.tag) || undefined,
      renotify: Boolean(push && push.tag),
      data: { url: (push && push.url) || "/" },
    }),
  );
});

// The push service renewed the subscription (or ended it): the session keeps the new one, as
// the Settings card would (app/routes/resources.push-subscription.tsx), so pushes keep coming.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription && event.oldSubscription.options;
      const renewed = event.newSubscription || (options && (await self.registration.pushManager.subscribe(options)));
      if (!renewed) return;
      const { endpoint, keys } = renewed.toJSON();
      await fetch("/resources/push-subscription", {
        method: "POST",
        body: new URLSearchParams({ intent: "subscribe", endpoint, p256dh: keys.p256dh, auth: keys.auth }),
      });
    })(),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin);
  // Only the app's own pages.
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((client) => new URL(client.url).pathname === url.pathname);
      if (same) return same.focus();
      return self.clients.openWindow(url.href);
    })(),
  );
});
