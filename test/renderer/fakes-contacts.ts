/**
 * Fake bridge handlers for the contacts and pending-changes tests: the contact list with its
 * filters (type, state) and phone search, contact edits that change the fake's data the way the
 * core's write path does (applied at once, marked pending), the companies the company field offers,
 * drafts, notes, and an outbox the test controls.
 */
import type { Company, ContactDetail, OutboxEntry } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { fakeId } from './fixtures';

/** The test's handle on the fakes: the outbox entries `outbox.list` answers, and the drafts kept. */
export interface ContactFakes {
  outbox: OutboxEntry[];
  drafts: Map<string, unknown>;
}

const digits = (text: string | null) => (text ?? '').replace(/\D+/g, '');

function matches(contact: ContactDetail, query: string | undefined): boolean {
  if (!query) return true;
  // A phone number in any form finds its contact by the trailing digits (main/core/areas/contacts/store.ts).
  if (/^[\d\s+().\-/]+$/.test(query) && digits(query).length >= 4) return digits(contact.phone).endsWith(digits(query));
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return false;
  const haystack = [contact.firstName, contact.lastName, contact.email, contact.companyName].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The companies the fake's contacts belong to, once each, by name. */
export function companiesOf(bridge: FakeBridge): Company[] {
  const byId = new Map<string, Company>();
  for (const contact of bridge.data.contacts) if (contact.company) byId.set(contact.company.id, contact.company);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Installs the handlers on `bridge`; returns the outbox and drafts the test can change. */
export function installContactFakes(bridge: FakeBridge): ContactFakes {
  const fakes: ContactFakes = { outbox: [], drafts: new Map() };
  let created = 0;
  const find = (id: string) => {
    const contact = bridge.data.contacts.find((c) => c.id === id);
    if (!contact) throw new Error(`The test has no contact ${id}`);
    return contact;
  };
  const changed = () => bridge.emit('data.changed', { types: ['contact'] });

  bridge.handle('contacts.list', ({ query, type, state, offset, limit }) => {
    const rows = bridge.data.contacts.filter(
      (c) => matches(c, query) && (!type || c.type === type) && (!state || c.state === state),
    );
    return { rows: rows.slice(offset, offset + limit).map(({ company: _company, ...row }) => row), total: rows.length };
  });
  bridge.handle('contacts.save', ({ contact: input }) => {
    const company = input.companyId ? (companiesOf(bridge).find((c) => c.id === input.companyId) ?? null) : null;
    const fields = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email ?? null,
      phone: input.phone ?? null,
      jobTitle: input.jobTitle ?? null,
      companyId: input.companyId ?? null,
      companyName: company?.name ?? null,
      company,
      type: input.type ?? 'customer',
      city: input.city ?? null,
      country: input.country ?? null,
      updatedAt: new Date().toISOString(),
      syncState: 'pending' as const,
    };
    let contact: ContactDetail;
    if (input.id) {
      contact = Object.assign(find(input.id), fields);
    } else {
      contact = { id: fakeId(9, ++created), state: 'active', ...fields };
      bridge.data.contacts.unshift(contact);
    }
    changed();
    return contact;
  });
  bridge.handle('contacts.archive', ({ id, archived }) => {
    const contact = find(id);
    contact.state = archived ? 'archived' : 'active';
    contact.syncState = 'pending';
    changed();
    return contact;
  });
  bridge.handle('contacts.delete', ({ id }) => {
    bridge.data.contacts = bridge.data.contacts.filter((c) => c.id !== id);
    changed();
    return { deleted: true };
  });
  bridge.handle('contacts.avatar', () => ({ dataUrl: null }));
  bridge.handle('companies.list', ({ query, offset, limit }) => {
    const needle = query?.toLowerCase() ?? '';
    const rows = companiesOf(bridge)
      .filter((c) => c.name.toLowerCase().includes(needle))
      .map((c) => ({ ...c, contactCount: 1, syncState: 'synced' as const }));
    return { rows: rows.slice(offset, offset + limit), total: rows.length };
  });
  bridge.handle('companies.get', ({ id }) => {
    const company = companiesOf(bridge).find((c) => c.id === id);
    return company ? { ...company, contactCount: 1, syncState: 'synced' } : null;
  });
  bridge.handle('comments.list', () => ({ value: [], fetchedAt: new Date().toISOString() }));
  bridge.handle('drafts.get', ({ key }) =>
    fakes.drafts.has(key) ? { value: fakes.drafts.get(key), savedAt: new Date().toISOString() } : null,
  );
  bridge.handle('drafts.put', ({ key, value }) => {
    fakes.drafts.set(key, value);
    return { savedAt: new Date().toISOString() };
  });
  bridge.handle('drafts.remove', ({ key }) => ({ removed: fakes.drafts.delete(key) }));
  bridge.handle('outbox.list', () => fakes.outbox);
  return fakes;
}

/** An outbox entry about contact `recordId` in `state`, with the fields given. */
export function outboxEntry(
  n: number,
  recordId: string | null,
  state: OutboxEntry['state'],
  extra: Partial<OutboxEntry> = {},
): OutboxEntry {
  return {
    id: fakeId(10, n),
    summary: `Edit contact number ${n}`,
    kind: 'update',
    recordType: 'contact',
    recordId,
    state,
    message: null,
    fieldErrors: [],
    conflict: null,
    attempts: 0,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...extra,
  };
}
