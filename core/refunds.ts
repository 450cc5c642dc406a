// Refund amounts (docs/decisions/080-refunds.md). Pure: the server computes every refund with it, the admin
// dialog shows the same number before the admin confirms. The convenience charge is never refunded.

import type { ErrorCode } from './contracts/errors';
import { isPassLine } from './pass-qr';

export type RefundableLine = {
  id: number;
  type: string;
  code: string;
  name: string;
  qty: number;
  sellPricePaise: number;
  /** units already refunded or being refunded (failed refunds not counted) */
  refundedQty: number;
};

/**
 * What refunding `n` more units of a line gives back: the line's paid amount shared over its units, counted
 * cumulatively so that refunding every unit, in any number of steps, gives back exactly what the line cost.
 */
export function refundAmountPaise(line: Pick<RefundableLine, 'qty' | 'sellPricePaise' | 'refundedQty'>, n: number) {
  if (n <= 0 || line.qty <= 0) return 0;
  const upTo = (units: number) => Math.floor((line.sellPricePaise * Math.min(units, line.qty)) / line.qty);
  return upTo(line.refundedQty + n) - upTo(line.refundedQty);
}

export const remainingUnits = (l: Pick<RefundableLine, 'qty' | 'refundedQty'>) => Math.max(0, l.qty - l.refundedQty);

export type RefundChoice = { lineId: number; qty?: number | null };

export type RefundPlanLine = { lineId: number; name: string; code: string; qty: number; amountPaise: number };

/**
 * The lines and amount of a refund: every remaining unit (`all`), or the chosen lines (a missing qty means
 * every remaining unit of that line). Throws a message naming the problem for a foreign line, a line with
 * nothing left, more units than remain, or a pass once the order's pass is collected.
 */
export function planRefund(
  lines: readonly RefundableLine[],
  choice: { all?: boolean | null; lines?: readonly RefundChoice[] | null },
  opts: { passCollected: boolean },
): { lines: RefundPlanLine[]; amountPaise: number } {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const picked: { line: RefundableLine; qty: number }[] = [];
  if (choice.all) {
    for (const l of lines) if (remainingUnits(l) > 0) picked.push({ line: l, qty: remainingUnits(l) });
    if (picked.length === 0)
      throw new RefundPlanError('AlreadyRefunded', 'Every line of this contribution is refunded already.');
  } else {
    const seen = new Set<number>();
    for (const c of choice.lines ?? []) {
      const l = byId.get(c.lineId);
      if (!l) throw new RefundPlanError('UnknownLine', `lines: line ${c.lineId} is not a line of this contribution.`);
      if (seen.has(c.lineId)) throw new RefundPlanError('BadRequest', `lines: line ${c.lineId} is named twice.`);
      seen.add(c.lineId);
      const left = remainingUnits(l);
      if (left === 0) throw new RefundPlanError('AlreadyRefunded', `${l.name} is refunded already.`);
      const qty = c.qty ?? left;
      if (qty > left) {
        throw new RefundPlanError('TooManyUnits', `${l.name}: only ${left} of ${l.qty} can still be refunded.`);
      }
      picked.push({ line: l, qty });
    }
    if (picked.length === 0) throw new RefundPlanError('BadRequest', 'lines: choose at least one line to refund.');
  }
  if (opts.passCollected && picked.some((p) => isPassLine(p.line))) {
    throw new RefundPlanError(
      'PassCollected',
      'The passes of this contribution are collected: its memberships and passes cannot be refunded.',
    );
  }
  const out = picked.map((p) => ({
    lineId: p.line.id,
    name: p.line.name,
    code: p.line.code,
    qty: p.qty,
    amountPaise: refundAmountPaise(p.line, p.qty),
  }));
  const amountPaise = out.reduce((s, l) => s + l.amountPaise, 0);
  if (amountPaise === 0) {
    // memberships whose fee was waived for a sponsoring family (docs/decisions/255): no money to give back
    throw new RefundPlanError(
      'NothingToRefund',
      'Nothing to give back: the chosen lines cost nothing (a membership fee waived for a sponsoring family).',
    );
  }
  return { lines: out, amountPaise };
}

export class RefundPlanError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RefundPlanError';
  }
}
