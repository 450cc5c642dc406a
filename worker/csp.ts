/** Only what the app and Razorpay's checkout need. The same policy is in web/public/_headers for static files. */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  // the one inline script, web/prerender/after-paint.js on the prerendered pages, by its hash (docs/decisions/180;
  // the build names the new hash when that file changes)
  scriptSrc: ["'self'", "'sha256-AOeqaJT4OOGeEw6ljxZdqIbXaN/6BmjP7SMmVJvMwY0='", 'https://checkout.razorpay.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://*.razorpay.com'],
  connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'", 'https://api.razorpay.com'],
  frameAncestors: ["'none'"],
};
