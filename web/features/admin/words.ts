// The committee's words for the values the server sends as codes (a product type, a payment type): the admin
// screens show these, never `DAILY_PASS` or `Offline` (docs/decisions/164). An unknown value reads as words too.
import { type AdminKey, ta } from '../../../core/messages/admin.en';

const CATEGORY: Record<string, AdminKey> = {
  MEMBERSHIP: 'adm.typeMembership',
  SPONSORSHIP: 'adm.typeSponsorship',
  DAILY_PASS: 'adm.typeDailyPass',
};

const PAYMENT_TYPE: Record<string, AdminKey> = {
  Online: 'adm.online',
  Offline: 'adm.directTransfer',
};

/** `SOME_CODE` or `some_code` or `someCode` as "Some code". */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A product type (an order line's category) in words: "Daily Pass". */
export function categoryText(category: string): string {
  const key = CATEGORY[category];
  return key ? ta(key) : humanize(category);
}

/** A payment type in words: "Online", "Direct transfer". */
export function paymentTypeText(paymentType: string): string {
  const key = PAYMENT_TYPE[paymentType];
  return key ? ta(key) : humanize(paymentType);
}
