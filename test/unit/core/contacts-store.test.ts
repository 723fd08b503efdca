import BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChangeApplier } from '../../../main/core/cache/apply-changes';
import { type ContactsStore, createContactsStore } from '../../../main/core/areas/contacts/store';
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
    const window = store.list({}, 0, 10);
    expect(window.total).toBe(5);
    expect(names(window.rows)).toEqual(['Ada Lovelace', 'Bob reyes', 'Dana Reyes', 'daniel reynolds', 'Zoë Ängström']);
  });

  it('returns the requested window of the full count', () => {
    const window = store.list({ query: '' }, 1, 2);
    expect(window.total).toBe(5);
    expect(names(window.rows)).toEqual(['Bob reyes', 'Dana Reyes']);
  });

  it('searches word prefixes across name, e-mail and phone', () => {
    expect(names(store.list({ query: 'dan rey' }, 0, 10).rows)).toEqual(['Dana Reyes', 'daniel reynolds']);
    expect(store.list({ query: 'dan rey' }, 0, 10).total).toBe(2);
    expect(names(store.list({ query: 'reyes' }, 0, 10).rows)).toEqual(['Bob reyes', 'Dana Reyes']);
    expect(names(store.list({ query: '0190' }, 0, 10).rows)).toEqual(['Dana Reyes']);
    expect(names(store.list({ query: 'ada@example' }, 0, 10).rows)).toEqual(['Ada Lovelace']);
    expect(names(store.list({ query: 'angst' }, 0, 10).rows)).toEqual(['Zoë Ängström']);
    expect(store.list({ query: 'nobody' }, 0, 10)).toEqual({ rows: [], total: 0 });
  });

  it('counts again after a write', () => {
    expect(store.list({ query: 'lovelace' }, 0, 10).total).toBe(1);
    db.prepare(`DELETE FROM contacts WHERE last_name = 'Lovelace'`).run();
    expect(store.list({ query: 'lovelace' }, 0, 10).total).toBe(0);
    expect(store.list({}, 0, 10).total).toBe(4);
  });
});

describe.each([
  ['reading the list row by row for broad searches', undefined],
  ['with the SQL plans only', 0],
])('contacts search plans, %s', (_plans, scanRows) => {
  // Enough contacts that broad queries read or walk the name index and narrow ones sort their
  // matches; every plan must give the same windows as a plain reference implementation. Some
  // names are not ASCII: the row-by-row plan asks the search index about those.
  const first = ['Ann', 'Anna', 'Bob', 'Carl', 'Dana', 'Dan', 'Eve', 'Frank', 'Zoë', 'Émile'];
  const last = ['Reyes', 'Reynolds', 'Smith', 'Smythe', 'Young', 'Adams', 'Baker', 'Clark', 'Davis', 'Ängström'];
  const people = Array.from({ length: 600 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    firstName: first[(i * 7) % first.length],
    lastName: last[(i * 3) % last.length] + (i % 13 === 0 ? 'son' : ''),
    email: `user${i}@example.com`,
  }));
  let store: ContactsStore;

  beforeAll(() => {
    const db = new BetterSqlite3(':memory:');
    migrate(db);
    createChangeApplier(db).apply(
      people.map((p) => ({
        type: 'contact' as const,
        id: p.id,
        op: 'upsert' as const,
        version: 1,
        data: {
          ...p,
          version: 1,
          phone: null,
          jobTitle: null,
          companyId: null,
          type: 'customer' as const,
          state: 'active' as const,
          city: null,
          country: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      })),
    );
    store = createContactsStore(db, scanRows);
  });

  function reference(query: string, offset: number, limit: number): string[] {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const tokens = (p: (typeof people)[number]) =>
      `${p.firstName} ${p.lastName} ${p.email}`
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .split(/[^a-z0-9]+/);
    const key = (p: (typeof people)[number]) => [p.lastName.toLowerCase(), p.firstName.toLowerCase(), p.id];
    return people
      .filter((p) => words.every((w) => tokens(p).some((t) => t.startsWith(w))))
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
        return 0;
      })
      .slice(offset, offset + limit)
      .map((p) => p.id);
  }

  it.each([
    ['a', 0, 50],
    ['an', 20, 30],
    ['rey', 0, 50],
    ['reyes', 40, 50],
    ['dan rey', 0, 10],
    ['smithson', 0, 50],
    ['user1', 100, 50],
    ['user599', 0, 5],
    ['e', 550, 50],
    ['e', 0, 100],
    ['z', 0, 50],
    ['z', 40, 7],
    ['o', 29, 3],
    ['ang', 10, 40],
    ['a e', 0, 60],
    ['s', 3, 7],
    ['c', 0, 0],
  ])('%j at %i+%i matches the reference', (query, offset, limit) => {
    const window = store.list({ query }, offset, limit);
    expect(window.rows.map((r) => r.id)).toEqual(reference(query, offset, limit));
    expect(window.total).toBe(reference(query, 0, people.length).length);
  });
});

describe('contacts phone search', () => {
  const phones = ['(416) 333-5476', '020 7946 0018', '+1 416 555 0101', '+49 30 1234567'];
  let store: ContactsStore;

  beforeAll(() => {
    const db = new BetterSqlite3(':memory:');
    migrate(db);
    createChangeApplier(db).apply(
      phones.map((phone, i) => {
        const id = `00000000-0000-4000-8000-1000000000${String(i).padStart(2, '0')}`;
        const data = {
          id,
          version: 1,
          firstName: 'Caller',
          lastName: `Number${i}`,
          email: null,
          phone,
          jobTitle: null,
          companyId: null,
          type: 'customer' as const,
          state: 'active' as const,
          city: null,
          country: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        };
        return { type: 'contact' as const, id, op: 'upsert' as const, version: 1, data };
      }),
    );
    store = createContactsStore(db);
  });

  const found = (query: string) => store.list({ query }, 0, 10).rows.map((r) => r.phone);

  it('finds a number typed in any form: digits only, national, international, or its last digits', () => {
    for (const typed of ['4163335476', '(416) 333-5476', '416.333.5476', '+1 416 333 5476', '333-5476']) {
      expect(found(typed), typed).toEqual(['(416) 333-5476']);
    }
    for (const typed of ['+1 (416) 555-0101', '4165550101', '555 0101']) {
      expect(found(typed), typed).toEqual(['+1 416 555 0101']);
    }
  });

  it('finds a number saved without its country code when it is typed with one (+ or 00)', () => {
    expect(found('+44 20 7946 0018')).toEqual(['020 7946 0018']);
    expect(found('0044 20 7946 0018')).toEqual(['020 7946 0018']);
    expect(found('030 1234567')).toEqual(['+49 30 1234567']);
  });

  it('finds nothing for punctuation alone', () => {
    for (const typed of ['!?.,;', '---', '()', '"*"']) expect(store.list({ query: typed }, 0, 10).total, typed).toBe(0);
  });
});
