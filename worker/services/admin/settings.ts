import { sql } from 'drizzle-orm';
import { DEFAULT_WAIVER_RULE, type WaiverRule } from '../../../core/pricing';
import { settings } from '../../../schema/index';
import association from '../../../web/content/association.json';
import { runBatch } from '../../lib/d1-batch';
import type { Db } from '../../lib/db';
import { forgetSettingsVersion, settingsVersionSeen } from '../../lib/session';

export type BankDetails = { payee: string; accountNumber: string; ifsc: string; bankName: string; upiVpa: string };

export type Settings = {
  membershipLive: boolean;
  dailyPassLive: boolean;
  bank: BankDetails;
  /** Online convenience charge in basis points: 236 = 2.36% (DECISIONS.md default). */
  convenienceChargeBasisPoints: number;
  /** The membership fee waiver for sponsoring families (docs/decisions/255); thresholds in paise. */
  membershipWaiver: WaiverRule;
  /** The association's 80G registration as its receipts print it; null: none (the T&C says so). */
  eightyG: string | null;
};

export const SETTING_DEFAULTS: Settings = {
  membershipLive: true,
  dailyPassLive: true,
  bank: association.bank,
  convenienceChargeBasisPoints: 236,
  membershipWaiver: DEFAULT_WAIVER_RULE,
  eightyG: null,
};

export type SettingKey = keyof Settings;

// The settings kept per isolate (docs/decisions/114): every row with the version it was read at. A request whose
// session lookup brought the current version (settingsVersionSeen, worker/lib/session.ts) uses the copy when the versions match and
// reads nothing; any other request reads the rows, and the version with them, in one query.
let copy: { version: number; rows: Map<string, string> } | null = null;

type SettingRow = { version: number; key: string | null; value: string | null };

/**
 * Every setting row with the version, as one statement: the version row joined to every setting gives one answer
 * even before any setting was saved. For a call that sends it in its own batch (docs/decisions/111); pickSettings()
 * reads its answer.
 */
export function settingsQuery(db: Db) {
  return db.all<SettingRow>(
    sql`SELECT v.v AS version, s.key AS key, s.value AS value FROM settings_version v LEFT JOIN settings s ON 1 = 1`,
  );
}

/** Keeps the rows read by settingsQuery() as the isolate's copy unless it holds a newer one, and answers them. */
function keep(rows: readonly SettingRow[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of rows) if (r.key !== null && r.value !== null) map.set(r.key, r.value);
  const version = rows[0]?.version;
  if (typeof version === 'number' && (!copy || version >= copy.version)) copy = { version, rows: map };
  return map;
}

async function settingRows(db: Db): Promise<Map<string, string>> {
  const seen = settingsVersionSeen(db);
  if (copy && seen !== undefined && copy.version === seen) return copy.rows;
  return keep((await runBatch(db, [settingsQuery(db)]))[0]);
}

function pick<K extends SettingKey>(rows: ReadonlyMap<string, string>, keys: readonly K[]): Pick<Settings, K> {
  const out = {} as Pick<Settings, K>;
  for (const key of keys) {
    const value = rows.get(key);
    out[key] = value !== undefined ? (JSON.parse(value) as Settings[K]) : SETTING_DEFAULTS[key];
  }
  return out;
}

export async function getSettings<K extends SettingKey>(db: Db, keys: K[]): Promise<Pick<Settings, K>> {
  return pick(await settingRows(db), keys);
}

/** The settings from the answer of settingsQuery(), which also refreshes the isolate's copy. */
export function pickSettings<K extends SettingKey>(rows: readonly SettingRow[], keys: readonly K[]): Pick<Settings, K> {
  return pick(keep(rows), keys);
}

export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<Settings[K]> {
  return (await getSettings(db, [key]))[key];
}

/** The upsert for one setting, to be batched with its audit row. */
export function putSetting<K extends SettingKey>(db: Db, key: K, value: Settings[K], actorId: number | null) {
  // this request reads its own write: no copy, and no version from before it
  copy = null;
  forgetSettingsVersion(db);
  const json = JSON.stringify(value);
  return db
    .insert(settings)
    .values({ key, value: json, updatedBy: actorId, updatedAt: Date.now() })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: json, updatedBy: actorId, updatedAt: Date.now() },
      // the same value again is no write (and no audit row: admin-system.ts updateSettings)
      setWhere: sql`${settings.value} IS NOT excluded.value`,
    });
}
