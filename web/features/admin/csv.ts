// CSV export of any admin list (core/csv.ts): quoted cells, a BOM so spreadsheet apps read ₹ and Bengali names right.

import { type CsvColumn, toCsv } from '../../../core/csv';

export { type CsvColumn, toCsv };

export function downloadCsv<T>(name: string, rows: readonly T[], columns: readonly CsvColumn<T>[]) {
  downloadText(name, toCsv(rows, columns));
}

/** A CSV already built (the receipt register comes from the Worker): saved with the BOM and today's date. */
export function downloadText(name: string, csv: string) {
  const blob = new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
