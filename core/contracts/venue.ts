import * as z from 'zod';
import type { OrderStatus } from '../orders';
import { keyWith, optionalText } from './common';

// Venue pass collection: online marking, the offline queue's upload, the phone's delta sync and the
// admins' conflicts list. Times are epoch milliseconds.

const rcptId = z.union([z.string().trim().min(1, 'input.required').max(20, 'input.maxChars'), z.number()], {
  error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text'),
});
const nonce = z
  .string({ error: 'input.text' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, keyWith('input.lettersDigits', { min: 8, max: 100 }));
const deviceId = z.string({ error: 'input.text' }).trim().max(100, 'input.maxChars').nullish();
// 2020-01-01 .. 2100-01-01: a phone with its clock reset to 1970 still sends a number, but not that one
const epochMs = z
  .number({ error: 'input.time' })
  .int('input.wholeMs')
  .min(1_577_836_800_000, 'input.plausibleTime')
  .max(4_102_444_800_000, 'input.plausibleTime');
const passCode = z
  .string({ error: 'input.text' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{6,64}$/, 'input.passCode');

/** SPEC.md: userName, userEmail, orderRcptId; the venue screen adds nonce, happenedAt and deviceId. */
export const markCouponCollectedRequest = z.object({
  userName: optionalText(),
  userEmail: optionalText(254),
  orderRcptId: rcptId,
  nonce: nonce.nullish(),
  happenedAt: epochMs.nullish(),
  deviceId,
});

/** Takes back a mistaken tap (docs/decisions/153): the collection's nonce, as the phone sent it. */
export const undoCollectionRequest = z.object({ nonce });

export const MAX_UPLOAD_ITEMS = 100;

export const collectionUploadItem = z
  .object({
    nonce,
    orderRcptId: rcptId.nullish(),
    passCode: passCode.nullish(),
    happenedAt: epochMs,
    deviceId,
  })
  .refine((i) => i.orderRcptId != null || i.passCode != null, {
    message: 'input.rcptOrPass',
    path: ['orderRcptId'],
  });

export const uploadCollectionsRequest = z.object({
  items: z
    .array(collectionUploadItem, { error: 'input.list' })
    .min(1, 'input.oneCollection')
    .max(MAX_UPLOAD_ITEMS, 'input.maxCollections'),
  deviceId,
});

export const MAX_SYNC_PAGE = 1000;

export const venueSyncRequest = z.object({
  cursor: z
    .string({ error: 'input.text' })
    .regex(/^\d{1,16}:\d{1,12}$/, 'input.cursor')
    .nullish(),
  limit: z.number({ error: 'input.number' }).int().min(1).max(MAX_SYNC_PAGE).nullish(),
});

export const venueSearchRequest = z.object({
  q: z.string({ error: 'input.text' }).trim().min(3, 'input.minChars').max(254),
});

export const collectionConflictsRequest = z.object({
  fiscalYear: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'input.festivalYear')
    .nullish(),
});

/** One pass order as a volunteer's phone keeps it: small, so thousands fit cheaply. */
export type VenuePass = {
  id: number;
  orderRcptId: string;
  passCode: string;
  status: OrderStatus;
  name: string;
  mobile: string;
  email: string;
  lines: { code: string; name: string; qty: number }[];
  qty: number;
  passCollected: 0 | 1 | null;
  collectedAt: number | null;
  collectedBy: string | null;
  /** every pass unit refunded (migrations/0080): the venue refuses the pass as "Refunded" */
  refunded?: boolean;
};

export type VenueSyncResponse = { rows: VenuePass[]; cursor: string | null; more: boolean; fiscalYear: string };

export type MarkCollectedResponse = {
  orderRcptId: string;
  passCollected: 1;
  collectedAt: number;
  collectedBy: string;
  message: string;
  pass: VenuePass;
};

export type UndoCollectionResponse = { orderRcptId: string; message: string; pass: VenuePass };

export type UploadResult = {
  nonce: string;
  status: 'recorded' | 'duplicate' | 'conflict' | 'unknown';
  orderRcptId: string | null;
  collectedAt: number | null;
  collectedBy: string | null;
};

export type UploadCollectionsResponse = {
  results: UploadResult[];
  recorded: number;
  duplicates: number;
  conflicts: number;
  unknown: number;
};

export type CollectionConflict = {
  orderRcptId: string;
  name: string;
  mobile: string;
  email: string;
  collectedAt: number | null;
  collectedBy: string | null;
  events: {
    nonce: string;
    volunteer: string;
    deviceId: string | null;
    happenedAt: number;
    recordedAt: number;
    source: 'online' | 'offline';
    counted: boolean;
    reason: string | null;
  }[];
};
