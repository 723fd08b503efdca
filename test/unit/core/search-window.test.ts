import BetterSqlite3, { type Database } from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiCalendarEvent, ApiContact } from '../../../main/core/api/types';
import { createChangeApplier } from '../../../main/core/cache/apply-changes';
import { migrate } from '../../../main/core/cache/database';
import { createCalendarStore } from '../../../main/core/areas/calendar/store';
import { createContactsStore } from '../../../main/core/areas/contacts/store';
import { countLimit } from '../../../main/core/areas/search/search-window';
import { apiContact, numberedId, recordTime } from '../../helpers/api-records';

const hour = 3_600_000;

const contact = (n: number, lastName: string, firstName = 'Robin') =>
  apiContact({ id: numberedId(n), firstName, lastName });

function event(n: number, startsMs: number): ApiCalendarEvent {
  return {
    id: numberedId(100_000 + n),
    version: 1,
    title: `Quarterly review ${n}`,
    description: null,
    location: null,
    startsAt: new Date(startsMs).toISOString(),
    endsAt: new Date(startsMs + hour).toISOString(),
    allDay: false,
    status: 'confirmed',
    organizerId: numberedId(1),
    recipientCount: 0,
    createdAt: recordTime,
    updatedAt: recordTime,
  } as ApiCalendarEvent;
}

describe('the global search window of a type', () => {
  let db: Database;
  const now = Date.now();

  beforeAll(() => {
    db = new BetterSqlite3(':memory:');
    migrate(db);
    const applier = createChangeApplier(db);
    const upsert = (type: 'contact' | 'calendarEvent', data: ApiContact | ApiCalendarEvent) =>
      applier.apply([{ type, id: data.id, op: 'upsert', version: 1, data }]);
    db.transaction(() => {
      // 1,500 contacts named Robin (more than are counted or ranked), written in no name order.
      for (let n = 0; n < 1500; n++) upsert('contact', contact(n, `Z${String(1499 - n).padStart(4, '0')}`));
      upsert('contact', contact(5000, 'Aalto'));
      // 12 contacts named Ode: few enough to be ranked and counted exactly.
      for (let n = 0; n < 12; n++) upsert('contact', contact(6000 + n, 'Ode', 'Sam'));
      // 1,200 reviews a day apart, from 600 days ago on; one an hour from now.
      for (let n = 0; n < 1200; n++) upsert('calendarEvent', event(n, now + (n - 600) * 24 * hour + 5 * hour));
      upsert('calendarEvent', event(9999, now + hour));
    })();
  });

  it('counts up to the limit, says more match, and gives the first in the list order', () => {
    const found = createContactsStore(db).search('robin', 5);
    expect(found.total).toBe(countLimit);
    expect(found.more).toBe(true);
    expect(found.rows.map((row) => row.lastName)).toEqual(['Aalto', 'Z0000', 'Z0001', 'Z0002', 'Z0003']);
  });

  it('counts exactly and ranks every match when few match', () => {
    const found = createContactsStore(db).search('ode', 5);
    expect(found).toMatchObject({ total: 12, more: false });
    expect(found.rows).toHaveLength(5);
    expect(new Set(found.rows.map((row) => row.lastName))).toEqual(new Set(['Ode']));
  });

  it('gives the events nearest to now among many matches, nearest first', () => {
    const found = createCalendarStore(db).search('quarterly', 3);
    expect(found.more).toBe(true);
    const offsets = found.rows.map((row) => Math.round((Date.parse(row.startsAt) - now) / hour));
    expect(offsets).toEqual([1, 5, -19]);
  });
});
