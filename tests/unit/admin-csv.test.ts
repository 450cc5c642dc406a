import { describe, expect, it } from 'vitest';
import { toCsv } from '../../web/features/admin/csv';

describe('admin CSV export', () => {
  const cols = [
    { header: 'Name', value: (r: { name: string; amount: number | null }) => r.name },
    { header: 'Amount', value: (r: { name: string; amount: number | null }) => r.amount },
  ];

  it('quotes commas, quotes and line breaks, and leaves empty cells for null', () => {
    const csv = toCsv(
      [
        { name: 'Roy, Sharmila', amount: 1500 },
        { name: 'Said "hi"\nthen left', amount: null },
      ],
      cols,
    );
    expect(csv).toBe('Name,Amount\r\n"Roy, Sharmila",1500\r\n"Said ""hi""\nthen left",\r\n');
  });

  it('defuses spreadsheet formulas but keeps negative numbers', () => {
    const csv = toCsv(
      [
        { name: '=HYPERLINK("x")', amount: -5 },
        { name: '@SUM(A1)', amount: 0 },
      ],
      cols,
    );
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")",-5`);
    expect(csv.split('\r\n')[2]).toBe("'@SUM(A1),0");
  });
});
