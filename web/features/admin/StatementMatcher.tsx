import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import type { StatementImportView, StatementLineView } from '../../../core/contracts/refunds';
import { STATEMENT_CHUNK } from '../../../core/contracts/refunds';
import { t } from '../../../core/i18n';
import { formatINR, rupeesToPaise } from '../../../core/money';
import {
  creditsOf,
  findHeader,
  parseCsv,
  STATEMENT_ROLES,
  type StatementMapping,
  type StatementRole,
} from '../../../core/statement';
import { useToast } from '../../components/toast';
import { useAction } from '../../lib/use-action';
import {
  approveStatementMatches,
  clearStatementFlag,
  getStatementImport,
  getStatementMapping,
  importStatement,
} from './api';
import './statements.css';

const MAX_FILE_BYTES = 2 * 1024 * 1024;
const ROLE_LABEL: Record<StatementRole, string> = {
  date: 'date',
  narration: 'narration / description',
  reference: 'reference / UTR',
  credit: 'credit amount',
};

/**
 * Bank statement matching (docs/decisions/083, 140): the file is read here with the same code the server trusts for
 * shapes (core/statement.ts); its credits go to the server in chunks, which matches them to transfers waiting for
 * approval by whole references and keeps each credit once: importing a statement again shows what became of its
 * credits, with the matches still open approvable. Credits whose transfer was rejected or refunded by hand are
 * listed first, for the treasurer.
 */
const NONE: readonly StatementLineView[] = [];

