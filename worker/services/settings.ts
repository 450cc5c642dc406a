import { inArray } from 'drizzle-orm';
import association from '../../web/content/association.json';
import { settings } from '../../schema/index';
import type { Db } from '../lib/db';

export type BankDetails = { payee: string; accountNumber: string; ifsc: string; bankName: string; upiVpa: string };

export type Settings = {
  membershipLive: boolean;
  dailyPassLive: boolean;
  bank: BankDetails;
  /** Online convenience charge in basis points: 236 = 2.36% (DECISIONS.md default). */
  convenienceChargeBasisPoints: number;
};

export const SETTING_DEFAULTS: Settings = {
  membershipLive: true,
  dailyPassLive: true,
  bank: association.bank,
  convenienceChargeBasisPoints: 236,
};

export type SettingKey = keyof Settings;

export async function getSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Pick<Settings, K>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys)).all();
  const out = {} as Pick<Settings, K>;
  for (const key of keys) {
    const row = rows.find((r) => r.key === key);
    out[key] = row ? (JSON.parse(row.value) as Settings[K]) : SETTING_DEFAULTS[key];
  }
  return out;
}

export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<Settings[K]> {
  return (await getSettings(db, [key]))[key];
}

/** The upsert for one setting, to be batched with its audit row. */
export function putSetting<K extends SettingKey>(db: Db, key: K, value: Settings[K], actorId: number | null) {
  const json = JSON.stringify(value);
  return db
    .insert(settings)
    .values({ key, value: json, updatedBy: actorId, updatedAt: Date.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedBy: actorId, updatedAt: Date.now() } });
}
