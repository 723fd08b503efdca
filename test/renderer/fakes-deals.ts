/**
 * The deals area on the fake bridge, for renderer tests: deals as the service would answer
 * `deals.byCategory`, `deals.recent`, `deals.get` and `deals.related`, each answer with the time it
 * was fetched (`fetchedAt`, which a test sets to make it old or never fetched).
 */
import type { DealList, DealRow, KeptAnswer } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { fakeId } from './fixtures';

/** The deals state a test reads and changes. */
export interface FakeDeals {
  deals: DealRow[];
  /** When every answer was fetched (ISO 8601), or null: never fetched (the lists are then empty). */
  fetchedAt: string | null;
}

/** A deal of `companyId` named `title`; the rest can be overridden. */
export function makeDealRow(n: number, title: string, fields: Partial<DealRow> & Pick<DealRow, 'companyId'>): DealRow {
  const stage = fields.stage ?? 'proposal';
  const closed = stage === 'closedWon' || stage === 'closedLost';
  return {
    id: fakeId(8, n),
    version: 1,
    title,
    contactId: null,
    category: 'hardware',
    stage,
    amount: 100_000,
    currency: 'EUR',
    probability: stage === 'closedWon' ? 100 : closed ? 0 : 50,
    expectedCloseDate: '2026-12-15',
    ownerId: fakeId(1, 1),
    closedAt: closed ? '2026-09-24T15:02:00Z' : null,
    createdAt: '2026-05-11T08:30:00Z',
    updatedAt: `2026-10-${String(10 + (n % 20)).padStart(2, '0')}T09:00:00Z`,
    companyName: null,
    contactName: null,
    ownerName: 'Dana Reyes',
    ...fields,
  };
}

/** Installs the deals handlers over `deals` (every answer fetched now unless the test says otherwise). */
export function installDeals(bridge: FakeBridge, deals: DealRow[]): FakeDeals {
  const state: FakeDeals = { deals, fetchedAt: new Date().toISOString() };
  const list = (pick: (deal: DealRow) => boolean): KeptAnswer<DealList> => ({
    value: { deals: state.fetchedAt === null ? [] : state.deals.filter(pick), complete: true },
    fetchedAt: state.fetchedAt,
  });
  bridge.handle('deals.byCategory', ({ category }) => list((deal) => deal.category === category));
  bridge.handle('deals.recent', ({ limit = 50 }) => {
    const answer = list(() => true);
    answer.value.deals = answer.value.deals.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, limit);
    return answer;
  });
  bridge.handle('deals.related', (input) =>
    list((deal) => ('contactId' in input ? deal.contactId === input.contactId : deal.companyId === input.companyId)),
  );
  bridge.handle('deals.get', ({ id }) => {
    if (state.fetchedAt === null) return { value: null, fetchedAt: null };
    const deal = state.deals.find((d) => d.id === id);
    if (!deal) throw Object.assign(new Error('That deal is not on the service.'), { code: 'not_found' });
    return { value: deal, fetchedAt: state.fetchedAt };
  });
  return state;
}