export function StatementMatcher({
  onChanged,
  flagged = NONE,
}: {
  /** a transfer was approved, or a flag dealt with: the tab reloads its lists */
  onChanged?: () => void;
  /** the credits flagged for the treasurer; a new list (the tab reloaded) also refreshes the import shown */
  flagged?: readonly StatementLineView[];
}) {
  const { run, busy } = useAction();
  const toast = useToast();
  const [rows, setRows] = useState<string[][] | null>(null);
  const [fileName, setFileName] = useState('');
  const [mapping, setMapping] = useState<StatementMapping>({});
  const [needsMapping, setNeedsMapping] = useState(false);
  const [result, setResult] = useState<StatementImportView | null>(null);
  // a transfer approved or rejected in its dialog changes what the import shows: read it again
  const shownImport = useRef<number | null>(null);
  shownImport.current = result?.importId ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new flagged list means the tab reloaded its lists
  useEffect(() => {
    const importId = shownImport.current;
    if (!importId) return;
    let live = true;
    getStatementImport(importId)
      .then((v) => live && setResult(v))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [flagged]);

  const columns = rows
    ? (rows.slice(0, 40).reduce<string[]>((best, r) => (r.length > best.length ? r : best), []) ?? [])
    : [];

  async function send(all: string[][], map: StatementMapping, name: string) {
    const header = findHeader(all, map);
    if (!header) {
      setNeedsMapping(true);
      return toast.error(t('statement.notStatement'));
    }
    const credits = creditsOf(all, header);
    if (credits.length === 0) return toast.error(t('statement.noCredits'));
    setNeedsMapping(false);
    const used = {
      date: header.header[header.columns.date]!,
      narration: header.header[header.columns.narration]!,
      reference: header.header[header.columns.reference]!,
      credit: header.header[header.columns.credit]!,
    };
    // runs inside the caller's run(): one action at a time
    let view: StatementImportView | null = null;
    for (let i = 0; i < credits.length; i += STATEMENT_CHUNK) {
      view = await importStatement({
        ...(view ? { importId: view.importId } : { fileName: name.slice(0, 120), mapping: used }),
        credits: credits.slice(i, i + STATEMENT_CHUNK),
      });
    }
    setResult(view);
  }

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return void toast.error(t('statement.tooLarge'));
    void run(async () => {
      const [text, stored] = await Promise.all([file.text(), getStatementMapping()]);
      const all = parseCsv(text);
      setRows(all);
      setFileName(file.name);
      setMapping(stored);
      setResult(null);
      await send(all, stored, file.name);
    });
  };

  const approveAll = () =>
    run(async () => {
      if (!result) return;
      const r = await approveStatementMatches(result.importId);
      toast.success(r.message);
      setResult(r.statement);
      onChanged?.();
    });
  const dealtWith = (lineId: number) =>
    run(async () => {
      const r = await clearStatementFlag(lineId);
      toast.success(r.message);
      onChanged?.();
    });

  const of = (state: StatementLineView['state']) => result?.lines.filter((l) => l.state === state) ?? [];
  const matched = of('matched');
  return (
    <details className="admin-complete statement-matcher" open={flagged.length > 0 || undefined}>
      <summary>
        {t('statement.title')}
        {flagged.length > 0 ? <span className="credit-badge">{flagged.length}</span> : null}
      </summary>
      {flagged.length > 0 ? (
        <section className="statement-flagged" aria-labelledby="statement-flagged-title">
          <h3 id="statement-flagged-title">{t('statement.flagged', { n: flagged.length })}</h3>
          <p className="hint">{t('statement.flaggedIntro')}</p>
          <ul className="statement-lines">
            {flagged.map((l) => (
              <li key={l.lineId}>
                <span className="statement-line-text">
                  {l.date} · {formatINR(rupeesToPaise(l.amount))} · {shown(l)}
                  {l.flag && l.flagRcptId ? (
                    <strong> · {t(`statement.flag.${l.flag}`, { rcpt: l.flagRcptId })}</strong>
                  ) : null}
                </span>
                <button type="button" className="btn btn-small" disabled={busy} onClick={() => dealtWith(l.lineId)}>
                  {t('statement.dealtWith')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="hint">{t('statement.hint')}</p>
      <div className="field">
        <label htmlFor="statement-file">{t('statement.file')}</label>
        <input id="statement-file" type="file" accept=".csv,text/csv,text/plain" onChange={onFile} disabled={busy} />
      </div>
      {needsMapping && rows ? (
        <div className="statement-mapping">
          {STATEMENT_ROLES.map((role) => (
            <div className="field" key={role}>
              <label htmlFor={`map-${role}`}>{t('statement.column', { role: ROLE_LABEL[role] })}</label>
              <select
                id={`map-${role}`}
                value={mapping[role] ?? ''}
                onChange={(e) => setMapping((m) => ({ ...m, [role]: e.target.value }))}
              >
                <option value="">—</option>
                {[...new Set(columns)].map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void run(() => send(rows, mapping, fileName))}
          >
            {t('admin.search.button')}
          </button>
        </div>
      ) : null}
      {result ? (
        <div className="statement-result">
          <p>
            {t('statement.summary', {
              credits: result.credits,
              matched: matched.length + of('approved').length,
              ambiguous: of('ambiguous').length,
              mismatch: of('mismatch').length,
              unmatched: of('unmatched').length,
              duplicates: result.duplicates,
            })}
          </p>
          {matched.length > 0 ? (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={approveAll}>
              {t('statement.approveAll', { count: matched.length })}
            </button>
          ) : null}
          <LineList title={t('statement.matched')} lines={[...matched, ...of('approved')]} />
          <LineList title={t('statement.ambiguous')} lines={of('ambiguous')} />
          <LineList title={t('statement.mismatch')} lines={of('mismatch')} />
          <LineList title={t('statement.unmatched')} lines={of('unmatched')} />
        </div>
      ) : null}
    </details>
  );
}

/** What a person reads of a credit: its narration (where banks write the UPI or NEFT reference), else its reference. */
export const shown = (l: Pick<StatementLineView, 'narration' | 'reference'>) =>
  (l.narration || l.reference).slice(0, 90);

function LineList({ title, lines }: { title: string; lines: StatementLineView[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="statement-lines">
        {lines.map((l) => (
          <li key={l.lineId} className={`credit-${l.state}`}>
            <span className="statement-line-text">
              {l.date} · {formatINR(rupeesToPaise(l.amount))} · {shown(l)}
              {l.orderRcptId && l.state !== 'ambiguous' ? ` → ${l.orderRcptId} ${l.userName ?? ''}` : ''}
              {l.state === 'ambiguous' ? ` · ${t('statement.fits', { rcpts: l.candidates.join(', ') })}` : ''}
              {l.expected !== null
                ? ` (${t('statement.expected', { amount: formatINR(rupeesToPaise(l.expected)) })})`
                : ''}
              {l.state === 'approved' ? ` · ✓ ${t('statement.approvedMark')}` : ''}
              {l.importedBefore ? <em> · {t('statement.importedBefore')}</em> : null}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
