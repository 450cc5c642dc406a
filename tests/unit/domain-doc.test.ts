// docs/domain.md's generated sections follow the code: the state machines of core/orders.ts and every trigger with
// the body it has after the last migration. UPDATE_DOMAIN_DOC=1 rewrites them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, PAYMENT_TRANSITIONS, REFUND_INITIAL, REFUND_TRANSITIONS } from '../../core/orders';

const root = path.resolve(import.meta.dirname, '../..');
const docFile = path.join(root, 'docs/domain.md');
const migrations = path.join(root, 'migrations');

/** Each trigger's CREATE statement as the last migration that created it left it (dropped ones are gone). */
function currentTriggers(): Map<string, { sql: string; file: string }> {
  const triggers = new Map<string, { sql: string; file: string }>();
  for (const file of readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(path.join(migrations, file), 'utf8').replace(/--> statement-breakpoint/g, '');
    const re =
      /DROP TRIGGER(?: IF EXISTS)?\s+[`"]?(\w+)[`"]?\s*;|CREATE TRIGGER(?: IF NOT EXISTS)?\s+[`"]?(\w+)[`"]?[\s\S]*?\nEND\s*;/gi;
    for (const m of text.matchAll(re)) {
      if (m[1]) triggers.delete(m[1]);
      else triggers.set(m[2]!, { sql: m[0].trim(), file });
    }
  }
  return triggers;
}

function machine(name: string, transitions: Record<string, readonly string[]>, note = '') {
  const rows = Object.entries(transitions).map(
    ([from, to]) => `| ${from} | ${to.length ? to.join(', ') : '(final)'} |`,
  );
  return [`**${name}**${note}`, '', '| from | may become |', '| --- | --- |', ...rows].join('\n');
}

function machines() {
  return [
    machine('Order status', ORDER_TRANSITIONS, ' (`orders.status`; a new order starts in Pending Payment)'),
    machine(
      'Payment status',
      PAYMENT_TRANSITIONS,
      ' (`payments.status`; online starts `created`, a transfer `submitted`)',
    ),
    machine(
      'Refund status',
      REFUND_TRANSITIONS,
      ` (\`refunds.status\`; starts ${REFUND_INITIAL.map((s) => `\`${s}\``).join(' or ')})`,
    ),
    machine(
      'Statement credit state',
      {
        unmatched: ['matched', 'mismatch', 'ambiguous'],
        matched: ['approved', 'ambiguous', 'unmatched'],
        mismatch: ['approved', 'ambiguous', 'unmatched'],
        ambiguous: ['unmatched'],
        approved: ['unmatched'],
      },
      ' (`statement_lines.state`; matched on import, ambiguous when a second credit fits the same order, approved with its order; back to unmatched, flagged, when its order is rejected or refunded: docs/decisions/140)',
    ),
  ].join('\n\n');
}

function triggers() {
  return [...currentTriggers()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, t]) => `### ${name}\n\n(last written by migrations/${t.file})\n\n\`\`\`sql\n${t.sql}\n\`\`\``)
    .join('\n\n');
}

function section(doc: string, name: string, body: string) {
  const start = `<!-- generated:${name} -->`;
  const end = `<!-- /generated:${name} -->`;
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`docs/domain.md lacks the markers of ${name}`);
  return `${doc.slice(0, a + start.length)}\n${body}\n${doc.slice(b)}`;
}

describe('docs/domain.md', () => {
  it('lists the state machines and every trigger with its current body', () => {
    const doc = readFileSync(docFile, 'utf8');
    const expected = section(section(doc, 'machines', machines()), 'triggers', triggers());
    if (process.env.UPDATE_DOMAIN_DOC === '1') return writeFileSync(docFile, expected);
    expect(
      doc,
      'run UPDATE_DOMAIN_DOC=1 npx vitest run --config vitest.unit.config.ts tests/unit/domain-doc.test.ts',
    ).toBe(expected);
  });

  it('reads each trigger of the migrations, dropped ones gone and re-created ones at their last body', () => {
    const t = currentTriggers();
    expect(t.size).toBeGreaterThan(10);
    // member_price_entitlement was written by 0070, 0080 and 0145: the last one stands
    expect(t.get('member_price_entitlement')?.file).toBe('0145_refund_pending.sql');
    for (const [name, { sql }] of t) expect(sql, name).toMatch(/END\s*;$/i);
  });
});
