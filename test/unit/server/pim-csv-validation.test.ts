/** The streaming CSV validator behind `Validate File`: exact rows, lines and columns of every issue. */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type MappingColumn, maxReportedIssues, validateCsv } from '../../../server/pim/csv-validation';

const contactColumns: MappingColumn[] = [
  { column: 'First name', field: 'firstName', required: true, transform: 'trim' },
  { column: 'Last name', field: 'lastName', required: true, transform: null },
  { column: 'E-mail', field: 'email', required: false, transform: 'lowercase' },
  { column: 'Company', field: 'companyName', required: false, transform: null },
  { column: 'Country', field: 'country', required: false, transform: 'uppercase' },
];
const companies = new Set(['acme corp', 'globex']);
const setup = (columns = contactColumns, delimiter = ',') => ({
  target: 'contact' as const,
  columns,
  delimiter,
  companyExists: (name: string) => companies.has(name.toLowerCase()),
});
const run = (text: string, s = setup()) => validateCsv(Readable.from([Buffer.from(text, 'utf8')]), s);

describe('validateCsv', () => {
  it('reports exact rows, lines and columns on a crafted file', async () => {
    const csv = [
      '\ufeffFirst name,Last name,E-mail,Company,Country', // row 1, line 1
      ' Ann ,Lee,ANN@EXAMPLE.COM,"Acme Corp",us', // row 2: valid after transforms
      '"Bob, Jr.",Stone,bob(at)example.com,Globex,DE', // row 3: quoted comma; bad e-mail (col 3)
      ',Kim,kim@example.com,Initech,FR', // row 4: missing first name (col 1), unknown company (col 4)
      '"Multi', // row 5 starts on line 5 and spans two lines
      'line",Park,ann@example.com,,XX', // ... duplicate e-mail of row 2, bad country
      'too,few', // row 6, line 7: wrong column count
      ',,,,', // row 7, line 8: blank
      'Eve,"Ad""ams",eve@example.com,,GB', // row 8, line 9: escaped quote, valid
    ].join('\r\n');
    const r = await run(`${csv}\r\n`);
    expect(r.header).toEqual(['First name', 'Last name', 'E-mail', 'Company', 'Country']);
    expect(r.totals).toEqual({ rows: 6, valid: 2, invalid: 4, blank: 1 });
    expect(r.truncated).toBe(false);
    const brief = r.issues.map((i) => [i.row, i.line, i.column?.name ?? null, i.column?.index ?? null, i.code]);
    expect(brief).toEqual([
      [3, 3, 'E-mail', 3, 'invalidEmail'],
      [4, 4, 'First name', 1, 'missingRequired'],
      [4, 4, 'Company', 4, 'unknownCompany'],
      [5, 5, 'E-mail', 3, 'duplicate'],
      [5, 5, 'Country', 5, 'invalidCountry'],
      [6, 7, null, null, 'malformedRow'],
    ]);
    expect(r.issues[3].message).toContain('row 2');
    expect(r.issues[5].message).toContain('2 fields; the header has 5');
  });

  it('reports broken quoting as a malformed row and goes on', async () => {
    const r = await run('First name,Last name\nA,B\nbad"quote,C\nD,E\n"open,F\nG,H\n');
    expect(r.totals).toEqual({ rows: 4, valid: 2, invalid: 2, blank: 0 });
    expect(r.issues.map((i) => [i.row, i.line, i.code])).toEqual([
      [1, 1, 'missingColumn'],
      [1, 1, 'missingColumn'],
      [1, 1, 'missingColumn'],
      [3, 3, 'malformedRow'],
      [5, 5, 'malformedRow'],
    ]);
    expect(r.issues[0].column).toEqual({ name: 'E-mail', index: null });
    expect(r.issues[4].message).toContain('not closed');
  });

  it('counts every row invalid when a required column is missing from the header', async () => {
    const r = await run('Last name;E-mail\nLee;a@example.com\nKim;b@example.com\n', setup(contactColumns, ';'));
    expect(r.totals).toEqual({ rows: 2, valid: 0, invalid: 2, blank: 0 });
    expect(r.issues.filter((i) => i.code === 'missingColumn').map((i) => i.column?.name)).toEqual([
      'First name',
      'Company',
      'Country',
    ]);
  });

  it('keeps the first 1000 issues and counts all rows', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `Name${i},Last,not-an-email,,`);
    const r = await run(['First name,Last name,E-mail,Company,Country', ...rows].join('\n'));
    expect(r.issues).toHaveLength(maxReportedIssues);
    expect(r.truncated).toBe(true);
    expect(r.totals).toEqual({ rows: 1500, valid: 0, invalid: 1500, blank: 0 });
    expect(r.issues.at(-1)?.row).toBe(1001);
  });

  it('checks company fields: URLs, phones, lengths and duplicate names', async () => {
    const columns: MappingColumn[] = [
      { column: 'name', field: 'name', required: true, transform: null },
      { column: 'website', field: 'website', required: false, transform: null },
      { column: 'phone', field: 'phone', required: false, transform: null },
      { column: 'postalCode', field: 'postalCode', required: false, transform: null },
    ];
    const csv =
      'name,website,phone,postalCode\nAcme,https://acme.example,+1 828 555 0100,28801\nacme,ftp://x,12,123456789012345678901\n';
    const r = await validateCsv(Readable.from([csv]), { ...setup(columns), target: 'company' });
    expect(r.issues.map((i) => [i.row, i.column?.index, i.code])).toEqual([
      [3, 1, 'duplicate'],
      [3, 2, 'invalidUrl'],
      [3, 3, 'invalidPhone'],
      [3, 4, 'tooLong'],
    ]);
  });

  it('answers an empty file with missing columns and no rows', async () => {
    const r = await run('');
    expect(r.header).toEqual([]);
    expect(r.totals).toEqual({ rows: 0, valid: 0, invalid: 0, blank: 0 });
    expect(r.issues.map((i) => i.code)).toEqual(Array(5).fill('missingColumn'));
  });
});
