import { describe, expect, it } from 'vitest';
import { renewParam } from './renewals-api';

describe("a reminder link's renew parameter", () => {
  const of = (query: string) => renewParam(new URLSearchParams(query));
  it('names the member the reminder was made for', () => {
    expect(of('renew=42')).toEqual({ present: true, forUser: 42 });
  });
  it('is present but names no one from the profile, or when it is not a member id', () => {
    expect(of('renew=')).toEqual({ present: true });
    for (const bad of ['0', '-3', '1.5', 'abc']) expect(of(`renew=${bad}`)).toEqual({ present: true });
  });
  it('is absent without the parameter', () => {
    expect(of('other=1')).toEqual({ present: false });
  });
});
