/**
 * Export group: streamed RFC 4180 CSV read back with csv-parse. A bigger contact set crosses many
 * read batches; tricky values (quotes, commas, CR/LF, non-ASCII) must come back exactly.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../api/generated/operations';
import type { components } from '../../../api/generated/schema';
import {
  type CallOptions,
  startTestService,
  type TestService,
  type Problem,
  unknownId,
} from '../../helpers/server-client';

type Contact = components['schemas']['Contact'];
type Row = Record<string, string>;

const demo = { contacts: 4000, companies: 40, events: 5, documents: 5, notifications: 5 };
let t: TestService;
let tricky: Contact;

beforeAll(async () => {
  t = await startTestService({ demo });
  const company = t.service.store.saveCompany({ name: 'Quote "Co", Ltd.' });
  tricky = t.service.store.saveContact({
    firstName: 'Zoë "Zo"',
    lastName: 'Müller, Jr.',
    jobTitle: 'Line one\r\nLine two\nLine three',
    email: 'zoe.mueller@example.com',
    phone: '+49 30 1234',
    companyId: company.id,
    city: 'São Paulo, 北京',
    country: 'BR',
  });
});
afterAll(() => t.stop());

async function exportCsv(operationId: OperationId, query: CallOptions['query'] = {}) {
  const res = await t.client.call(operationId, { query });
  expect(res.status).toBe(200);
  const bytes = res.body as Buffer;
  const rows = parse(bytes, { columns: true, bom: true, relax_quotes: false }) as Row[];
  return { res, bytes, text: bytes.toString('utf8'), rows };
}

function count(sql: string, ...params: unknown[]): number {
  return t.service.store.db
    .prepare(sql)
    .pluck()
    .get(...params) as number;
}

describe('exportContacts', () => {
  it('streams every contact as RFC 4180 CSV with a header row, CRLF and the attachment name', async () => {
    const { res, text, rows } = await exportCsv('exportContacts');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('content-length')).toBeNull();
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text.split('\r\n')[0]).toBe(
      'id,firstName,lastName,email,phone,jobTitle,companyId,companyName,type,state,city,country,version,createdAt,updatedAt',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(rows).toHaveLength(count('SELECT count(*) FROM contacts'));
    expect(rows.length).toBeGreaterThan(4000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('round-trips quotes, commas, CR/LF and non-ASCII text exactly (raw values)', async () => {
    const { text, rows } = await exportCsv('exportContacts', { raw: true });
    const row = rows.find((r) => r.id === tricky.id) as Row;
    expect(row).toMatchObject({
      firstName: 'Zoë "Zo"',
      lastName: 'Müller, Jr.',
      jobTitle: 'Line one\r\nLine two\nLine three',
      companyName: 'Quote "Co", Ltd.',
      city: 'São Paulo, 北京',
      phone: '+49 30 1234',
      version: '1',
      updatedAt: tricky.updatedAt,
    });
    expect(text).toContain('"Zoë ""Zo""","Müller, Jr."');
    const noJob = rows.find((r) => r.jobTitle === '');
    expect(noJob).toBeDefined();
  });

  it('filters by company, state and updatedSince, and adds a BOM only when asked', async () => {
    const companyId = tricky.companyId as string;
    const ofCompany = await exportCsv('exportContacts', { companyId });
    expect(ofCompany.rows.map((r) => r.id)).toEqual([tricky.id]);
    const archived = await exportCsv('exportContacts', { state: 'archived' });
    expect(archived.rows.length).toBe(count("SELECT count(*) FROM contacts WHERE state = 'archived'"));
    expect(archived.rows.every((r) => r.state === 'archived')).toBe(true);
    const recent = await exportCsv('exportContacts', { updatedSince: tricky.updatedAt });
    expect(recent.rows.map((r) => r.id)).toContain(tricky.id);
    expect(recent.rows.every((r) => r.updatedAt >= tricky.updatedAt)).toBe(true);
    const empty = await exportCsv('exportContacts', { companyId: unknownId });
    expect(empty.rows).toEqual([]);
    expect(empty.text.split('\r\n')).toHaveLength(2);
    const withBom = await exportCsv('exportContacts', { companyId, bom: true });
    expect([...withBom.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(withBom.rows.map((r) => r.id)).toEqual([tricky.id]);
  });

  it('answers 400 for an unknown state or a malformed date and 401 without a token', async () => {
    const bad = await t.client.call('exportContacts', { query: { state: 'gone' } });
    expect(bad.status).toBe(400);
    expect((bad.body as Problem).errors?.[0].pointer).toBe('/query/state');
    expect((await t.client.call('exportContacts', { query: { updatedSince: 'yesterday' } })).status).toBe(400);
    expect((await t.client.call('exportContacts', { token: null })).status).toBe(401);
  });
});

describe('the other exports', () => {
  it('exportBranches: every branch with its company name and position; filters by kind', async () => {
    const { rows, res } = await exportCsv('exportBranches');
    expect(res.headers.get('content-disposition')).toContain('filename="branches-');
    expect(rows).toHaveLength(count('SELECT count(*) FROM branches'));
    expect(rows.filter((r) => r.kind === 'headquarters')).toHaveLength(count('SELECT count(*) FROM companies') - 1);
    expect(rows.every((r) => Math.abs(Number(r.latitude)) <= 90 && r.companyName !== '')).toBe(true);
    const stores = await exportCsv('exportBranches', { kind: 'store' });
    expect(stores.rows.every((r) => r.kind === 'store')).toBe(true);
    expect((await t.client.call('exportBranches', { query: { kind: 'castle' } })).status).toBe(400);
  });

  it('exportCompanies: every company with its branch count', async () => {
    const { rows } = await exportCsv('exportCompanies');
    expect(rows).toHaveLength(count('SELECT count(*) FROM companies'));
    const quoted = rows.find((r) => r.name === 'Quote "Co", Ltd.') as Row;
    expect(quoted.branchCount).toBe('0');
    expect(rows.reduce((sum, r) => sum + Number(r.branchCount), 0)).toBe(count('SELECT count(*) FROM branches'));
    expect((await t.client.call('exportCompanies', { query: { updatedSince: '2026-13-01T00:00:00Z' } })).status).toBe(
      400,
    );
  });

  it('exportPsas: every deal, filtered by category and stage', async () => {
    const { rows } = await exportCsv('exportPsas');
    expect(rows).toHaveLength(300);
    const won = await exportCsv('exportPsas', { category: 'hardware', stage: 'closedWon' });
    expect(won.rows.length).toBe(
      count("SELECT count(*) FROM deals WHERE category = 'hardware' AND stage = 'closedWon'"),
    );
    expect(won.rows.every((r) => r.closedAt !== '' && /^\d+$/.test(r.amount))).toBe(true);
    expect((await t.client.call('exportPsas', { query: { stage: 'won' } })).status).toBe(400);
  });

  it('exportGrebates: every agreement with tiers and the totals rebateSummaryData computes', async () => {
    const { rows } = await exportCsv('exportGrebates');
    expect(rows).toHaveLength(count('SELECT count(*) FROM rebates'));
    const summary = (await t.client.call('rebateSummaryData', { body: { groupBy: 'rebate', limit: 500 } })).body as {
      rows: Array<{ key: string; earning: number; earningCount: number }>;
    };
    for (const total of summary.rows) {
      const row = rows.find((r) => r.id === total.key) as Row;
      expect([Number(row.earning), Number(row.qualifyingDeals)]).toEqual([total.earning, total.earningCount]);
    }
    expect(rows.every((r) => /^\d+:\d+( \d+:\d+)*$/.test(r.tiers))).toBe(true);
    const groups = await exportCsv('exportGrebates', { kind: 'group' });
    expect(groups.rows.every((r) => r.kind === 'group' && r.companyIds.split(' ').length >= 2)).toBe(true);
    expect((await t.client.call('exportGrebates', { query: { companyId: 'x' } })).status).toBe(400);
  });
});
