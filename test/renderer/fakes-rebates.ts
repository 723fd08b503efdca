/**
 * The rebates and CMT areas on the fake bridge, for renderer tests: agreements with their deal
 * earnings and grouped totals in two currencies (answers kept as of a time the test chooses), and a
 * company's terms with the saves the page makes (kept as the queued save the core would report).
 */
import type {
  Cmt,
  CmtSave,
  CompanyTerms,
  ContactRow,
  Rebate,
  RebateDealEarning,
  RebateSummaryRow,
} from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { fakeId } from './fixtures';

/** The rebates and terms state a test reads and changes. */
export interface FakeRebates {
  rebates: Rebate[];
  earnings: RebateDealEarning[];
  /** When the answers were fetched (ISO 8601); null: never. */
  fetchedAt: string | null;
  /** Terms by company id (absent: the company has none). */
  terms: Map<string, Cmt>;
  /** The saves the page made, in order. */
  saves: { terms: CmtSave; version: number | null }[];
  /** The service refuses the save waiting for `companyId` with `message`. */
  refuse(companyId: string, message: string): void;
}

/** An agreement over `companyIds` in `currency`. */
export function makeRebate(n: number, name: string, currency: string, companyIds: string[]): Rebate {
  return {
    id: fakeId(8, n),
    version: 1,
    name,
    description: `${name}, agreed in December.`,
    kind: companyIds.length > 1 ? 'group' : 'company',
    companyIds,
    categories: ['hardware', 'software'],
    currency,
    tiers: [
      { minAmount: 0, rateBasisPoints: 150 },
      { minAmount: 5_000_000, rateBasisPoints: 300 },
    ],
    periodStart: '2026-01-01',
    periodEnd: '2026-12-31',
    createdAt: '2025-12-15T10:00:00Z',
    updatedAt: '2025-12-15T10:00:00Z',
  };
}

/** What deal `n` of `companyId` earns under `rebate` (amount in minor units, rate 1.5 %). */
export function makeEarning(
  rebate: Rebate,
  n: number,
  title: string,
  companyId: string,
  amount: number,
): RebateDealEarning {
  return {
    rebateId: rebate.id,
    dealId: fakeId(9, n),
    dealTitle: title,
    companyId,
    category: 'hardware',
    closedAt: `2026-0${(n % 9) + 1}-15T12:00:00Z`,
    dealAmount: amount,
    currency: rebate.currency,
    rateBasisPoints: 150,
    earning: Math.round((amount * 150) / 10_000),
  };
}

/** Terms of `companyId`. */
export function makeTerms(companyId: string, accountManagerId: string | null): Cmt {
  return {
    id: fakeId(10, 1),
    version: 3,
    companyId,
    paymentTermsDays: 30,
    creditLimit: 5_000_000,
    currency: 'EUR',
    discountBasisPoints: 250,
    accountManagerId,
    reviewDate: '2027-06-30',
    notes: 'Annual volume rebate negotiated separately.',
    createdAt: '2025-01-10T10:00:00Z',
    updatedAt: '2025-11-03T16:45:00Z',
  };
}

function totalsOf(rows: RebateSummaryRow[]) {
  const byCurrency = new Map<string, { currency: string; earningCount: number; dealAmount: number; earning: number }>();
  for (const row of rows) {
    const total = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      earningCount: 0,
      dealAmount: 0,
      earning: 0,
    };
    total.earningCount += row.earningCount;
    total.dealAmount += row.dealAmount;
    total.earning += row.earning;
    byCurrency.set(row.currency, total);
  }
  return [...byCurrency.values()];
}

/** Answers `rebates.*`, `cmt.*` and the employees the terms form lists. */
export function installRebates(bridge: FakeBridge, rebates: Rebate[], earnings: RebateDealEarning[]): FakeRebates {
  const refusals = new Map<string, string>();
  const state: FakeRebates = {
    rebates,
    earnings,
    fetchedAt: new Date().toISOString(),
    terms: new Map(),
    saves: [],
    refuse(companyId, message) {
      refusals.set(companyId, message);
      bridge.emit('outbox.changed', { waiting: 0, sending: 0, conflict: 0, refused: 1 });
    },
  };
  const companyName = (id: string) => bridge.data.contacts.find((c) => c.companyId === id)?.company?.name;

  bridge.handle('rebates.summary', ({ groupBy, rebateId, companyId }) => {
    const chosen = state.earnings.filter(
      (e) => (!rebateId || e.rebateId === rebateId) && (!companyId || e.companyId === companyId),
    );
    const groups = new Map<string, RebateSummaryRow>();
    for (const e of chosen) {
      const rebate = state.rebates.find((r) => r.id === e.rebateId)!;
      const key = groupBy === 'rebate' ? rebate.id : groupBy === 'company' ? e.companyId : e.closedAt.slice(0, 7);
      const label = groupBy === 'rebate' ? rebate.name : groupBy === 'company' ? (companyName(key) ?? key) : key;
      const row = groups.get(`${key}:${e.currency}`) ?? {
        key,
        label,
        currency: e.currency,
        earningCount: 0,
        dealAmount: 0,
        earning: 0,
      };
      row.earningCount += 1;
      row.dealAmount += e.dealAmount;
      row.earning += e.earning;
      groups.set(`${key}:${e.currency}`, row);
    }
    const rows = [...groups.values()];
    if (state.fetchedAt === null) return { value: { groupBy, rows: [], totals: [], complete: true }, fetchedAt: null };
    return { value: { groupBy, rows, totals: totalsOf(rows), complete: true }, fetchedAt: state.fetchedAt };
  });
  bridge.handle('rebates.detail', ({ id }) => {
    const rebate = state.rebates.find((r) => r.id === id);
    if (!rebate || state.fetchedAt === null) return { value: null, fetchedAt: null };
    const names: Record<string, string> = {};
    for (const companyId of rebate.companyIds) {
      const name = companyName(companyId);
      if (name) names[companyId] = name;
    }
    return {
      value: { rebate, earnings: state.earnings.filter((e) => e.rebateId === id), complete: true, companyNames: names },
      fetchedAt: state.fetchedAt,
    };
  });

  const queued = new Map<string, CmtSave>();
  const termsOf = (companyId: string): CompanyTerms => {
    const save = queued.get(companyId);
    const value = state.terms.get(companyId) ?? null;
    const managerId = save ? save.accountManagerId : value?.accountManagerId;
    const manager = bridge.data.contacts.find((c) => c.id === managerId);
    return {
      value,
      fetchedAt: state.fetchedAt,
      queued: save
        ? {
            entryId: fakeId(11, 1),
            terms: save,
            state: refusals.has(companyId) ? 'refused' : 'waiting',
            message: refusals.get(companyId) ?? null,
          }
        : null,
      accountManagerName: manager ? `${manager.firstName} ${manager.lastName}` : null,
    };
  };
  bridge.handle('cmt.get', ({ companyId }) => termsOf(companyId));
  bridge.handle('cmt.save', ({ terms, version }) => {
    state.saves.push({ terms, version });
    refusals.delete(terms.companyId);
    queued.set(terms.companyId, terms);
    bridge.emit('outbox.changed', { waiting: 1, sending: 0, conflict: 0, refused: 0 });
    return termsOf(terms.companyId);
  });
  bridge.handle('contacts.list', ({ type, companyId, offset, limit }) => {
    const rows: ContactRow[] = bridge.data.contacts
      .filter((c) => (!type || c.type === type) && (!companyId || c.companyId === companyId))
      .map(({ company: _company, ...row }) => row);
    return { rows: rows.slice(offset, offset + limit), total: rows.length };
  });
  return state;
}
