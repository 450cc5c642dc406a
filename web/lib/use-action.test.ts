import { describe, expect, it } from 'vitest';
import { latestOnly } from './use-action';

describe('a load applies only the newest answer', () => {
  it('a newer load makes the older one stale', () => {
    const loads = latestOnly();
    const first = loads.start();
    expect(first.current()).toBe(true);
    const second = loads.start();
    expect(first.current()).toBe(false);
    expect(second.current()).toBe(true);
  });

  it('nothing on its way is applied once the screen left', () => {
    const loads = latestOnly();
    const pending = loads.start();
    loads.drop();
    expect(pending.current()).toBe(false);
    // a load started after (the screen came back) is current again
    expect(loads.start().current()).toBe(true);
  });

  it('answers arriving out of order: the slow first one is dropped', async () => {
    const loads = latestOnly();
    const applied: string[] = [];
    const answer = (value: string, ms: number) => {
      const ticket = loads.start();
      return new Promise<void>((done) =>
        setTimeout(() => {
          if (ticket.current()) applied.push(value);
          done();
        }, ms),
      );
    };
    await Promise.all([answer('old', 20), answer('new', 1)]);
    expect(applied).toEqual(['new']);
  });
});
