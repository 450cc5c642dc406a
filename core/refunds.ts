// Refund amounts (docs/decisions/080-refunds.md). Pure: the server computes every refund with it, the admin
// dialog shows the same number before the admin confirms. The convenience charge is never refunded.

import type { ErrorCode } from './contracts/errors';
import { tAnswered } from './i18n';
import type { ServerKey } from './messages/areas/server.en';
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
    if (picked.length === 0) throw new RefundPlanError('AlreadyRefunded', 'refundPlan.allRefunded');
  } else {
    const seen = new Set<number>();
    for (const c of choice.lines ?? []) {
      const l = byId.get(c.lineId);
      if (!l) throw new RefundPlanError('UnknownLine', 'refundPlan.foreignLine', { line: c.lineId });
      if (seen.has(c.lineId)) throw new RefundPlanError('BadRequest', 'refundPlan.lineTwice', { line: c.lineId });
      seen.add(c.lineId);
      const left = remainingUnits(l);
      if (left === 0) throw new RefundPlanError('AlreadyRefunded', 'refundPlan.lineRefunded', { name: l.name });
      const qty = c.qty ?? left;
      if (qty > left) {
        throw new RefundPlanError('TooManyUnits', 'refundPlan.tooMany', { name: l.name, left, qty: l.qty });
      }
      picked.push({ line: l, qty });
    }
    if (picked.length === 0) throw new RefundPlanError('BadRequest', 'refundPlan.chooseLine');
  }
  if (opts.passCollected && picked.some((p) => isPassLine(p.line))) {
    throw new RefundPlanError('PassCollected', 'refundPlan.passesCollected');
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
    throw new RefundPlanError('NothingToRefund', 'refundPlan.nothingToGive');
  }
  return { lines: out, amountPaise };
}

/**
 * A refusal of the planner, by key (core/messages/areas/server.en.ts, docs/decisions/195): the Worker answers it
 * with say(key, params). The admin console plans too but shows no refusal text; where the server area's English
 * is not loaded (the browser) the message is the key itself.
 */
export class RefundPlanError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: ServerKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(tAnswered(key, params, 'en') ?? key);
    this.name = 'RefundPlanError';
  }
}
