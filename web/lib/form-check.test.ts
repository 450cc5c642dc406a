// A form checked by its call's contract says the contract's first problem at its field, in the catalogue's words
// in the reader's language: the words the server would answer (docs/decisions/276).
import { afterEach, describe, expect, it } from 'vitest';
import { updateSettingsRequest } from '../../core/contracts/admin';
import { recordCashHandoverRequest } from '../../core/contracts/gate';
import { loadLocale, setLocale, tIn } from '../../core/i18n';
import { formProblem } from './form-check';

afterEach(() => setLocale('en'));

const handover = { volunteerId: 7, day: '2026-10-20', note: null, requestKey: 'hand-12345678' };
const tiers = (members: number) => ({
  membershipWaiver: {
    tiers: [
      { minSponsorship: 15000, members: 4 },
      { minSponsorship: 35000, members },
    ],
  },
});
const tierField = (path: string) => /^membershipWaiver\.tiers\.(\d+)\.(\w+)$/.exec(path)?.slice(1).join('-') ?? null;

describe('formProblem', () => {
  it('passes what the contract accepts', () => {
    expect(formProblem(recordCashHandoverRequest, { ...handover, amount: 1000.5 })).toBeNull();
    expect(formProblem(updateSettingsRequest, tiers(6), tierField)).toBeNull();
  });

  it("says a check's key at its field, in English", () => {
    expect(formProblem(recordCashHandoverRequest, { ...handover, amount: 12.345 })).toEqual({
      field: 'amount',
      text: tIn('en', 'input.twoDecimals', { field: 'amount' }),
    });
    expect(formProblem(recordCashHandoverRequest, { ...handover, amount: 0 })?.text).toBe('amount must be more than 0');
  });

  it('puts a rule of the whole list (a larger threshold waives more) at the tier the contract names', () => {
    expect(formProblem(updateSettingsRequest, tiers(3), tierField)).toEqual({
      field: '1-members',
      text: 'membershipWaiver.tiers.1.members must waive more members for a larger threshold',
    });
  });

  it('says it in Bengali for a Bengali reader, with the limit the contract carries', async () => {
    await loadLocale('bn-IN');
    const said = formProblem(recordCashHandoverRequest, { ...handover, amount: 20_00_000 });
    expect(said).toEqual({ field: 'amount', text: tIn('bn-IN', 'input.max', { field: 'amount', max: 1000000 }) });
    expect(said?.text).toContain('1000000');
    expect(said?.text).not.toBe(tIn('en', 'input.max', { field: 'amount', max: 1000000 }));
  });

  it('gives no field for a problem the form has no field for, so the screen says it as a toast', () => {
    const said = formProblem(recordCashHandoverRequest, { ...handover, day: 'today', amount: 5 }, (path) =>
      path === 'amount' ? path : null,
    );
    expect(said).toEqual({ field: null, text: tIn('en', 'input.day', { field: 'day' }) });
  });
});
