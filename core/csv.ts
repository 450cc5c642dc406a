// CSV of any list (admin exports, the receipt register): quoted cells; the web's download adds a BOM so that
// spreadsheet apps read ₹ and Bengali names right.

export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null | undefined };

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const cell = (v: string | number | null | undefined) => {
    const text = v === null || v === undefined ? '' : String(v);
    // a leading = + - @ would be run as a formula by spreadsheet apps
    const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
