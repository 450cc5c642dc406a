// Web push in the PWA's service worker (docs/decisions/232): workbox's generated sw.js imports this file
// (vite.config.ts workbox.importScripts), so that precaching and updates stay as they were. The Worker sends
// {title, body, url, tag, stop: {url, label}} (worker/services/channels/deliveries.ts), encrypted for this browser.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const stop = data.stop?.url ? data.stop : null;
  event.waitUntil(
    self.registration.showNotification(data.title || 'Samiti', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: data.url || '/profile', stop: stop ? stop.url : null },
      actions: stop ? [{ action: 'stop', title: stop.label }] : [],
    }),
  );
});

// A tap opens the message's page (a pass, the profile, a renewal) in the app's window if one is open; the "stop"
// action opens the signed one-tap opt-out page for this kind of message on push.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const d = event.notification.data || {};
  const url = new URL(event.action === 'stop' && d.stop ? d.stop : d.url || '/profile', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const mine = windows.find((w) => new URL(w.url).origin === self.location.origin && 'navigate' in w);
      return mine ? mine.navigate(url).then((w) => (w || mine).focus()) : self.clients.openWindow(url);
    }),
  );
});
