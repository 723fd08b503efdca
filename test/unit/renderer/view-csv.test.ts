/** The CSV file of a list view (renderer/src/lib/view-csv.ts): the shared cell rule, raw output, the BOM, and reading a whole list. */
import { describe, expect, it } from 'vitest';
import { readWholeList, type ViewColumn, viewCsv } from '../../../renderer/src/lib/view-csv';

interface Row {
  name: string;
  city: string | null;
  deals: number;
}

const columns: ViewColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'City', value: (r) => r.city },
  { header: 'Deals', value: (r) => r.deals },
];
const rows: Row[] = [
  { name: 'Ana "Ace" Ruiz', city: 'Köln', deals: 3 },
  { name: '=HYPERLINK("http://evil.example")', city: null, deals: -2 },
  { name: '+49 30 1234', city: 'Line\nbreak, comma', deals: 0 },
];

describe('viewCsv', () => {
  it('writes a header and one CRLF record per row, quoting text and keeping formulas from running', () => {
    expect(viewCsv(columns, rows)).toBe(
      [
        '"Name","City","Deals"',
        '"Ana ""Ace"" Ruiz","Köln",3',
        '"\'=HYPERLINK(""http://evil.example"")",,-2',
        '"\'+49 30 1234","Line\nbreak, comma",0',
        '',
      ].join('\r\n'),
    );
  });

  it('writes values as they are with raw (quoted only where RFC 4180 needs it), and a BOM when asked', () => {
    const text = viewCsv(columns, rows, { raw: true, bom: true });
    expect(text.startsWith('\uFEFFName,City,Deals\r\n')).toBe(true);
    expect(text).toContain('"=HYPERLINK(""http://evil.example"")",,-2\r\n');
    expect(text).toContain('+49 30 1234,"Line\nbreak, comma",0\r\n');
  });

  it('gives the header alone for an empty list', () => {
    expect(viewCsv(columns, [])).toBe('"Name","City","Deals"\r\n');
  });
});

describe('readWholeList', () => {
  it('reads every window in order until the total, asking from where it stopped', async () => {
    const all = Array.from({ length: 1203 }, (_, i) => i);
    const asked: Array<[number, number]> = [];
    const read = await readWholeList(async (offset, limit) => {
      asked.push([offset, limit]);
      return { rows: all.slice(offset, offset + limit), total: all.length };
    });
    expect(read).toEqual(all);
    expect(asked).toEqual([
      [0, 500],
      [500, 500],
      [1000, 500],
    ]);
  });

  it('stops at an empty window when the list shrank meanwhile', async () => {
    const read = await readWholeList(async (offset) => ({ rows: offset === 0 ? [1, 2] : [], total: 10 }));
    expect(read).toEqual([1, 2]);
  });
});
