import { describe, expect, it } from 'vitest';
import { axis, hdfc, icici, type Line, sbi, upi } from '../tests/fixtures/bank-statements';
import { isPaymentReference, normalizeReference, referenceTokens, tokenIsReference } from './references';
import {
  amountToPaise,
  type Credit,
  creditsOf,
  findHeader,
  matchCredit,
  matchCredits,
  parseCsv,
  type Waiting,
} from './statement';

const SBI = `Account Name :,SAMITI CULTURAL ASSOCIATION
Account Number :,00000012345678
,
Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance
01 Nov 2026,01 Nov 2026,"UPI/CR/431234567890/ANINDITA SEN/SBIN/annie@okaxis",431234567890,,"1,500.00","1,01,500.00"
02 Nov 2026,02 Nov 2026,NEFT-HDFCN52026110212345-RAJ KUMAR,N52026110212345,,2650,1,04,150.00
03 Nov 2026,03 Nov 2026,ATM WDL,,500.00,,1,03,650.00
`;

const read = (text: string) => {
  const rows = parseCsv(text);
  const h = findHeader(rows);
  if (!h) throw new Error('no header');
  return creditsOf(rows, h);
};

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

  const lines: Line[] = [
    { narration: 'UPI/CR/485724971134/RAHUL DAS/SBIN/rahul@oksbi/Payment', rupees: '2650' },
    { narration: 'IMPS/P2A/432112345678/ANINDITA SEN/KKBK/Festival', rupees: '1500' },
    { narration: 'NEFT/N325241234567890/RAJ KUMAR/HDFC BANK', rupees: '2250' },
  ];
  it("reads an SBI export (tab-separated .xls, account lines, 'TRANSFER FROM' references)", () => {
    const credits = read(sbi(lines.map((l) => ({ ...l, reference: 'TRANSFER FROM 3199412044305' }))));
    expect(credits.map((c) => [c.date, c.amountPaise, c.reference])).toEqual([
      ['1 Nov 2024', 265_000, 'TRANSFER FROM 3199412044305'],
      ['2 Nov 2024', 150_000, 'TRANSFER FROM 3199412044305'],
      ['3 Nov 2024', 225_000, 'TRANSFER FROM 3199412044305'],
    ]);
    expect(credits[0]!.narration).toBe('BY TRANSFER-UPI/CR/485724971134/RAHUL DAS/SBIN/rahul@oksbi/Payment-');
  });
  it('reads an HDFC export (dd/mm/yy, zero-padded references, Deposit Amt.)', () => {
    const credits = read(
      hdfc([{ narration: upi.hdfc('485724971134'), reference: '0000485724971134', rupees: '2650' }]),
    );
    expect(credits).toEqual([
      {
        row: 2,
        date: '01/11/24',
        narration: 'UPI-RAHUL DAS-RAHUL@OKSBI-SBIN0001234-485724971134-PAYMENT',
        reference: '0000485724971134',
        amountPaise: 265_000,
      },
    ]);
  });
  it("reads an ICICI export (leading empty column, '-' for no cheque number, Deposit Amount (INR ))", () => {
    const credits = read(icici([{ narration: upi.icici('485724971134'), rupees: '2650' }]));
    expect(credits).toEqual([
      {
        row: 4,
        date: '01/11/2024',
        narration: 'UPI/485724971134/Payment/rahul@oksbi/State Bank Of I/SBIN0001234',
        reference: '-',
        amountPaise: 265_000,
      },
    ]);
  });
  it('reads an Axis export (dd-mm-yyyy, CHQNO, PARTICULARS, CR) and skips its opening balance line', () => {
    const credits = read(axis(lines));
    expect(credits.map((c) => [c.date, c.reference, c.amountPaise])).toEqual([
      ['01-11-2024', '', 265_000],
      ['02-11-2024', '', 150_000],
      ['03-11-2024', '', 225_000],
    ]);
  });
});

