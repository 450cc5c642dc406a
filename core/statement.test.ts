import { describe, expect, it } from 'vitest';
import { amountToPaise, creditsOf, findHeader, matchCredit, parseCsv } from './statement';

const SBI = `Account Name :,SAMITI CULTURAL ASSOCIATION
Account Number :,00000012345678
,
Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance
01 Nov 2026,01 Nov 2026,"UPI/CR/431234567890/ANINDITA SEN/SBIN/annie@okaxis",431234567890,,"1,500.00","1,01,500.00"
02 Nov 2026,02 Nov 2026,NEFT-HDFCN52026110212345-RAJ KUMAR,N52026110212345,,2650,1,04,150.00
03 Nov 2026,03 Nov 2026,ATM WDL,,500.00,,1,03,650.00
`;

describe('statement parsing', () => {
  it('finds the header below the account lines and reads the credits only', () => {
    const rows = parseCsv(SBI);
    const h = findHeader(rows)!;
    expect(h.index).toBe(2);
    expect(h.columns).toEqual({ date: 0, narration: 2, reference: 3, credit: 5 });
    const credits = creditsOf(rows, h);
    expect(credits.map((c) => [c.reference, c.amountPaise])).toEqual([
      ['431234567890', 150000],
      ['N52026110212345', 265000],
    ]);
  });
  it('uses a remembered mapping for unusual names', () => {
    const rows = parseCsv('When;What;Code;In\n1/11/2026;UPI X;UTR99;100');
    expect(findHeader(rows)).toBeNull();
    const h = findHeader(rows, { date: 'When', narration: 'What', reference: 'Code', credit: 'In' })!;
    expect(creditsOf(rows, h)).toHaveLength(1);
  });
  it('reads Indian amounts', () => {
    expect(amountToPaise('1,50,000.00')).toBe(15_000_000);
    expect(amountToPaise('₹ 250.5')).toBe(25_050);
    expect(amountToPaise('')).toBeNull();
    expect(amountToPaise('0.00')).toBeNull();
    expect(amountToPaise('abc')).toBeNull();
  });
  it('refuses what is not a statement', () => {
    expect(findHeader(parseCsv('name,email\nA,a@b.c'))).toBeNull();
  });
});

describe('matchCredit', () => {
  const waiting = [
    { orderId: 1, transactionId: '431234567890', totalPaise: 150000 },
    { orderId: 2, transactionId: 'UTR-77', totalPaise: 100 },
  ];
  const credit = (reference: string, narration: string, amountPaise: number) => ({
    row: 1,
    date: 'd',
    reference,
    narration,
    amountPaise,
  });
  it('matches by reference or inside the narration, then by amount', () => {
    expect(matchCredit(credit('431234567890', '', 150000), waiting)).toEqual({ kind: 'matched', orderId: 1 });
    expect(matchCredit(credit('', 'UPI/CR/431234567890/X', 150000), waiting)).toEqual({ kind: 'matched', orderId: 1 });
    expect(matchCredit(credit('431234567890', '', 150001), waiting)).toEqual({
      kind: 'mismatch',
      orderId: 1,
      expectedPaise: 150000,
    });
    // a short id is not looked for inside a narration
    expect(matchCredit(credit('', 'PAYMENT UTR77 X', 100), waiting)).toEqual({ kind: 'unmatched' });
    expect(matchCredit(credit('utr77', '', 100), waiting)).toEqual({ kind: 'matched', orderId: 2 });
  });
});
