// The audit log in sentences (docs/decisions/164, 279): every action the Worker writes to audit_log has a sentence of
// its own in web/features/admin/audit-text.ts, so that a committee member reads what happened, not an action's name.
// The actions are read from the Worker's source: each 'area.verb' literal written beside an audit row (an INSERT INTO
// audit_log, an `action:` of afterChange/orderAudit, a campaign's end), not a message key handed to say() or told().
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIENCES, CHANNELS, MESSAGE_KINDS } from '../../core/channels';
import { GATE_MODES } from '../../core/contracts/gate';
import { auditEn } from '../../core/messages/audit.en';
import { hasSentence } from '../../web/features/admin/audit-text';

const ROOT = path.resolve(import.meta.dirname, '../..');
const AREAS =
  'order|pass|refund|product|catalogue|settings|statement|user|reminder|gate|waitlist|receipt|announcement|consent|push';
const LITERAL = new RegExp(`(?<!\\b(?:say|told|w|tIn|t|conflict)\\()'((?:${AREAS})\\.[a-z_]+)'`, 'g');
const AUDIT_CONTEXT = /audit_log|auditLog|\baction:|orderAudit\(|afterChange\(|changeProduct\(|finishCampaign\(/;
/** An action built at run time (`refund.${to}`): the prefix, and the actions it can make. */
const TEMPLATE = new RegExp(`\`((?:${AREAS})\\.)\\$\\{`, 'g');
const BUILT: Record<string, string[]> = {
  // worker/services/transitions/refunds.ts: a refund's move to pending, processed or failed
  'refund.': ['refund.accepted', 'refund.processed', 'refund.failed'],
};

function workerFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return workerFiles(rel);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Each audit action the Worker's source writes, with the first place it is written. */
function auditActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of workerFiles('worker')) {
    const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!AUDIT_CONTEXT.test(lines.slice(Math.max(0, i - 10), i + 3).join('\n'))) return;
      const at = `${file}:${i + 1}`;
      for (const m of line.matchAll(LITERAL)) if (!found.has(m[1]!)) found.set(m[1]!, at);
      for (const m of line.matchAll(TEMPLATE)) {
        // a prefix not listed in BUILT is itself reported as an action without a sentence
        for (const a of BUILT[m[1]!] ?? [`${m[1]}\${…}`]) if (!found.has(a)) found.set(a, at);
      }
    });
  }
  return found;
}

describe('the audit log has a sentence for every action', () => {
  it('reads the actions the Worker writes, from its source', () => {
    const actions = auditActions();
    // the scan sees the kinds of writes there are: SQL, afterChange, orderAudit, a campaign's end
    for (const a of [
      'order.started',
      'product.added',
      'product.capacity_changed',
      'product.availability_changed',
      'order.transfer_attached',
      'reminder.campaign_done',
      'refund.processed',
    ]) {
      expect(actions.has(a), a).toBe(true);
    }
    expect(actions.size).toBeGreaterThan(40);
    const without = [...actions].filter(([a]) => !hasSentence(a)).map(([a, at]) => `${a} (${at})`);
    expect(without).toEqual([]);
  });

  it('has a word for every audience, kind of message, channel and gate payment', () => {
    const keys = Object.keys(auditEn);
    for (const a of AUDIENCES) expect(keys, a).toContain(`audit.aud.${a}`);
    for (const k of MESSAGE_KINDS) expect(keys, k).toContain(`audit.kind.${k}`);
    for (const c of CHANNELS) expect(keys, c).toContain(`audit.channel.${c}`);
    expect(GATE_MODES).toEqual(['cash', 'upi']);
  });
});
