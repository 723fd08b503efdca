import BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChangeApplier } from '../../../main/core/cache/apply-changes';
import { type ContactsStore, createContactsStore } from '../../../main/core/cache/contacts-store';
import { migrate } from '../../../main/core/cache/database';

const people: [string, string, string | null][] = [
  ['Dana', 'Reyes', '+1 828 555 0190'],
  ['daniel', 'reynolds', null],
  ['Ada', 'Lovelace', '+44 20 7946 0000'],
  ['Zoë', 'Ängström', null],
  ['Bob', 'reyes', null],
];

describe('contacts windows', () => {
  let db: BetterSqlite3.Database;
  let store: ContactsStore;

  beforeAll(() => {
    db = new BetterSqlite3(':memory:');
    migrate(db);
    const applier = createChangeApplier(db);
    applier.apply(
      people.map(([firstName, lastName, phone], i) => {
        const id = `00000000-0000-4000-8000-00000000000${i}`;
        return {
          type: 'contact' as const,
          id,
          op: 'upsert' as const,
          version: 1,
          data: {
            id,
            version: 1,
            firstName,
            lastName,
            email: `${firstName.toLowerCase()}@example.com`,
            phone,
            jobTitle: null,
            companyId: null,
            type: 'customer' as const,
            state: 'active' as const,
            city: null,
            country: null,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        };
      }),
    );
    store = createContactsStore(db);
  });

  const names = (rows: { firstName: string; lastName: string }[]) => rows.map((r) => `${r.firstName} ${r.lastName}`);

  it('orders by last name then first name, ignoring case, with the total', () => {
    const window = store.list(undefined, 0, 10);
    expect(window.total).toBe(5);
    expect(names(window.rows)).toEqual(['Ada Lovelace', 'Bob reyes', 'Dana Reyes', 'daniel reynolds', 'Zoë Ängström']);
  });

  it('returns the requested window of the full count', () => {
    const window = store.list('', 1, 2);
    expect(window.total).toBe(5);
    expect(names(window.rows)).toEqual(['Bob reyes', 'Dana Reyes']);
  });

  it('searches word prefixes across name, e-mail and phone', () => {
    expect(names(store.list('dan rey', 0, 10).rows)).toEqual(['Dana Reyes', 'daniel reynolds']);
    expect(store.list('dan rey', 0, 10).total).toBe(2);
    expect(names(store.list('reyes', 0, 10).rows)).toEqual(['Bob reyes', 'Dana Reyes']);
    expect(names(store.list('0190', 0, 10).rows)).toEqual(['Dana Reyes']);
    expect(names(store.list('ada@example', 0, 10).rows)).toEqual(['Ada Lovelace']);
    expect(names(store.list('angst', 0, 10).rows)).toEqual(['Zoë Ängström']);
    expect(store.list('nobody', 0, 10)).toEqual({ rows: [], total: 0 });
  });

  it('counts again after a write', () => {
    expect(store.list('lovelace', 0, 10).total).toBe(1);
    db.prepare(`DELETE FROM contacts WHERE last_name = 'Lovelace'`).run();
    expect(store.list('lovelace', 0, 10).total).toBe(0);
    expect(store.list(undefined, 0, 10).total).toBe(4);
  });
});
