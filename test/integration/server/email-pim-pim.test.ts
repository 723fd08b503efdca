/** The Pim group: the PIM calendar, import mapping files, export templates and Validate File. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { smallDemo, startTestService, type TestService, unknownId as unknown } from '../../helpers/server-client';

type PimCalendar = components['schemas']['PimCalendar'];
type ImportMapping = components['schemas']['ImportMapping'];
type ImportMappingFile = components['schemas']['ImportMappingFile'];
type ExportTemplate = components['schemas']['ExportTemplate'];
type Report = components['schemas']['FileValidationReport'];
type CalendarEvent = components['schemas']['CalendarEvent'];
interface Problem {
  status: number;
  errors?: Array<{ pointer: string; detail: string }>;
  currentState?: string;
  current?: Record<string, unknown>;
}

let t: TestService;
let me: string;
const day = 86_400_000;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  me = ((await t.client.call('getCurrentUser')).body as { id: string }).id;
});
afterAll(() => t.stop());

function form(fields: Record<string, string>, file?: { name: string; text: string | Buffer; type?: string }): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file)
    data.append(
      'file',
      new Blob([new Uint8Array(Buffer.from(file.text))], { type: file.type ?? 'text/csv' }),
      file.name,
    );
  return data;
}

const uploadMapping = (mapping: unknown, name = 'mapping.json') =>
  t.client.call('uploadImportMapping', {
    rawBody: form(
      {},
      { name, text: typeof mapping === 'string' ? mapping : JSON.stringify(mapping), type: 'application/json' },
    ),
  });

describe('Gets PIM Calendar', () => {
  const from = new Date(Date.now() - 45 * day).toISOString();
  const to = new Date(Date.now() + 45 * day).toISOString();

  it('lists exactly the events the user organizes or is invited to, earliest first', async () => {
    const res = await t.client.call('getPimCalendar', { query: { from, to } });
    const calendar = res.body as PimCalendar;
    expect(calendar.userId).toBe(me);
    expect(calendar.truncated).toBe(false);
    const events = await t.client.allPages<CalendarEvent>('listCalendarEvents', { query: { from, to, limit: 100 } });
    const mine: string[] = [];
    for (const e of events) {
      if (e.organizerId === me) mine.push(e.id);
      else {
        const r = await t.client.call('getCalendarRecipients', { query: { eventId: e.id, limit: 500 } });
        if ((r.body as { items: Array<{ contactId: string | null }> }).items.some((x) => x.contactId === me))
          mine.push(e.id);
      }
    }
    expect(mine.length).toBeGreaterThan(0);
    expect(calendar.items.map((e) => e.id)).toEqual(mine);
    for (const e of calendar.items) {
      expect(e.role).toBe(e.organizerId === me ? 'organizer' : 'attendee');
      if (e.role === 'organizer') expect(e.response).toBeNull();
      else expect(e.response).not.toBeNull();
    }
  });

  it('answers iCalendar for format=ics and for Accept: text/calendar', async () => {
    const json = (await t.client.call('getPimCalendar', { query: { from, to } })).body as PimCalendar;
    for (const call of [
      () => t.client.call('getPimCalendar', { query: { from, to, format: 'ics' } }),
      () => t.client.call('getPimCalendar', { query: { from, to }, headers: { accept: 'text/calendar' } }),
    ]) {
      const res = await call();
      expect(res.status).toBe(200);
      expect(res.contentType).toMatch(/^text\/calendar/);
      const text = (res.body as Buffer).toString('utf8');
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      expect(text.match(/BEGIN:VEVENT/g)?.length).toBe(json.items.length);
      const unfolded = text.replace(/\r\n[ \t]/g, '');
      for (const e of json.items) expect(unfolded).toContain(`UID:${e.id}@brm`);
    }
  });

  it('refuses an empty, reversed or over-long range', async () => {
    const at = new Date().toISOString();
    expect((await t.client.call('getPimCalendar', { query: { from: at, to: at } })).status).toBe(400);
    const long = await t.client.call('getPimCalendar', {
      query: { from, to: new Date(Date.parse(from) + 367 * day).toISOString() },
    });
    expect(long.status).toBe(400);
    expect((long.body as Problem).errors?.[0].pointer).toBe('/query/to');
    expect((await t.client.call('getPimCalendar', { query: { from } })).status).toBe(400);
  });
});

const leadsMapping: ImportMappingFile = {
  name: 'Fair 2026 leads',
  target: 'contact',
  columns: [
    { column: 'First name', field: 'firstName', required: true, transform: 'trim' },
    { column: 'Last name', field: 'lastName', required: true, transform: null },
    { column: 'E-mail', field: 'email', required: false, transform: 'lowercase' },
    { column: 'Phone', field: 'phone', required: false, transform: null },
    { column: 'Company', field: 'companyName', required: false, transform: null },
  ],
};

describe('Upload and Get Import Mappings File', () => {
  let uploaded: ImportMapping;

  it('stores an uploaded mapping file and gives the same file back', async () => {
    const res = await uploadMapping(leadsMapping);
    expect(res.status).toBe(201);
    uploaded = res.body as ImportMapping;
    expect(uploaded).toMatchObject({ ...leadsMapping, ownerId: me, version: 1 });
    expect(res.headers.get('etag')).toBe('"1"');
    const file = await t.client.call('getImportMappingsFile', { query: { id: uploaded.id } });
    expect(file.body).toEqual(leadsMapping);
    expect(file.headers.get('content-disposition')).toContain('filename="Fair 2026 leads.json"');
    expect(file.headers.get('etag')).toBe('"1"');
  });

  it('lists mappings by name with target and text filters, page by page', async () => {
    const seen = await t.client.allPages<ImportMapping>('getImportMappingsFile', { query: { limit: 2 } });
    expect(seen.length).toBeGreaterThanOrEqual(6);
    const names = seen.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const companies = (await t.client.call('getImportMappingsFile', { query: { target: 'company' } })).body as {
      items: ImportMapping[];
    };
    expect(companies.items.length).toBeGreaterThan(0);
    expect(companies.items.every((m) => m.target === 'company')).toBe(true);
    const found = (await t.client.call('getImportMappingsFile', { query: { q: 'fair 2026' } })).body as {
      items: ImportMapping[];
    };
    expect(found.items.map((m) => m.id)).toEqual([uploaded.id]);
  });

  it('refuses a taken name (409), bad files (400), a large file (413) and unknown ids (404)', async () => {
    expect((await uploadMapping({ ...leadsMapping, name: 'fair 2026 LEADS' })).status).toBe(409);
    expect((await uploadMapping('{"name": ')).status).toBe(400);
    const wrongField = await uploadMapping({
      name: 'Wrong',
      target: 'company',
      columns: [
        { column: 'Name', field: 'name', required: true, transform: null },
        { column: 'Mail', field: 'email', required: false, transform: null },
      ],
    });
    expect((wrongField.body as Problem).errors?.map((e) => e.pointer)).toEqual(['/body/file/columns/1/field']);
    const noLastName = await uploadMapping({
      ...leadsMapping,
      name: 'Partial',
      columns: leadsMapping.columns.slice(0, 1),
    });
    expect(noLastName.status).toBe(400);
    expect((noLastName.body as Problem).errors?.[0].detail).toContain('lastName');
    const schemaError = await uploadMapping({ ...leadsMapping, name: 'Bad', target: 'lead' });
    expect((schemaError.body as Problem).errors?.[0].pointer).toBe('/body/file/target');
    const large = await uploadMapping({ ...leadsMapping, name: 'x'.repeat(70_000) });
    expect(large.status).toBe(413);
    expect((await t.client.call('uploadImportMapping', { rawBody: form({ other: 'x' }) })).status).toBe(400);
    expect((await t.client.call('getImportMappingsFile', { query: { id: unknown } })).status).toBe(404);
  });
});

describe('Save and Delete Export Template', () => {
  const body = { name: 'Board report', target: 'companies', columns: ['name', 'country', 'industry'] };

  it('creates, updates with If-Match, refuses a stale ETag and deletes', async () => {
    const created = await t.client.call('saveExportTemplate', { body });
    expect(created.status).toBe(201);
    const template = created.body as ExportTemplate;
    expect(template).toMatchObject({ ...body, delimiter: ',', version: 1, ownerId: me });
    const updated = await t.client.call('saveExportTemplate', {
      body: { ...body, id: template.id, columns: ['country', 'name'], delimiter: ';' },
      headers: { 'If-Match': '"1"' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: template.id, version: 2, columns: ['country', 'name'], delimiter: ';' });
    expect(updated.headers.get('etag')).toBe('"2"');
    const stale = await t.client.call('saveExportTemplate', {
      body: { ...body, id: template.id },
      headers: { 'If-Match': '"1"' },
    });
    expect(stale.status).toBe(412);
    expect((stale.body as Problem).current).toMatchObject({ version: 2, columns: ['country', 'name'] });
    expect(
      (await t.client.call('deleteExportTemplate', { query: { id: template.id }, headers: { 'If-Match': '"1"' } }))
        .status,
    ).toBe(412);
    expect(
      (await t.client.call('deleteExportTemplate', { query: { id: template.id }, headers: { 'If-Match': '"2"' } }))
        .status,
    ).toBe(204);
    expect((await t.client.call('deleteExportTemplate', { query: { id: template.id } })).status).toBe(404);
    expect((await t.client.call('saveExportTemplate', { body: { ...body, id: template.id } })).status).toBe(404);
  });

  it('refuses a column of another target, repeated columns and a taken name', async () => {
    const wrong = await t.client.call('saveExportTemplate', {
      body: { ...body, name: 'Wrong', columns: ['name', 'latitude'] },
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body as Problem).errors?.map((e) => e.pointer)).toEqual(['/body/columns/1']);
    const twice = await t.client.call('saveExportTemplate', {
      body: { ...body, name: 'Twice', columns: ['name', 'name'] },
    });
    expect(twice.status).toBe(400);
    expect((await t.client.call('saveExportTemplate', { body: { ...body, target: 'rebates' } })).status).toBe(400);
    expect(
      (
        await t.client.call('saveExportTemplate', {
          body: { ...body, name: 'Mailing list', target: 'contacts', columns: ['email'] },
        })
      ).status,
    ).toBe(409);
    expect((await t.client.call('deleteExportTemplate', { query: { id: 'x' } })).status).toBe(400);
  });
});

describe('Validate File', () => {
  let mappingId: string;
  beforeAll(async () => {
    mappingId = ((await uploadMapping({ ...leadsMapping, name: 'Validation leads' })).body as ImportMapping).id;
  });
  const companies = async () =>
    ((await t.client.call('getCompanies', { query: { limit: 2 } })).body as { items: Array<{ name: string }> }).items;

  it('reports exact rows and columns of a crafted CSV without importing anything', async () => {
    const [known] = await companies();
    const contactsBefore = await t.client.call('listContacts', { query: { limit: 500 } });
    const csv = [
      'First name,Last name,E-mail,Phone,Company',
      `Ann,Lee,ann@example.com,+1 828 555 0101,"${known.name.replace(/"/g, '""')}"`,
      '"Smith, Jr.",Bob,bob@@example.com,555,',
      ',Kim,ANN@example.com,,No Such Company Ltd',
      'Too,few,fields',
      '"Multi',
      'line",Park,park@example.com,,',
    ].join('\n');
    const res = await t.client.call('validateFile', { rawBody: form({ mappingId }, { name: 'leads.csv', text: csv }) });
    expect(res.status).toBe(200);
    const report = res.body as Report;
    expect(report).toMatchObject({ target: 'contact', mappingId, fileName: 'leads.csv', truncated: false });
    expect(report.header).toEqual(['First name', 'Last name', 'E-mail', 'Phone', 'Company']);
    expect(report.totals).toEqual({ rows: 5, valid: 2, invalid: 3, blank: 0 });
    expect(report.issues.map((i) => [i.row, i.line, i.column?.name ?? null, i.column?.index ?? null, i.code])).toEqual([
      [3, 3, 'E-mail', 3, 'invalidEmail'],
      [3, 3, 'Phone', 4, 'invalidPhone'],
      [4, 4, 'First name', 1, 'missingRequired'],
      [4, 4, 'E-mail', 3, 'duplicate'],
      [4, 4, 'Company', 5, 'unknownCompany'],
      [5, 5, null, null, 'malformedRow'],
    ]);
    const contactsAfter = await t.client.call('listContacts', { query: { limit: 500 } });
    expect(contactsAfter.body).toEqual(contactsBefore.body);
  });

  it('validates by target with the field names as header and a semicolon delimiter', async () => {
    const csv = 'name;website;country\nAcme Tools;https://acme.example;US\nBeta;not a url;Germany\n';
    const res = await t.client.call('validateFile', {
      rawBody: form({ target: 'company', delimiter: ';' }, { name: 'companies.csv', text: csv }),
    });
    const report = res.body as Report;
    expect(report.mappingId).toBeNull();
    expect(report.totals).toEqual({ rows: 2, valid: 1, invalid: 1, blank: 0 });
    expect(report.issues.map((i) => [i.row, i.column?.index, i.code])).toEqual([
      [3, 2, 'invalidUrl'],
      [3, 3, 'invalidCountry'],
    ]);
  });

  it('refuses a missing or doubled choice (400), an unknown mapping (404) and a file over 10 MiB (413)', async () => {
    const file = { name: 'a.csv', text: 'a,b\n1,2\n' };
    const neither = await t.client.call('validateFile', { rawBody: form({}, file) });
    expect((neither.body as Problem).errors?.[0].pointer).toBe('/body/mappingId');
    expect(
      (await t.client.call('validateFile', { rawBody: form({ mappingId, target: 'contact' }, file) })).status,
    ).toBe(400);
    expect((await t.client.call('validateFile', { rawBody: form({ mappingId }) })).status).toBe(400);
    expect((await t.client.call('validateFile', { rawBody: form({ mappingId: unknown }, file) })).status).toBe(404);
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, `${'x'.repeat(1023)}\n`);
    expect(
      (await t.client.call('validateFile', { rawBody: form({ target: 'contact' }, { name: 'big.csv', text: big }) }))
        .status,
    ).toBe(413);
  });
});
