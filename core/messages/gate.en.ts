// The admins' Gate sales tab (web/features/admin/GateSalesTab.tsx). A catalogue of its own, shipped
// only with that tab (as channels.en.ts), so that the admin page's first load stays as it was. Bengali: gate.bn.ts.
import { catalogueFn } from '../i18n-core';

export const gateEn = {
  'gateTab.title': 'Gate sales per volunteer and day',
  'gateTab.none': 'No passes were sold at the gate this festival year.',
  'gateTab.day': 'Day',
  'gateTab.volunteer': 'Volunteer',
  'gateTab.sales': 'Sales',
  'gateTab.units': 'Passes',
  'gateTab.cash': 'Cash taken',
  'gateTab.upi': 'UPI',
  'gateTab.handedOver': 'Cash handed over',
  'gateTab.difference': 'Still with the volunteer',
  'gateTab.record': 'Record cash handed over',
  'gateTab.amount': 'Amount handed over (₹)',
  'gateTab.note': 'Note (optional)',
  'gateTab.save': 'Record',
  'gateTab.recorded': 'Recorded {amount} from {volunteer} for {day}.',
  'gateTab.conflicts': 'Gate sales to resolve',
  'gateTab.noConflicts': 'No gate sale needs a look.',
  'gateTab.conflict.oversold': 'Sold offline beyond the capacity',
  'gateTab.conflict.utr_used': 'UTR already used by another contribution',
  'gateTab.resolve': 'Mark resolved',
  'gateTab.resolveNote': 'How it was resolved',
  'gateTab.resolvedAt': 'Resolved {time}',
  'gateTab.cancel': 'Cancel',
} as const;

export type GateKey = keyof typeof gateEn;

/** Looks a message up in the screens' language, as t() does for en.ts. */
export const tg = catalogueFn<GateKey>('gate', gateEn);
