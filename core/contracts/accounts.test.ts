import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  checkChangeForm,
  checkForgotForm,
  checkLoginForm,
  checkSignupForm,
  loginRequest,
  signUpRequest,
} from './accounts';
import { joinWaitlistRequest } from './capacity';
import { addToCartRequest } from './cart';
import { normalizeMobile } from './common';
import { describeIssues } from './issues';

describe('form checks in SPEC.md order', () => {
  it('login', () => {
    expect(checkLoginForm({ email: '', password: 'x' })).toBe('login.mandatory');
    expect(checkLoginForm({ email: 'a@b.co', password: '  ' })).toBe('login.mandatory');
    expect(checkLoginForm({ email: 'a@b', password: 'x' })).toBe('email.invalid');
    expect(checkLoginForm({ email: 'a@b.co', password: 'x' })).toBeNull();
  });
  it('sign-up page and dialog', () => {
    expect(checkSignupForm({ name: 'A', email: 'a@b.co', mobile: '', password: 'longenough' })).toBe(
      'fields.mandatory',
    );
    expect(checkSignupForm({ name: 'A', email: 'a@b', mobile: '9876543210', password: 'longenough' })).toBe(
      'email.invalid',
    );
    expect(checkSignupForm({ name: 'A', email: 'a@b', mobile: '9876543210', password: 'longenough' }, 'dialog')).toBe(
      'email.invalidDialog',
    );
    expect(checkSignupForm({ name: 'A', email: 'a@b.co', mobile: '98', password: 'longenough' })).toBe(
      'mobile.invalid',
    );
    expect(checkSignupForm({ name: 'A', email: 'a@b.co', mobile: '9876543210', password: 'short' })).toBe(
      'password.tooShort',
    );
    expect(checkSignupForm({ name: 'A', email: 'a@b.co', mobile: '9876543210', password: 'longenough' })).toBeNull();
  });
  it('forgot and change password', () => {
    expect(checkForgotForm({ email: ' ' })).toBe('email.mandatory');
    expect(checkForgotForm({ email: 'x' })).toBe('email.invalid');
    expect(checkChangeForm({ email: 'a@b.co', tempPasswd: '', newPasswd: 'longenough' })).toBe('fields.mandatory');
    expect(checkChangeForm({ email: 'a@b.co', tempPasswd: 'CODE', newPasswd: 'longenough' })).toBeNull();
    expect(checkChangeForm({ email: 'a@b.co', tempPasswd: 'CODE', newPasswd: ' 1234567 ' })).toBe('password.tooShort');
  });
  it("asks the contract's schemas, so that the form and the server keep one rule", () => {
    const f = { name: 'A', email: 'a@b.co', mobile: '9876543210', password: 'longenough' };
    // the password's minimum is the schema's, counted after trimming as the server does
    expect(checkSignupForm({ ...f, password: '  1234567  ' })).toBe('password.tooShort');
    expect(checkSignupForm({ ...f, password: '12345678' })).toBeNull();
    // what the form cannot say with its field and limit is left to the server's answer, which carries them
    expect(checkSignupForm({ ...f, password: 'x'.repeat(201) })).toBeNull();
    expect(signUpRequest.safeParse({ ...f, password: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(
      'input.maxChars',
    );
    // an address longer than the schema takes is invalid in the form too
    expect(checkSignupForm({ ...f, email: `${'a'.repeat(250)}@b.co` })).toBe('email.invalid');
    expect(checkLoginForm({ email: ' a@b.co ', password: 'x' })).toBeNull();
  });
});

describe('server contracts', () => {
  it('normalises email case and mobile digits', () => {
    const r = signUpRequest.parse({
      name: ' Ray ',
      mobile: '+91 98765-43210',
      email: ' Ray@Example.ORG ',
      password: 'longenough',
    });
    expect(r).toEqual({ name: 'Ray', mobile: '9876543210', email: 'ray@example.org', password: 'longenough' });
    expect(normalizeMobile('09876543210')).toBe('9876543210');
  });
  it('names the field in every issue', () => {
    const r = loginRequest.safeParse({ email: 5, extra: 1 });
    expect(r.success).toBe(false);
    const { text: desc, key, params } = describeIssues(r.error!.issues);
    expect(desc).toMatch(/email must be text/);
    expect(desc).not.toMatch(/extra/); // unknown fields are ignored (stripped), never an error
    // the first problem by key, the field a parameter (docs/decisions/195)
    expect(key).toBe('input.text');
    expect(params).toEqual({ field: 'email' });
  });
  it('says a check by key with its limit from zod, and a sentence of the catalogue by its own key', () => {
    const long = signUpRequest.safeParse({
      name: 'x'.repeat(101),
      mobile: '9876543210',
      email: 'a@b.co',
      password: 'longenough',
    });
    expect(describeIssues(long.error!.issues)).toEqual({
      text: 'name must be at most 100 characters',
      key: 'input.maxChars',
      params: { field: 'name', max: 100 },
    });
    const mail = signUpRequest.safeParse({ name: 'Ray', mobile: '9876543210', email: 'nope', password: 'longenough' });
    expect(describeIssues(mail.error!.issues)).toEqual({
      text: 'email: Email is invalid!',
      key: 'email.invalid',
      params: { field: 'email' },
    });
    // zod's own words (a check written without a message) by a generic key of the issue's kind (decision 271)
    expect(
      describeIssues([
        {
          path: ['x'],
          code: 'too_small',
          origin: 'number',
          minimum: 0,
          inclusive: false,
          message: 'Too small: expected number to be >0',
        },
      ]),
    ).toEqual({ text: 'x must be more than 0', key: 'input.above', params: { field: 'x', min: 0 } });
    const zodsOwn = z.object({ n: z.number(), s: z.string().max(2), l: z.array(z.number()).min(1), e: z.url() });
    const own = zodsOwn.safeParse({ n: 'a', s: 'abc', l: [], e: 'x' }).error!.issues;
    expect(own.map((i) => describeIssues([i]))).toEqual([
      { text: 'n must be a number', key: 'input.number', params: { field: 'n' } },
      { text: 's must be at most 2 characters', key: 'input.maxChars', params: { field: 's', max: 2 } },
      { text: 'l must hold at least 1 items', key: 'input.minItems', params: { field: 'l', min: 1 } },
      { text: 'e is not in the expected form', key: 'input.format', params: { field: 'e' } },
    ]);
  });
  it('says a limit the issue does not carry from the key written with it (keyWith)', () => {
    const qty = joinWaitlistRequest.safeParse({ productId: 1, qty: 0 });
    expect(describeIssues(qty.error!.issues)).toEqual({
      text: 'qty must be a whole number from 1 to 50',
      key: 'input.wholeFromTo',
      params: { field: 'qty', min: 1, max: 50 },
    });
    const cart = addToCartRequest.safeParse({ productQtys: { abc: { qty: 1 } } });
    expect(describeIssues(cart.error!.issues)).toMatchObject({
      text: 'productQtys.abc must be keyed by product id',
      key: 'input.productIdKey',
    });
  });
  it('strips unknown fields of newer or older clients', () => {
    const r = loginRequest.safeParse({ email: 'a@b.co', password: 'longenough', extra: 1 });
    expect(r.success).toBe(true);
    expect(r.data).not.toHaveProperty('extra');
  });
});
