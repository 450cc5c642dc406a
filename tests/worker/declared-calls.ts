// The app's calls as declared (worker/lib/call.ts), read from its own route table: tests/worker/calls-declared.test.ts
// holds that every /api route is declared once, tests/worker/d1-sessions.test.ts what replicas may answer.
import { type CallSpec, DECLARED } from '../../worker/lib/call';

type RouteLike = { method: string; path: string; handler: unknown };

const specOf = (handler: unknown) => (handler as { [DECLARED]?: CallSpec })[DECLARED];

/** Each route's declaration, from the app's own route table (one entry per middleware and handler). */
export function declaredCalls(routes: readonly RouteLike[]) {
  const byRoute = new Map<string, { first: unknown; specs: CallSpec[] }>();
  for (const r of routes) {
    // app-wide middleware (`.use`) and the local tools' catch-all (`.all('/api/dev/*')`) are not calls
    if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
    const key = `${r.method} ${r.path}`;
    const entry = byRoute.get(key) ?? { first: r.handler, specs: [] };
    const spec = specOf(r.handler);
    if (spec) entry.specs.push(spec);
    byRoute.set(key, entry);
  }
  const problems: string[] = [];
  const calls = new Map<string, CallSpec>();
  for (const [key, { first, specs }] of byRoute) {
    if (specs.length > 1) problems.push(`${key}: declared ${specs.length} times`);
    else if (!specOf(first)) problems.push(`${key}: not made with call() as its first step`);
    else calls.set(key, specs[0]!);
  }
  return { calls, problems };
}
