/**
 * The companies area on the fake bridge, for renderer tests: the cached companies (with their
 * contact counts and sync state), their branches and deals as the service would answer them, the
 * company edits (create, edit, delete) kept in a small outbox the test can settle (`refuse`,
 * `accept`), and the reads a company page makes (contacts of a company, notes, drafts, logo).
 */
import type {
  Branch,
  CompanyRelated,
  CompanyRow,
  ContactRow,
  Deal,
  KeptAnswer,
  OutboxEntry,
} from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { fakeId } from './fixtures';

/** The companies state a test reads and changes. */
export interface FakeCompanies {
  rows: CompanyRow[];
  related: Map<string, KeptAnswer<CompanyRelated>>;
  /** The kept answer of `branches.ofCompany`, by company id. */
  branches: Map<string, KeptAnswer<Branch[]>>;
  outbox: OutboxEntry[];
  /** The service refuses entry `entryId` with `message` (a refused delete brings the company back, marked refused). */
  refuse(entryId: string, message: string): void;
}

/** A branch of `companyId`. */
export function makeBranch(companyId: string, n: number, name: string, kind: Branch['kind']): Branch {
  return {
    id: fakeId(6, n),
    version: 1,
    companyId,
    name,
    kind,
    address: { street: 'Am Sandtorkai 12', city: 'Hamburg', postalCode: '20457', country: 'DE' },
    latitude: 53.54,
    longitude: 9.99,
    phone: '+49 40 5550 1200',
    email: null,
    openingHours: null,
    createdAt: '2026-03-02T09:15:00Z',
    updatedAt: '2026-10-14T12:40:00Z',
  };
}

/** A deal of `companyId`. */
export function makeDeal(companyId: string, n: number, title: string, stage: Deal['stage'], amount: number): Deal {
  return {
    id: fakeId(7, n),
    version: 1,
    title,
    companyId,
    contactId: null,
    category: 'services',
    stage,
    amount,
    currency: 'EUR',
    probability: stage === 'closedWon' ? 100 : 40,
    expectedCloseDate: '2026-12-15',
    ownerId: fakeId(1, 1),
    closedAt: stage === 'closedWon' ? '2026-09-24T15:02:00Z' : null,
    createdAt: '2026-05-11T08:30:00Z',
    updatedAt: '2026-09-24T15:02:00Z',
  };
}

const matches = (query: string | undefined, row: CompanyRow) =>
  !query ||
  query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => [row.name, row.industry, row.city].some((field) => field?.toLowerCase().includes(word)));

/**
 * Gives `bridge` the companies of its contacts and handlers for every call the Companies view makes.
 * Edits are applied at once and queued (pending), like the core's write path.
 */
