/**
 * Branches on the fake bridge, for renderer tests: the branches of each company as
 * `branches.ofCompany` answers them, saves and deletes queued as the core queues them (the row shows
 * the queued edit), `branches.locate` answering from a prepared list, and `branches.get` answering
 * one branch (as prepared, else the row of that id in those answers, read now).
 */
import type { Branch, BranchRow, KeptAnswer, LocatorAnswer } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { fakeId } from './fixtures';

/** The branches state a test reads and changes. */
export interface FakeBranches {
  /** Company id → its rows as the core shows them. */
  ofCompany: Map<string, KeptAnswer<BranchRow[]>>;
  /** What `branches.locate` answers (its items are filtered by nothing: the test prepares them). */
  locate: LocatorAnswer;
  /** Branch id → what `branches.get` answers, when the test prepares it. */
  read: Map<string, KeptAnswer<BranchRow | null>>;
}

/** Installs the branches calls on `bridge`; `locate` starts empty and online. */
export function installBranches(bridge: FakeBridge): FakeBranches {
  const state: FakeBranches = {
    ofCompany: new Map(),
    locate: { items: [], source: 'service', keptAt: null, keptCount: 0, complete: true },
    read: new Map(),
  };
  let created = 0;
  bridge.handle(
    'branches.ofCompany',
    ({ companyId }) => state.ofCompany.get(companyId) ?? { value: [], fetchedAt: null },
  );
  bridge.handle('branches.save', ({ branch }) => {
    const rows = state.ofCompany.get(branch.companyId) ?? { value: [], fetchedAt: null };
    const old = rows.value.find((row) => row.branch.id === branch.id);
    const id = branch.id ?? fakeId(8, ++created);
    const saved: BranchRow = {
      branch: {
        ...branch,
        id,
        version: old?.branch.version ?? 0,
        createdAt: '2026-11-24T09:00:00Z',
        updatedAt: '2026-11-24T09:00:00Z',
      } as Branch,
      queued: { entryId: fakeId(9, created), kind: old ? 'update' : 'create', state: 'waiting', message: null },
    };
    state.ofCompany.set(branch.companyId, {
      ...rows,
      value: old ? rows.value.map((row) => (row === old ? saved : row)) : [...rows.value, saved],
    });
    return saved;
  });
  bridge.handle('branches.delete', ({ id }) => {
    for (const [companyId, rows] of state.ofCompany) {
      state.ofCompany.set(companyId, {
        ...rows,
        value: rows.value.map((row) =>
          row.branch.id === id
            ? { ...row, queued: { entryId: fakeId(9, 99), kind: 'delete', state: 'waiting', message: null } }
            : row,
        ),
      });
    }
    return { deleted: true };
  });
  bridge.handle('branches.locate', () => state.locate);
  bridge.handle('branches.get', ({ id }) => {
    const prepared = state.read.get(id);
    if (prepared) return prepared;
    const rows = [
      ...state.locate.items.map((item) => item.row),
      ...[...state.ofCompany.values()].flatMap((a) => a.value),
    ];
    return { value: rows.find((row) => row.branch.id === id) ?? null, fetchedAt: new Date().toISOString() };
  });
  return state;
}
