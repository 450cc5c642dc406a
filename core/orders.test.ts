import { describe, expect, it } from 'vitest';
import {
  canPaymentTransition,
  canRefundTransition,
  REFUND_INITIAL,
  canTransition,
  contributionActions,
  needsCollection,
  sourcesOf,
  upiLink,
} from './orders';

describe('order state machine', () => {
  it('allows only the documented transitions', () => {
    expect(canTransition('Pending Payment', 'Success')).toBe(true);
    expect(canTransition('Pending Payment', 'Pending Approval')).toBe(true);
    expect(canTransition('Pending Approval', 'Rejected')).toBe(true);
    expect(canTransition('Failed', 'Success')).toBe(true);
    expect(canTransition('Success', 'Failed')).toBe(false);
    expect(canTransition('Success', 'Success')).toBe(false);
    expect(canTransition('Rejected', 'Success')).toBe(false);
    expect(canTransition('Pending Approval', 'Failed')).toBe(false);
  });
  it('lists the sources of a target status', () => {
    expect(sourcesOf('Success').sort()).toEqual(['Failed', 'Pending Approval', 'Pending Payment']);
    expect(sourcesOf('Rejected')).toEqual(['Pending Approval']);
  });
  it('lets a Razorpay order capture after a failed attempt but never twice', () => {
    expect(canPaymentTransition('failed', 'captured')).toBe(true);
    expect(canPaymentTransition('captured', 'failed')).toBe(false);
    expect(canPaymentTransition('submitted', 'approved')).toBe(true);
    expect(canPaymentTransition('approved', 'rejected')).toBe(false);
  });
});

describe('refund state machine', () => {
  it('moves a requested refund to pending, processed or failed, and a pending one to processed or failed', () => {
    expect(canRefundTransition('requested', 'pending')).toBe(true);
    expect(canRefundTransition('requested', 'processed')).toBe(true);
    expect(canRefundTransition('requested', 'failed')).toBe(true);
    expect(canRefundTransition('pending', 'processed')).toBe(true);
    expect(canRefundTransition('pending', 'failed')).toBe(true);
  });
  it('never moves a settled refund, nor back to requested', () => {
    expect(canRefundTransition('processed', 'failed')).toBe(false);
    expect(canRefundTransition('failed', 'processed')).toBe(false);
    expect(canRefundTransition('pending', 'requested')).toBe(false);
    expect(canRefundTransition('pending', 'pending')).toBe(false);
  });
  it('is born requested (online) or processed (transfer, carry-over)', () => {
    expect([...REFUND_INITIAL].sort()).toEqual(['processed', 'requested']);
  });
});

describe('needsCollection', () => {
  it('is true with a membership or daily pass line other than the extra contribution', () => {
    expect(needsCollection([{ type: 'MEMBERSHIP', code: 'MABD' }])).toBe(true);
    expect(needsCollection([{ type: 'DAILY_PASS', code: 'DPKP' }])).toBe(true);
    expect(needsCollection([{ type: 'DAILY_PASS', code: 'DNP' }])).toBe(false);
    expect(needsCollection([{ type: 'SPONSORSHIP', code: 'SPDL' }])).toBe(false);
    expect(needsCollection([])).toBe(false);
  });
});

describe('contributionActions (SPEC.md section 4)', () => {
  it.each([
    ['Success', 'Online', ['details']],
    ['Success', 'Offline', ['details']],
    ['Pending Approval', 'Offline', ['details']],
    ['Pending Payment', 'Offline', ['retryPayment', 'details']],
    ['Pending Payment', 'Online', ['startAgain', 'details']],
    ['Failed', 'Online', ['startAgain', 'details']],
    ['Failed', 'Offline', ['startAgain', 'details']],
    ['Rejected', 'Offline', ['startAgain', 'details']],
  ] as const)('%s %s -> %j', (status, type, actions) => {
    expect(contributionActions(status, type)).toEqual(actions);
  });
});

describe('upiLink', () => {
  it('carries the VPA, payee, exact amount and the contribution id as the note', () => {
    expect(upiLink({ vpa: 'samiti@upi', payee: 'Samiti Assoc', amountPaise: 265050, note: 'SMT000042' })).toBe(
      'upi://pay?pa=samiti@upi&pn=Samiti%20Assoc&am=2650.50&tn=SMT000042&cu=INR',
    );
  });
});
