// The one script a prerendered page names (docs/decisions/173): it loads the app's code once the page has been
// painted. The first screen needs none of that code, so it does not compete with the page's own HTML, fonts and
// images, and React takes the page over right after. The code's tags wait, inert, in <template id="app-code">
// (written there by scripts/vite-prerender.mjs); appended to the document they load and run as written.
//
// Until then a tap on a button does nothing and a form would be sent by the browser itself (a reload): the last
// tapped button and the last sent form are kept, and handed to the app when web/main.tsx says it has taken the page
// over ('app:started'), so that a visitor's first tap is not lost.
(() => {
  const code = document.getElementById('app-code');
  if (!(code instanceof HTMLTemplateElement)) return;

  /** @type {HTMLButtonElement | null} */
  let tapped = null;
  /** @type {{ form: HTMLFormElement, submitter: HTMLElement | null } | null} */
  let sent = null;
  /** @param {Event} e */
  const onClick = (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    // a form's own submit button sends the form: kept below as the form
    if (!button || button.disabled || (button.type === 'submit' && button.form)) return;
    tapped = button;
  };
  /** @param {Event} e */
  const onSubmit = (e) => {
    if (!(e.target instanceof HTMLFormElement)) return;
    e.preventDefault();
    sent = { form: e.target, submitter: e instanceof SubmitEvent ? e.submitter : null };
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener(
    'app:started',
    (e) => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      // a page that React drew anew (another language) no longer holds what was tapped
      if (!(e instanceof CustomEvent && e.detail?.hydrating)) return;
      if (tapped?.isConnected && !tapped.disabled) tapped.click();
      // through its button: a click makes React take that part over at once, then the browser sends the form
      // to it; a bare submit event would reach a part React has not hydrated yet, and be lost
      if (sent?.form.isConnected) {
        if (sent.submitter?.isConnected) sent.submitter.click();
        else sent.form.requestSubmit();
      }
    },
    { once: true },
  );

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
