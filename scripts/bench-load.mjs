// The load generator of `npm run bench`, run as its own process so that it does not share an event loop
// with the orchestrator: autocannon at a fixed concurrency for a fixed time (or a fixed number of requests,
// for calls that use something up, such as marking a pass collected).
//
//   node scripts/bench-load.mjs <plan.json>   ->  one JSON line on stdout
//
// plan: { url, path, connections, duration?, amount?, bodies: string[], tokens: (string|null)[], raw? }
// Request i sends bodies[i % bodies.length] with tokens[i % tokens.length]. Latencies are recorded per
// response at full (sub-millisecond) precision, errors included, and summarised here.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const bodies = plan.bodies?.length ? plan.bodies : ['{}'];
const tokens = plan.tokens?.length ? plan.tokens : [null];
let next = 0;

const latencies = [];
const statuses = {};

const instance = autocannon({
  url: plan.url,
  connections: plan.connections,
  ...(plan.amount ? { amount: plan.amount } : { duration: plan.duration }),
  timeout: 30,
  requests: [
    {
      method: 'POST',
      path: plan.path,
      setupRequest(req) {
        const i = next++;
        const token = tokens[i % tokens.length];
        req.body = bodies[i % bodies.length];
        req.headers = {
          'content-type': 'application/json',
          ...(token ? { 'x-session-token': token } : {}),
        };
        return req;
      },
    },
  ],
});

instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  latencies.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});

instance.on('done', (result) => {
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : null;
  const non2xx = Object.entries(statuses)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((n, [, c]) => n + c, 0);
  const out = {
    requests: latencies.length,
    seconds: (result.finish - result.start) / 1000,
    rps: latencies.length / ((result.finish - result.start) / 1000),
    p50: pct(50),
    p90: pct(90),
    p99: pct(99),
    max: latencies.at(-1) ?? null,
    statuses,
    // every failed request counts: answered non-2xx, and connection errors (autocannon counts timeouts in them)
    errors: non2xx + result.errors,
    timeouts: result.timeouts,
  };
  // every latency, when the caller merges several rounds itself
  if (plan.raw) out.latencies = latencies.map((x) => Math.round(x * 1000) / 1000);
  process.stdout.write(`${JSON.stringify(out)}\n`);
});
