import { describe, expect, it } from 'vitest';
import { fieldOfError } from './forms';

describe("a server's refusal said under its field", () => {
  const fields = ['name', 'email', 'mobile', 'offlineTxnId'] as const;
  it('a taken email or a shared transaction id goes to its field, when the form has it', () => {
    expect(fieldOfError({ code: 'EmailTaken', message: 'Email already exists!' }, fields)).toBe('email');
    expect(fieldOfError({ code: 'EmailTaken', message: 'Email already exists!' }, ['name'])).toBeNull();
    expect(fieldOfError({ code: 'TransactionIdUsed', message: 'used' }, fields)).toBe('offlineTxnId');
  });

  it('a 400 goes to the field its description starts with, as a whole word', () => {
    expect(fieldOfError({ code: 'BadRequest', message: 'mobile: Mobile number is invalid!' }, fields)).toBe('mobile');
    expect(fieldOfError({ code: 'BadRequest', message: 'name must be at most 100 characters' }, fields)).toBe('name');
    expect(fieldOfError({ code: 'BadRequest', message: 'nameBn must be at most 100 characters' }, fields)).toBeNull();
    expect(fieldOfError({ code: 'BadRequest', message: 'the email is wrong' }, fields)).toBeNull();
  });

  it('anything else stays a message of the screen', () => {
    expect(fieldOfError({ code: 'Network', message: 'email: offline' }, fields)).toBeNull();
  });
});
