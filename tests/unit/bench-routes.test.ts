// The benchmark's first-load table must list every screen the router loads lazily, also those whose
// element spans several lines (a role guard around the screen): /admin and /venue once went missing.
import { describe, expect, it } from 'vitest';
import { routeSources } from '../../scripts/bench-frontend.mjs';

describe('bench route sources', () => {
  it('finds every lazily loaded screen of the router, guarded ones included', () => {
    const routes = routeSources();
    expect(routes['/admin']).toEqual({ component: 'AdminPage', source: 'app/admin/AdminPage.tsx' });
    expect(routes['/venue']).toEqual({ component: 'VenuePage', source: 'app/venue/VenuePage.tsx' });
    for (const r of ['/index', '/login', '/profile', '/membership', '/dmPass', '/summary', '/dpsummary', '/magazine'])
      expect(routes[r], r).toBeDefined();
    // redirects are not screens
    expect(routes['/cart']).toBeUndefined();
    expect(routes['/dmPasss']).toBeUndefined();
  });
});
