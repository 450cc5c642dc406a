// The one script a prerendered page names (docs/decisions/173): it loads the app's code once the page has been
// painted. The first screen needs none of that code, so it does not compete with the page's own HTML, fonts and
// images, and React takes the page over right after. The code's tags wait, inert, in <template id="app-code">
// (written there by scripts/vite-prerender.mjs); appended to the document they load and run as written.
(() => {
  const code = document.getElementById('app-code');
  if (!(code instanceof HTMLTemplateElement)) return;
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    document.head.append(code.content.cloneNode(true));
  };
  // whatever happens below, the app loads
  setTimeout(load, 1500);
  // a hidden page is not painted; a browser that cannot tell when it painted waits for the first frame instead
  if (document.visibilityState !== 'visible') load();
  else if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      load();
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => setTimeout(load, 0));
})();
