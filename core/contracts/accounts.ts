import * as z from 'zod';
import { type MessageKey, parseLocale } from '../i18n';
import type { UserExtraInfo } from './checkout';
import { email, mobile, password, text } from './common';
import type { OrderStatus, PaymentType } from '../orders';

const iid = z.string({ error: 'input.text' }).trim().max(100, 'input.maxChars').nullish();

export const loginRequest = z.object({ email, password: text(), iid });

/** A language code; anything but Bengali means English. Absent at sign-up: the X-Samiti-Lang header. */
export const lang = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
  .max(35, 'input.maxChars')
  .transform((v) => parseLocale(v));

export const signUpRequest = z.object({ name: text(100), mobile, email, password, lang: lang.nullish() });

export const setLanguageRequest = z.object({ lang });

export const signUpAndLoginRequest = signUpRequest.extend({ iid });

export const forgotPasswdRequest = z.object({ email });

export const changePasswdRequest = z.object({ email, tempPasswd: text(), newPasswd: password });

export const verifyEmailRequest = z.object({ token: text(200) });

// ---- a member's own data (docs/decisions/265-267) ----

/** /updateUserProfile: name and mobile, checked as at sign-up. */
export const updateUserProfileRequest = z.object({ name: text(100), mobile });

/** /changeEmail: the new address gets a link; the password confirms that the account's owner asks. */
export const changeEmailRequest = z.object({ email, password: text() });

/** /deleteAccount: confirmed by the account's password. */
export const deleteAccountRequest = z.object({ password: text() });

/** /getMyData: everything the association holds about the caller (dates ISO 8601, money in rupees). */
export type MyData = {
  exportedAt: string;
  account: {
    name: string;
    email: string;
    emailVerified: boolean;
    mobile: string;
    language: string | null;
    createdAt: string;
    member: boolean;
    admin: boolean;
    volunteer: boolean;
    pendingEmailChange: { email: string; requestedAt: string } | null;
  };
  address: UserExtraInfo | null;
  contributions: {
    orderRcptId: string;
    fiscalYear: string;
    orderDate: string;
    paymentDate: string | null;
    status: OrderStatus;
    paymentType: PaymentType;
    orderTotal: number;
    userName: string;
    userEmail: string;
    userMobile: string;
    address: string | null;
    transactionId: string | null;
    bankName: string | null;
    refundState: string | null;
    refunded: number;
    passCollected: number | null;
    lines: { name: string; code: string; qty: number; amount: number }[];
  }[];
  consent: {
    current: { kind: string; channel: string; on: boolean; since: string | null; fixed: boolean }[];
    history: { at: string; kind: string; channel: string; granted: boolean; via: string }[];
    whatsappNumber: string | null;
    pushDevices: { addedAt: string }[];
  };
  /** numbered receipts and credit notes of the member's contributions (docs/decisions/260) */
  receipts: {
    number: string;
    kind: string;
    orderRcptId: string;
    amount: number;
    issuedAt: string;
    billingName: string | null;
    pan: string | null;
    gstin: string | null;
  }[];
  /** places in waiting lists (docs/decisions/246) */
  waitingLists: { product: string; qty: number; state: string; joinedAt: string }[];
  messages: { channel: string; kind: string; state: string; createdAt: string; sentAt: string | null }[];
  emails: { subject: string; sentAt: string }[];
  sessions: { startedAt: string; expiresAt: string; endedAt: string | null; device: string | null }[];
  activity: { at: string; action: string }[];
};

/** What /login and /signUpAndLogin answer in `data`: the client stores it whole. */
export type UserInfo = {
  session: string | null;
  admin: boolean;
  volunteer: boolean;
  member: boolean;
  name: string;
  email: string;
  emailVerified: boolean;
  /** The two flags as they were at login, so that the nav draws its buttons in place on the first paint;
   * the client refreshes them from /isMembershipLive and /isDailyPassLive at navigation load. */
  membershipLive?: boolean;
  dailyPassLive?: boolean;
  /** The account's language: 'en' or 'bn-IN'; absent until the member chooses one. */
  lang?: string | null;
};

export type UserProfile = { name: string; email: string; emailVerified: boolean; mobile: string };

// Form checks run in the browser in the order SPEC.md gives, with its messages. What a field takes is the
// contract's schema's to say (email, mobile, password above): a form asks the schema, so that a rule is stated once.
type Fields = Record<string, string | undefined>;
const blank = (v: string | undefined) => !v || v.trim() === '';
const refuses = (schema: z.ZodType, v: string | undefined) => !schema.safeParse(v ?? '').success;
const badEmail = (v: string | undefined) => refuses(email, v);
/**
 * The schema's own message for a password it refuses, when it is a sentence of the screens (too short). A problem
 * that needs its field and limit to be said (`input.maxChars`) is left to the server, whose answer carries them.
 */
function passwordProblem(v: string | undefined): MessageKey | null {
  const key = password.safeParse(v ?? '').error?.issues[0]?.message;
  return key && !key.startsWith('input.') ? (key as MessageKey) : null;
}

export function checkLoginForm(f: Fields): MessageKey | null {
  if (blank(f.email) || blank(f.password)) return 'login.mandatory';
  if (badEmail(f.email)) return 'email.invalid';
  return null;
}

export function checkSignupForm(f: Fields, where: 'page' | 'dialog' = 'page'): MessageKey | null {
  if (blank(f.name) || blank(f.email) || blank(f.mobile) || blank(f.password)) return 'fields.mandatory';
  if (badEmail(f.email)) return where === 'page' ? 'email.invalid' : 'email.invalidDialog';
  if (refuses(mobile, f.mobile)) return 'mobile.invalid';
  return passwordProblem(f.password);
}

export function checkForgotForm(f: Fields): MessageKey | null {
  if (blank(f.email)) return 'email.mandatory';
  if (badEmail(f.email)) return 'email.invalid';
  return null;
}

/** The profile's edit form: the sign-up checks of the fields it has. */
export function checkProfileForm(f: Fields): MessageKey | null {
  if (blank(f.name) || blank(f.mobile)) return 'fields.mandatory';
  if (refuses(mobile, f.mobile)) return 'mobile.invalid';
  return null;
}

export function checkChangeForm(f: Fields): MessageKey | null {
  if (blank(f.email) || blank(f.tempPasswd) || blank(f.newPasswd)) return 'fields.mandatory';
  if (badEmail(f.email)) return 'email.invalid';
  return passwordProblem(f.newPasswd);
}
