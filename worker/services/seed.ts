import { sql } from 'drizzle-orm';
import { products, users } from '../../schema/index';
import type { Config } from '../lib/config';
import { hashPassword } from '../lib/crypto';
import { runBatch } from '../lib/d1-batch';
import type { Db } from '../lib/db';

type SeedProduct = {
  id?: number;
  type: 'MEMBERSHIP' | 'SPONSORSHIP' | 'DAILY_PASS';
  code: string;
  name: string;
  description: string;
  nameBn: string; // members see the product in Bengali too
  descriptionBn: string;
  price: number; // rupees
  coPrice: number;
  fullSponsorOnly?: boolean;
};

/** Demo catalogue for local development; production catalogues are built in the admin console. */
export const DEMO_PRODUCTS: SeedProduct[] = [
  {
    type: 'MEMBERSHIP',
    code: 'MABD',
    name: 'AASHIRBAD',
    description: 'Puja days with Saptami, Ashtami and Nabami bhog, member queue and parking.',
    nameBn: 'আশীর্বাদ',
    descriptionBn: 'সপ্তমী, অষ্টমী ও নবমীর ভোগ সহ পুজোর দিনগুলি, সদস্যদের লাইন ও পার্কিং।',
    price: 1500,
    coPrice: 1500,
  },
  {
    type: 'MEMBERSHIP',
    code: 'MHHR',
    name: 'HOI HULLOR',
    description: 'Dandiya, the cultural programmes and Saptami bhog, member queue and parking.',
    nameBn: 'হই হুল্লোড়',
    descriptionBn: 'ডান্ডিয়া, সাংস্কৃতিক অনুষ্ঠান ও সপ্তমীর ভোগ, সদস্যদের লাইন ও পার্কিং।',
    price: 2250,
    coPrice: 2250,
  },
  {
    type: 'MEMBERSHIP',
    code: 'MUTV',
    name: 'UTSAV',
    description:
      'Everything, with the gala dinner and bhog at Laxmi, Kali and Saraswati pujas. Lower per head for families of three or more.',
    nameBn: 'উৎসব',
    descriptionBn: 'সব কিছু, সঙ্গে গালা ডিনার এবং লক্ষ্মী, কালী ও সরস্বতী পুজোর ভোগ। তিন বা তার বেশি সদস্যের পরিবারে মাথাপিছু কম।',
    price: 2650,
    coPrice: 2650,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SIDL',
    name: 'Pratima (the idol)',
    description: 'The idol of Ma Kali, sculpted for our 17th year.',
    nameBn: 'প্রতিমা',
    descriptionBn: 'আমাদের ১৭তম বছরের জন্য গড়া মা কালীর প্রতিমা।',
    price: 45000,
    coPrice: 45000,
    fullSponsorOnly: true,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SPDL',
    name: 'Pandal decoration',
    description: 'Flowers, fabric and the alpana of the pandal.',
    nameBn: 'প্যান্ডেল সজ্জা',
    descriptionBn: 'প্যান্ডেলের ফুল, কাপড় ও আলপনা।',
    price: 25000,
    coPrice: 8000,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SLGT',
    name: 'Lighting',
    description: 'The lights of the pandal and the grounds.',
    nameBn: 'আলোকসজ্জা',
    descriptionBn: 'প্যান্ডেল ও মাঠের আলো।',
    price: 20000,
    coPrice: 6000,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SDHK',
    name: 'Dhaki and dhak',
    description: 'The drummers for all puja days.',
    nameBn: 'ঢাকি ও ঢাক',
    descriptionBn: 'পুজোর সব দিনের ঢাকিরা।',
    price: 15000,
    coPrice: 5000,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SSBH',
    name: 'Saptami bhog',
    description: 'The bhog served to everyone on Saptami.',
    nameBn: 'সপ্তমীর ভোগ',
    descriptionBn: 'সপ্তমীতে সবার জন্য পরিবেশিত ভোগ।',
    price: 30000,
    coPrice: 7500,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SABH',
    name: 'Ashtami bhog',
    description: 'The bhog served to everyone on Ashtami.',
    nameBn: 'অষ্টমীর ভোগ',
    descriptionBn: 'অষ্টমীতে সবার জন্য পরিবেশিত ভোগ।',
    price: 30000,
    coPrice: 7500,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SNBH',
    name: 'Nabami bhog',
    description: 'The bhog served to everyone on Nabami.',
    nameBn: 'নবমীর ভোগ',
    descriptionBn: 'নবমীতে সবার জন্য পরিবেশিত ভোগ।',
    price: 30000,
    coPrice: 7500,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SPRS',
    name: 'Prasad and fruits',
    description: 'Fruits, sweets and prasad for the pujas.',
    nameBn: 'প্রসাদ ও ফল',
    descriptionBn: 'পুজোর জন্য ফল, মিষ্টি ও প্রসাদ।',
    price: 12000,
    coPrice: 4000,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SFLW',
    name: 'Flowers and garlands',
    description: 'Flowers for every puja of the festival.',
    nameBn: 'ফুল ও মালা',
    descriptionBn: 'উৎসবের প্রতিটি পুজোর ফুল।',
    price: 10000,
    coPrice: 3500,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SSTG',
    name: 'Stage and sound',
    description: 'The stage, sound and lights for the cultural evenings.',
    nameBn: 'মঞ্চ ও শব্দ',
    descriptionBn: 'সাংস্কৃতিক সন্ধ্যাগুলির মঞ্চ, শব্দ ও আলো।',
    price: 35000,
    coPrice: 10000,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SCUL',
    name: 'Guest artists',
    description: 'The guest artists of the cultural programme.',
    nameBn: 'অতিথি শিল্পী',
    descriptionBn: 'সাংস্কৃতিক অনুষ্ঠানের অতিথি শিল্পীরা।',
    price: 40000,
    coPrice: 12000,
  },
  {
    type: 'SPONSORSHIP',
    code: 'SMAG',
    name: 'Festival magazine',
    description: 'Printing of this year\u2019s festival magazine.',
    nameBn: 'উৎসব পত্রিকা',
    descriptionBn: 'এ বছরের উৎসব পত্রিকার ছাপা।',
    price: 18000,
    coPrice: 6000,
  },
  {
    type: 'DAILY_PASS',
    code: 'DPDY1',
    name: 'Dandiya Night Pass',
    description: 'Entry to the Dandiya night, per person. 10% off the line for four or more.',
    nameBn: 'ডান্ডিয়া নাইট পাস',
    descriptionBn: 'ডান্ডিয়া রাতে প্রবেশ, মাথাপিছু। চার বা তার বেশি হলে পুরো লাইনে ১০% ছাড়।',
    price: 500,
    coPrice: 500,
  },
  {
    type: 'DAILY_PASS',
    code: 'DPDY',
    name: 'Dinner Pass',
    description: 'Festival dinner on a puja night, per person.',
    nameBn: 'ডিনার পাস',
    descriptionBn: 'পুজোর এক রাতের উৎসব ডিনার, মাথাপিছু।',
    price: 700,
    coPrice: 700,
  },
  {
    type: 'DAILY_PASS',
    code: 'DPKP',
    name: 'Kali Puja Bhog Pass',
    description: 'Bhog on Kali Puja night, per person. Utsav members pay less for their household.',
    nameBn: 'কালী পুজোর ভোগ পাস',
    descriptionBn: 'কালী পুজোর রাতের ভোগ, মাথাপিছু। উৎসব সদস্যদের পরিবারের জন্য কম দাম।',
    price: 600,
    coPrice: 400,
  },
  {
    type: 'DAILY_PASS',
    code: 'DPAD',
    name: 'Adda and Snacks Pass',
    description: 'Evening snacks and tea at the stalls, per person.',
    nameBn: 'আড্ডা ও জলখাবার পাস',
    descriptionBn: 'স্টলে সন্ধ্যার জলখাবার ও চা, মাথাপিছু।',
    price: 250,
    coPrice: 250,
  },
  {
    id: 84,
    type: 'DAILY_PASS',
    code: 'DNP',
    name: 'Extra contribution',
    description: 'An amount of your choice towards the festival.',
    nameBn: 'অতিরিক্ত অবদান',
    descriptionBn: 'উৎসবের জন্য আপনার পছন্দের যেকোনো অঙ্ক।',
    price: 1,
    coPrice: 1,
  },
];