export function installCompanies(bridge: FakeBridge): FakeCompanies {
  const seen = new Map<string, CompanyRow>();
  for (const contact of bridge.data.contacts) {
    if (contact.company && !seen.has(contact.company.id))
      seen.set(contact.company.id, { ...contact.company, contactCount: 0, syncState: 'synced' });
  }
  const state: FakeCompanies = {
    rows: [...seen.values()],
    related: new Map(),
    branches: new Map(),
    outbox: [],
    refuse(entryId, message) {
      const entry = state.outbox.find((e) => e.id === entryId);
      if (!entry) throw new Error(`No outbox entry ${entryId}`);
      entry.state = 'refused';
      entry.message = message;
      if (entry.kind === 'delete' && deleted.has(entry.recordId!)) {
        state.rows.push({ ...deleted.get(entry.recordId!)!, syncState: 'refused' });
        deleted.delete(entry.recordId!);
      }
      changed();
    },
  };
  const deleted = new Map<string, CompanyRow>();
  let seq = 0;

  function changed() {
    bridge.emit('data.changed', { types: ['company'] });
    bridge.emit('outbox.changed', { waiting: state.outbox.length, sending: 0, conflict: 0, refused: 0 });
  }
  function withCount(row: CompanyRow): CompanyRow {
    return { ...row, contactCount: bridge.data.contacts.filter((c) => c.companyId === row.id).length };
  }
  function queue(kind: OutboxEntry['kind'], row: CompanyRow) {
    state.outbox.push({
      id: fakeId(8, ++seq),
      summary: `${kind === 'delete' ? 'Delete' : kind === 'create' ? 'New' : 'Edit'} company ${row.name}`,
      kind,
      recordType: 'company',
      recordId: row.id,
      state: 'waiting',
      message: null,
      fieldErrors: [],
      conflict: null,
      attempts: 0,
      createdAt: new Date().toISOString(),
    });
  }
  const sorted = () => [...state.rows].sort((a, b) => a.name.localeCompare(b.name));

  bridge.handle('companies.list', ({ query, offset, limit }) => {
    const rows = sorted().filter((row) => matches(query, row));
    return { rows: rows.slice(offset, offset + limit).map(withCount), total: rows.length };
  });
  bridge.handle('companies.get', ({ id }) => {
    const row = state.rows.find((r) => r.id === id);
    return row ? withCount(row) : null;
  });
  bridge.handle('companies.related', ({ id }) => state.related.get(id) ?? { value: { deals: [] }, fetchedAt: null });
  bridge.handle('branches.ofCompany', ({ companyId }) => {
    const kept = state.branches.get(companyId);
    return {
      value: (kept?.value ?? []).map((branch) => ({ branch, queued: null })),
      fetchedAt: kept?.fetchedAt ?? null,
    };
  });
  bridge.handle('companies.logo', () => ({ dataUrl: null }));
  bridge.handle('companies.save', ({ company }) => {
    const { id, address, ...fields } = company;
    const flat = {
      ...fields,
      ...(address
        ? { street: address.street, city: address.city, postalCode: address.postalCode, country: address.country }
        : {}),
      updatedAt: new Date().toISOString(),
    };
    let row = id ? state.rows.find((r) => r.id === id) : undefined;
    if (row) Object.assign(row, flat, { syncState: 'pending' });
    else {
      row = {
        id: fakeId(9, ++seq),
        industry: null,
        website: null,
        phone: null,
        street: null,
        city: null,
        postalCode: null,
        country: null,
        contactCount: 0,
        ...flat,
        syncState: 'pending',
      } as CompanyRow;
      state.rows.push(row);
    }
    queue(id ? 'update' : 'create', row);
    changed();
    return withCount(row);
  });
  bridge.handle('companies.delete', ({ id }) => {
    const row = state.rows.find((r) => r.id === id);
    if (!row) throw new Error(`No company ${id}`);
    state.rows = state.rows.filter((r) => r.id !== id);
    deleted.set(id, row);
    queue('delete', row);
    changed();
    return { deleted: true };
  });
  bridge.handle('outbox.list', () => state.outbox);
  bridge.handle('outbox.discard', ({ id }) => {
    const entry = state.outbox.find((e) => e.id === id);
    state.outbox = state.outbox.filter((e) => e.id !== id);
    const row = state.rows.find((r) => r.id === entry?.recordId);
    if (row) row.syncState = 'synced';
    if (entry?.kind === 'delete' && deleted.has(entry.recordId!)) {
      state.rows.push({ ...deleted.get(entry.recordId!)!, syncState: 'synced' });
      deleted.delete(entry.recordId!);
    }
    changed();
    return { discarded: Boolean(entry) };
  });

  const contactsList = (input: { companyId?: string; query?: string; offset: number; limit: number }) => {
    const rows: ContactRow[] = bridge.data.contacts
      .filter((c) => !input.companyId || c.companyId === input.companyId)
      .map(({ company: _company, ...row }) => row);
    return { rows: rows.slice(input.offset, input.offset + input.limit), total: rows.length };
  };
  bridge.handle('contacts.list', contactsList);
  bridge.handle('comments.list', () => ({ value: [], fetchedAt: new Date().toISOString() }));
  bridge.handle('drafts.get', () => null);
  bridge.handle('drafts.put', () => ({ savedAt: new Date().toISOString() }));
  bridge.handle('drafts.remove', () => ({ removed: true }));
  // The terms and rebates sections of the page (see fakes-rebates.ts for tests about them).
  bridge.handle('cmt.get', () => ({
    value: null,
    fetchedAt: new Date().toISOString(),
    queued: null,
    accountManagerName: null,
  }));
  bridge.handle('rebates.summary', ({ groupBy }) => ({
    value: { groupBy, rows: [], totals: [], complete: true },
    fetchedAt: new Date().toISOString(),
  }));
  // The spend section of the page (see fakes-spend.ts for tests about it).
  bridge.handle('spend.summary', () => ({
    value: { sales: { rows: [], totals: [], complete: true }, purchases: { rows: [], totals: [], complete: true } },
    fetchedAt: new Date().toISOString(),
  }));
  // The e-mails section of the page (see fakes-emails.ts for tests about it).
  bridge.handle('emails.list', () => ({
    value: { emails: [], nextCursor: null },
    fetchedAt: new Date().toISOString(),
  }));
  return state;
}
