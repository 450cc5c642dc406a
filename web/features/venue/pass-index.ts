// The venue phone's copy of the festival year's passes, indexed for the gate's lookups. It runs in a Web Worker
// (passes.worker.ts): a copy holds tens of thousands of passes, and loading, merging and searching them must not
// hold the main thread, where the volunteer's next tap waits (docs/decisions/152). Pure: no DOM, no IndexedDB.
import type { VenuePass } from '../../../core/contracts/venue';
import { nameWords, parseVenueQuery, type VenueQuery } from '../../../core/venue-search';
import type { LocalPass } from './store';

/** At most this many results; a name shared by more asks for the mobile's digits to narrow it. */
export const SEARCH_LIMIT = 50;

export type SearchAnswer = { passes: LocalPass[]; more: boolean };

/** What an upload answered for one collection, applied to the copy. */
export type Uploaded = { orderRcptId: string; collectedAt: number | null; collectedBy: string | null };

export class PassIndex {
  private readonly passes = new Map<number, LocalPass>();
  private readonly byCode = new Map<string, number>();
  private readonly byRcpt = new Map<string, number>();
  private readonly words = new Map<number, string[]>();

  get size(): number {
    return this.passes.size;
  }

  get(id: number): LocalPass | undefined {
    return this.passes.get(id);
  }

  /** Takes a pass into the copy (replacing the one of the same id) and its indexes. */
  set(p: LocalPass): void {
    const old = this.passes.get(p.id);
    if (old && old.passCode !== p.passCode) this.byCode.delete(old.passCode.toLowerCase());
    this.passes.set(p.id, p);
    if (p.passCode) this.byCode.set(p.passCode.toLowerCase(), p.id);
    this.byRcpt.set(p.orderRcptId, p.id);
    if (!old || old.name !== p.name) this.words.set(p.id, nameWords(p.name));
  }

  clear(): void {
    this.passes.clear();
    this.byCode.clear();
    this.byRcpt.clear();
    this.words.clear();
  }

  /**
   * Takes server rows into the copy; a pass whose collection still waits in this phone's outbox stays collected
   * here (the server does not know yet). Returns the passes as now kept, to be written.
   */
  merge(rows: readonly VenuePass[], pendingRcpts: ReadonlySet<string>): LocalPass[] {
    const out: LocalPass[] = [];
    for (const r of rows) {
      const mine = this.passes.get(r.id);
      const next: LocalPass =
        mine?.pending && pendingRcpts.has(r.orderRcptId) && r.passCollected !== 1
          ? { ...r, passCollected: 1, collectedAt: mine.collectedAt, collectedBy: mine.collectedBy, pending: true }
          : { ...r };
      this.set(next);
      out.push(next);
    }
    return out;
  }

  /** Applies an upload's answers: the passes it named are collected as the server now says. */
  applyUploads(results: readonly Uploaded[]): LocalPass[] {
    const out: LocalPass[] = [];
    for (const r of results) {
      const id = this.byRcpt.get(r.orderRcptId);
      const p = id === undefined ? undefined : this.passes.get(id);
      if (!p) continue;
      const next: LocalPass = {
        ...p,
        passCollected: 1,
        collectedAt: r.collectedAt,
        collectedBy: r.collectedBy,
        pending: false,
      };
      this.set(next);
      out.push(next);
    }
    return out;
  }

  byPassCode(code: string): LocalPass | undefined {
    const id = this.byCode.get(code.trim().toLowerCase());
    return id === undefined ? undefined : this.passes.get(id);
  }

  /** The gate's lookup (core/venue-search.ts): exact matches first, then names in alphabetical order. */
  search(raw: string, limit = SEARCH_LIMIT): SearchAnswer {
    const q = parseVenueQuery(raw);
    if (!q) return { passes: [], more: false };
    const exact = this.exact(q);
    const seen = new Set(exact.map((p) => p.id));
    const found: LocalPass[] = [];
    let more = false;
    if (q.names.length > 0 || q.mobile || q.email) {
      for (const p of this.passes.values()) {
        if (seen.has(p.id) || !this.matches(p, q)) continue;
        if (exact.length + found.length >= limit) {
          more = true;
          break;
        }
        found.push(p);
      }
    }
    found.sort((a, b) => a.name.localeCompare(b.name) || b.id - a.id);
    return { passes: [...exact, ...found].slice(0, limit), more };
  }

  private exact(q: VenueQuery): LocalPass[] {
    const out: LocalPass[] = [];
    const add = (p: LocalPass | undefined) => p && !out.includes(p) && out.push(p);
    if (q.rcptId !== null) add(this.passes.get(q.rcptId));
    if (q.passCode) add(this.byPassCode(q.passCode));
    return out;
  }

  private matches(p: LocalPass, q: VenueQuery): boolean {
    if (q.mobile) return p.mobile.includes(q.mobile);
    // an admin's copy keeps emails (a volunteer's has none, decision 072): found by their beginning
    const email = q.email ?? (q.names.length === 1 && q.digits.length + q.ids.length === 0 ? q.text : null);
    if (email && p.email?.toLowerCase().startsWith(email)) return true;
    if (q.names.length === 0) return false;
    const words = this.words.get(p.id) ?? [];
    return (
      q.names.every((n) => words.some((w) => w.startsWith(n))) &&
      q.digits.every((d) => p.mobile.includes(d)) &&
      q.ids.every((id) => p.id === id)
    );
  }
}