/**
 * The finite passes as the committee would set them (plates of bhog, dinner seats), with a waiting list
 * on the dinner (docs/decisions/247).
 */
export const DEMO_CAPACITY: Record<string, { capacity: number; waitlist?: boolean }> = {
  DPKP: { capacity: 800 },
  DPDY: { capacity: 300, waitlist: true },
};

export const DEMO_USERS = [
  {
    email: 'admin@example.org',
    password: 'admin-demo-123',
    name: 'Demo Admin',
    mobile: '9000000001',
    isAdmin: true,
    isVolunteer: false,
    isMember: false,
  },
  {
    email: 'member@example.org',
    password: 'member-demo-123',
    name: 'Demo Member',
    mobile: '9000000002',
    isAdmin: false,
    isVolunteer: false,
    isMember: true,
  },
  {
    email: 'volunteer@example.org',
    password: 'volunteer-demo-123',
    name: 'Demo Volunteer',
    mobile: '9000000003',
    isAdmin: false,
    isVolunteer: true,
    isMember: false,
  },
];

/** Idempotent: inserts what is missing, never changes what is there. Local mode only. */
export async function seedDemo(db: Db, config: Config): Promise<void> {
  if (!config.isLocal) throw new Error('seeding runs in local mode only');
  const existing = await db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(sql`email = 'admin@example.org'`)
    .get();
  if ((existing?.n ?? 0) > 0) return;
  const hashed = await Promise.all(
    DEMO_USERS.map(async ({ password, ...u }) => ({
      ...u,
      emailVerified: true,
      passwordHash: await hashPassword(password, config.PASSWORD_PEPPER),
    })),
  );
  // One row per statement: D1 binds at most 100 parameters to a statement.
  const [first, ...rest] = [
    ...DEMO_PRODUCTS.map((p, i) =>
      db
        .insert(products)
        .values({
          ...(p.id ? { id: p.id } : {}),
          type: p.type,
          code: p.code,
          name: p.name,
          description: p.description,
          nameBn: p.nameBn,
          descriptionBn: p.descriptionBn,
          pricePaise: p.price * 100,
          coPricePaise: p.coPrice * 100,
          fullSponsorOnly: p.fullSponsorOnly ?? false,
          capacity: DEMO_CAPACITY[p.code]?.capacity ?? null,
          waitlist: DEMO_CAPACITY[p.code]?.waitlist ?? false,
          sortOrder: i,
        })
        .onConflictDoNothing(),
    ),
    ...hashed.map((u) => db.insert(users).values(u).onConflictDoNothing()),
  ];
  await runBatch(db, [first!, ...rest]);
}

const seeded = new WeakSet<object>();

/** Called on each request in local mode; after the first success it costs nothing. */
export async function ensureSeeded(db: Db, config: Config, key: object): Promise<void> {
  if (seeded.has(key)) return;
  await seedDemo(db, config);
  seeded.add(key);
}