describe('payment references', () => {
  it('accepts the shapes of UPI, IMPS, NEFT and RTGS references', () => {
    for (const id of [
      '485724971134', // UPI RRN
      '432112345678', // IMPS RRN
      'SBIN423301234567', // NEFT, 16
      'N325241234567890', // NEFT, 16, as banks print it
      'HDFCR52024112512345678', // RTGS, 22
      'HDFCN52024112512345678', // NEFT, 22
    ]) {
      expect(isPaymentReference(id), id).toBe(true);
    }
  });
  it('refuses what cannot identify a payment: fragments, mobile numbers, words, app order ids', () => {
    for (const id of [
      '4857',
      'UPI/CR/4857',
      '48572497113', // 11 digits
      '4857249711345', // 13 digits
      '9830012345', // a mobile number
      '000000000000',
      'UPI',
      'PAYMENT',
      'UTR-77',
      'T2411251234567890123456', // PhonePe's own transaction id, not on the bank statement
      'pay_29QQoUBi66xm2f',
    ]) {
      expect(isPaymentReference(normalizeReference(id)), id).toBe(false);
    }
  });
  it('normalizes the spaces that apps put between digit groups', () => {
    expect(normalizeReference(' 4857 2497 1134 ')).toBe('485724971134');
    expect(normalizeReference('hdfcr52024112512345678')).toBe('HDFCR52024112512345678');
  });
  it('splits a narration into whole tokens and compares whole tokens only', () => {
    expect(referenceTokens('NEFT-HDFCN52024112512345678-RAJ KUMAR')).toEqual([
      'NEFT',
      'HDFCN52024112512345678',
      'RAJ',
      'KUMAR',
    ]);
    expect(tokenIsReference('485724971134', '485724971134')).toBe(true);
    expect(tokenIsReference('0000485724971134', '485724971134')).toBe(true); // HDFC's padding
    expect(tokenIsReference('485724971134', '4857')).toBe(false);
    expect(tokenIsReference('1485724971134', '485724971134')).toBe(false);
    expect(tokenIsReference('X0485724971134', '485724971134')).toBe(false);
  });
});

