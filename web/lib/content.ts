// The association's content in the screens' language (docs/decisions/120). Each web/content/<name>.json
// may have a Bengali overlay <name>.bn.json beside it, with the same shape but only the texts: objects merge by
// key, lists by position, so photos, files, codes and names stay those of the English file. The overlays load
// with the Bengali catalogue (web/lib/content-bn.ts), so English pages do not ship them.
import { getLocale } from '../../core/i18n';

export type ContentName =
  | 'association'
  | 'footer'
  | 'gallery'
  | 'home'
  | 'magazines'
  | 'plans'
  | 'presentations'
  | 'responsibility'
  | 'sponsors'
  | 'tnc';

const overlays = new Map<ContentName, unknown>();
const merged = new Map<ContentName, unknown>();

export function registerOverlays(all: Partial<Record<ContentName, unknown>>) {
  for (const [name, overlay] of Object.entries(all)) overlays.set(name as ContentName, overlay);
  merged.clear();
}

/** `overlay` laid over `base`: objects by key, lists by position; a missing or empty value keeps the base. */
export function overlay<T>(base: T, over: unknown): T {
  if (over === undefined || over === null || over === '') return base;
  if (Array.isArray(base) && Array.isArray(over)) return base.map((item, i) => overlay(item, over[i])) as T;
  if (base && typeof base === 'object' && !Array.isArray(base) && typeof over === 'object' && !Array.isArray(over)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(over as Record<string, unknown>)) out[k] = overlay(out[k], v);
    return out as T;
  }
  return typeof over === typeof base || base === undefined ? (over as T) : base;
}

/** A content file in the screens' language: the English file itself, or it with the Bengali overlay. */
export function localized<T>(name: ContentName, english: T): T {
  if (getLocale() === 'en' || !overlays.has(name)) return english;
  if (!merged.has(name)) merged.set(name, overlay(english, overlays.get(name)));
  return merged.get(name) as T;
}

/** A product's name and description in the screens' language: the Bengali ones when the admins wrote them. */
export function productName(p: { name: string; nameBn?: string }): string {
  return getLocale() === 'bn-IN' && p.nameBn ? p.nameBn : p.name;
}

export function productDesc(p: { desc: string; descBn?: string }): string {
  return getLocale() === 'bn-IN' && p.descBn ? p.descBn : p.desc;
}
