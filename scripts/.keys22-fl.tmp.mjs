const { bundleSizes } = await import('./bench-frontend.mjs');
const r = bundleSizes(process.argv[2]);
console.log(JSON.stringify(r, null, 0).slice(0, 1500));
