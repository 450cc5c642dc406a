// DEMO_SEED (README's configuration): local mode seeds the demo accounts and catalogue unless it says `off`;
// worker/app.ts reads the parsed value. tests/e2e/season.test.ts runs a whole season on a server started with it off.
import { describe, expect, it } from 'vitest';
import type { Bindings } from '../../worker/env';
import { getConfig } from '../../worker/lib/config';

const local = (extra: Partial<Bindings> = {}) => ({ DB: {}, APP_ENV: 'local', ...extra }) as unknown as Bindings;

describe('DEMO_SEED', () => {
  it('is on unless told otherwise', () => {
    expect(getConfig(local()).DEMO_SEED).toBe('on');
    expect(getConfig(local({ DEMO_SEED: '' })).DEMO_SEED).toBe('on');
    expect(getConfig(local({ DEMO_SEED: 'on' })).DEMO_SEED).toBe('on');
  });

  it('off: no demo seed', () => {
    expect(getConfig(local({ DEMO_SEED: 'off' })).DEMO_SEED).toBe('off');
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => getConfig(local({ DEMO_SEED: 'no' }))).toThrow(/Invalid configuration: DEMO_SEED/);
  });
});