describe('matchCredits', () => {
  const credit = (reference: string, narration: string, amountPaise: number, row = 1): Credit => ({
    row,
    date: 'd',
    reference,
    narration,
    amountPaise,
  });
  const waiting: Waiting[] = [
    { orderId: 1, transactionId: '485724971134', totalPaise: 265_000 },
    { orderId: 2, transactionId: 'N325241234567890', totalPaise: 225_000 },
    { orderId: 3, transactionId: 'HDFCR52024112512345678', totalPaise: 1_500_000 },
  ];

  it('matches a whole reference in the narration or the reference column, then by amount', () => {
    expect(matchCredit(credit('', upi.sbi('485724971134'), 265_000), waiting)).toEqual({ kind: 'matched', orderId: 1 });
    expect(matchCredit(credit('0000485724971134', upi.hdfc('485724971134'), 265_000), waiting)).toEqual({
      kind: 'matched',
      orderId: 1,
    });
    expect(matchCredit(credit('', 'NEFT/N325241234567890/RAJ KUMAR/HDFC BANK', 225_000), waiting)).toEqual({
      kind: 'matched',
      orderId: 2,
    });
    expect(matchCredit(credit('HDFCR52024112512345678', 'RTGS CR-HDFC0000001-X', 1_500_000), waiting)).toEqual({
      kind: 'matched',
      orderId: 3,
    });
    expect(matchCredit(credit('', upi.axis('485724971134'), 265_001), waiting)).toEqual({
      kind: 'mismatch',
      orderId: 1,
      expectedPaise: 265_000,
    });
  });

  it("never matches a fragment or a prefix: a member sharing '4857' takes nobody's money", () => {
    const attacker: Waiting[] = [
      { orderId: 9, transactionId: '4857', totalPaise: 265_000 },
      { orderId: 10, transactionId: 'UPI/CR/4857', totalPaise: 265_000 },
      { orderId: 11, transactionId: '485724971', totalPaise: 265_000 },
      { orderId: 12, transactionId: '4857249711', totalPaise: 265_000 },
    ];
    for (const narration of [upi.sbi('485724971134'), upi.hdfc('485724971134'), upi.icici('485724971134')]) {
      expect(matchCredit(credit('', narration, 265_000), attacker), narration).toEqual({ kind: 'unmatched' });
    }
    // the 12-digit id of another payer is not a prefix of a longer token either
    const other: Waiting[] = [{ orderId: 13, transactionId: '485724971134', totalPaise: 265_000 }];
    expect(matchCredit(credit('', 'UPI/CR/4857249711341/X', 265_000), other)).toEqual({ kind: 'unmatched' });
    expect(matchCredit(credit('', 'UPI/CR/9485724971134/X', 265_000), other)).toEqual({ kind: 'unmatched' });
  });

  it('an empty reference column and a narration without any shared id leave the credit unmatched', () => {
    expect(matchCredit(credit('', '', 265_000), waiting)).toEqual({ kind: 'unmatched' });
    expect(matchCredit(credit('-', 'INTEREST CREDIT', 265_000), waiting)).toEqual({ kind: 'unmatched' });
    // the same amount as a waiting transfer is no match: memberships have fixed prices
    expect(matchCredit(credit('', upi.sbi('431299999999'), 265_000), waiting)).toEqual({ kind: 'unmatched' });
  });

  it('two waiting transfers fitting one credit need a person', () => {
    const c = credit('N325241234567890', upi.sbi('485724971134'), 265_000);
    expect(matchCredit(c, waiting)).toEqual({ kind: 'ambiguous', orderIds: [1, 2] });
  });

  it('one waiting transfer fitting two credits needs a person, for both credits', () => {
    const credits = [
      credit('', upi.sbi('485724971134'), 265_000, 1),
      credit('', upi.axis('485724971134'), 265_000, 2),
      credit('', 'NEFT/N325241234567890/RAJ', 225_000, 3),
    ];
    expect(matchCredits(credits, waiting)).toEqual([
      { kind: 'ambiguous', orderIds: [1] },
      { kind: 'ambiguous', orderIds: [1] },
      { kind: 'matched', orderId: 2 },
    ]);
  });

  it('matches the credits of real SBI, HDFC, ICICI and Axis exports, with shared amounts and fragments about', () => {
    const w: Waiting[] = [
      { orderId: 1, transactionId: '485724971134', totalPaise: 265_000 },
      { orderId: 2, transactionId: '432112345678', totalPaise: 265_000 }, // the same price: a membership
      { orderId: 3, transactionId: 'N325241234567890', totalPaise: 225_000 },
      { orderId: 4, transactionId: '4857', totalPaise: 265_000 }, // a fragment, shared before the forms refused it
    ];
    const statement: Line[] = [
      { narration: 'UPI/CR/485724971134/RAHUL DAS/SBIN/rahul@oksbi/Payment', rupees: '2650' },
      { narration: 'IMPS/P2A/432112345678/ANINDITA SEN/KKBK/Festival', rupees: '2650' },
      { narration: 'NEFT/N325241234567890/RAJ KUMAR/HDFC BANK', rupees: '2250' },
      { narration: 'UPI/CR/485799999999/SOMEONE ELSE/SBIN/x@oksbi/Payment', rupees: '2650' },
    ];
    const expected = [
      { kind: 'matched', orderId: 1 },
      { kind: 'matched', orderId: 2 },
      { kind: 'matched', orderId: 3 },
      { kind: 'unmatched' },
    ];
    for (const [bank, text] of [
      ['sbi', sbi(statement.map((l) => ({ ...l, reference: 'TRANSFER FROM 3199412044305' })))],
      ['hdfc', hdfc(statement)],
      ['icici', icici(statement)],
      ['axis', axis(statement)],
    ] as const) {
      expect(matchCredits(read(text), w), bank).toEqual(expected);
    }
  });
});
