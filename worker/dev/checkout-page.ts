// The test gateway's browser side (local mode only, docs/decisions/031): a stand-in for Razorpay's
// checkout.js that defines window.Razorpay with Checkout's interface (new Razorpay(options), on, open, close)
// and opens a dialog where the payer chooses success, failure or dismissal. The choice goes to
// POST /dev/razorpay/pay (worker/dev/test-gateway.ts), which answers as Checkout's handler would be called.
// Served as /dev/razorpay/checkout.js; plain ES5 in a string so that it runs as is in any browser.
export const CHECKOUT_JS = `// Samiti's local stand-in for https://checkout.razorpay.com/v1/checkout.js (test gateway, local mode only).
(function () {
  'use strict';
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this._handlers = {};
  }
  Razorpay.prototype.on = function (event, fn) {
    (this._handlers[event] = this._handlers[event] || []).push(fn);
    return this;
  };
  Razorpay.prototype._emit = function (event, arg) {
    (this._handlers[event] || []).forEach(function (fn) { fn(arg); });
  };
  Razorpay.prototype.close = function () {
    if (this._root) { this._root.remove(); this._root = null; }
  };
  Razorpay.prototype._pay = function (outcome) {
    var self = this;
    var o = self.options;
    self._busy(true);
    return fetch('/dev/razorpay/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: o.key, order_id: o.order_id, outcome: outcome, email: o.prefill && o.prefill.email }),
    }).then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
      .then(function (r) {
        self.close();
        if (outcome === 'success' && r.ok && !r.body.error) { if (typeof o.handler === 'function') o.handler(r.body); }
        else self._emit('payment.failed', { error: r.body.error || { code: 'GATEWAY_ERROR', description: 'Payment failed' } });
      })
      .catch(function () {
        self.close();
        self._emit('payment.failed', { error: { code: 'GATEWAY_ERROR', description: 'Network error', metadata: { order_id: o.order_id } } });
      });
  };
  Razorpay.prototype._busy = function (busy) {
    if (!this._root) return;
    this._root.querySelectorAll('button').forEach(function (b) { b.disabled = busy; });
  };
  Razorpay.prototype.open = function () {
    var self = this;
    var o = self.options;
    self.close();
    var root = document.createElement('div');
    root.setAttribute('data-testid', 'razorpay-test-checkout');
    root.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(10,10,30,.6);display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif';
    var box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', 'Razorpay test checkout');
    box.style.cssText = 'background:#fff;color:#111;border-radius:12px;padding:20px;width:min(92vw,360px);box-shadow:0 8px 30px rgba(0,0,0,.35)';
    var h = document.createElement('h2');
    h.textContent = 'Test payment';
    h.style.cssText = 'margin:0 0 6px;font-size:1.2rem';
    var who = document.createElement('p');
    who.textContent = (o.name || '') + (o.description ? ' \\u00b7 ' + o.description : '');
    var amt = document.createElement('p');
    amt.setAttribute('data-testid', 'razorpay-amount');
    amt.textContent = 'Amount: \\u20b9' + ((Number(o.amount) || 0) / 100).toFixed(2) + ' ' + (o.currency || 'INR');
    amt.style.fontWeight = '600';
    var note = document.createElement('p');
    note.textContent = 'Built-in test gateway: no money moves. Choose what the payer does.';
    note.style.cssText = 'font-size:.85rem;color:#555';
    box.append(h, who, amt, note);
    function button(label, bg, fn) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.style.cssText = 'display:block;width:100%;margin:8px 0 0;padding:10px;border-radius:8px;border:1px solid #999;font-size:1rem;cursor:pointer;background:' + bg;
      b.addEventListener('click', fn);
      box.append(b);
      return b;
    }
    button('Pay successfully', '#2f9e44;color:#fff', function () { self._pay('success'); });
    button('Fail the payment', '#e03131;color:#fff', function () { self._pay('failure'); });
    button('Close (dismiss)', '#f1f3f5', function () {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    });
    root.append(box);
    document.body.append(root);
    self._root = root;
  };
  window.Razorpay = Razorpay;
})();
`;
