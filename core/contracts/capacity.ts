// Contracts of capacity and the waiting list (docs/decisions/245-247).
import * as z from 'zod';
import { keyWith, type Message } from './common';

/** The most units one member may wait for at once. */
export const MAX_WAIT_QTY = 50;
/** The most units a capacity may count (a large festival's entries). */
export const MAX_CAPACITY = 1_000_000;

/** A number whose every refusal but a missing one is said by `message` (a catalogue key). */
const wholeNumber = (message: string) =>
  z.number({
    error: (iss) => (iss.input === undefined ? 'input.required' : message),
  });

const productId = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.number') })
  .int('input.positiveWhole')
  .positive('input.positiveWhole');

/** A product's capacity in units; null makes it unlimited (/setProductCapacity, and /addProduct's optional field). */
export const capacityField = wholeNumber('input.capacity')
  .int('input.capacity')
  .min(0, 'input.capacity')
  .max(MAX_CAPACITY, 'input.max')
  .nullable();

/** Whether members may join the waiting list (/setProductWaitlist, and /addProduct's optional field). */
export const waitlistField = z.boolean({
  error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.boolean'),
});

/** Admin: a product's capacity; null makes it unlimited. Lowering below the units held or sold is refused. */
export const setProductCapacityRequest = z.object({ id: productId, capacity: capacityField });

/** Admin: whether members may join the product's waiting list when it is sold out. */
export const setProductWaitlistRequest = z.object({ id: productId, waitlist: waitlistField });

/** Admin: a product's waiting list. */
export const waitlistRequest = z.object({ productId });

/** Admin: take one entry off a product's waiting list (an offer it holds is given back to the line). */
export const removeFromWaitlistRequest = z.object({ productId, entryId: productId });

const WAIT_QTY = keyWith('input.wholeFromTo', { min: 1, max: MAX_WAIT_QTY });

/** Member: join a sold-out product's waiting list for `qty` units. */
export const joinWaitlistRequest = z.object({
  productId,
  qty: wholeNumber(WAIT_QTY).int(WAIT_QTY).min(1, WAIT_QTY).max(MAX_WAIT_QTY, WAIT_QTY),
});

/** Member: leave a product's waiting list (an offer not yet used is given back). */
export const leaveWaitlistRequest = z.object({ productId });

/** Member: the offer of the email's link: its units go into the member's cart. */
export const acceptWaitlistOfferRequest = z.object({
  offer: z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'input.required' : 'input.text') })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'input.offerCode'),
});

export type CapacityView = {
  id: number;
  capacity: number | null;
  /** units held (unpaid orders, offers) or sold */
  taken: number;
  unitsLeft: number | null;
  /** units forced past the capacity (offline gate sales, late payments): a conflict for admins */
  oversold: number;
  waitlist: boolean;
};

/** A member's place on a waiting list. */
export type WaitlistPlace = {
  productId: number;
  name: string;
  qty: number;
  state: 'waiting' | 'offered';
  /** 1 for the first in line */
  position: number;
  /** an offer's end, ms since the epoch; null while waiting */
  offerExpiresAt: number | null;
  /** the offer's code for /acceptWaitlistOffer; null while waiting */
  offer: string | null;
};

export type MyWaitlist = { places: WaitlistPlace[] };

export type WaitlistEntryView = {
  id: number;
  name: string;
  email: string;
  mobile: string;
  qty: number;
  state: 'waiting' | 'offered' | 'bought' | 'expired' | 'left' | 'removed';
  joinedAt: number;
  offerExpiresAt: number | null;
  orderRcptId: string | null;
};

export type AdminWaitlist = {
  productId: number;
  name: string;
  capacity: number | null;
  unitsLeft: number | null;
  waiting: number;
  entries: WaitlistEntryView[];
};

export type JoinedWaitlist = Message & { place: WaitlistPlace };
export type AcceptedOffer = Message & { productId: number; qty: number; offerExpiresAt: number };
