/** Access-matrix cases of the Groups, Spend, Psa, Rebate and Export groups. */
import type { Matrix, MatrixCase } from '../access-matrix';
import { made, unique } from './common';

/** A static top-level group of the owner; with `child`, a child group of theirs under it. */
async function ownersGroup(m: Matrix, child = false): Promise<{ id: string }> {
  const group = await made<{ id: string }>(m.users.owner.client, 'createGroup', {
    body: { name: `Group ${unique()}`, parentId: null, kind: 'static' },
  });
  if (child)
    await made(m.users.owner.client, 'createGroup', {
      body: { name: `Child ${unique()}`, parentId: group.id, kind: 'static' },
    });
  return { id: group.id };
}

const ownersGroupCase = (request: (id: string, m: Matrix) => Record<string, unknown>, child = false): MatrixCase => ({
  setup: (m) => ownersGroup(m, child),
  request: (fx, m) => request(fx.id, m),
});

/** The cases, by operationId. */
export const groupCases: Record<string, MatrixCase> = {
  createGroup: { request: () => ({ body: { name: `New ${unique()}`, parentId: null, kind: 'static' } }) },
  getGroup: ownersGroupCase((id) => ({ query: { id } })),
  getGroups: { request: () => ({ query: { limit: 5 } }) },
  getStaticGroups: { request: (_fx, m) => ({ query: { contactId: m.demo.customerId, limit: 5 } }) },
  getGroupTree: { request: () => ({ query: { maxDepth: 2 } }) },
  addToGroup: ownersGroupCase((id, m) => ({ body: { groupId: id, contactIds: [m.demo.customerId] } })),
  renameGroup: ownersGroupCase((id) => ({ body: { id, name: `Renamed ${unique()}` } })),
  saveGroupMeta: ownersGroupCase((id) => ({
    body: { id, description: 'Key accounts', colour: '#336699', tags: ['key'] },
  })),
  moveGroupInTree: ownersGroupCase((id) => ({ body: { id, parentId: null, position: 0 } })),
  deleteFromTree: ownersGroupCase((id) => ({ query: { id } }), true),
  deleteGroup: ownersGroupCase((id) => ({ query: { id } })),
  getSpend: { request: (_fx, m) => ({ query: { companyId: m.demo.companyId, limit: 5 } }) },
  querySpend: { request: () => ({ body: { groupBy: 'category', limit: 5 } }) },
  getDeal: { request: (_fx, m) => ({ query: { id: m.demo.dealId } }) },
  getRelatedDeals: { request: (_fx, m) => ({ query: { companyId: m.demo.companyId, limit: 5 } }) },
  getDealsByCategory: { request: (_fx, m) => ({ query: { category: m.demo.dealCategory, limit: 5 } }) },
  rebateDetail: { request: (_fx, m) => ({ query: { id: m.demo.rebateId } }) },
  rebateDealEarnings: { request: (_fx, m) => ({ query: { rebateId: m.demo.rebateId, limit: 5 } }) },
  rebateSummaryData: { request: () => ({ body: { groupBy: 'company', limit: 5 } }) },
  exportBranches: { request: () => ({ query: {} }) },
  exportCompanies: { request: () => ({ query: {} }) },
  exportContacts: { request: () => ({ query: {} }) },
  exportGrebates: { request: () => ({ query: {} }) },
  exportPsas: { request: () => ({ query: {} }) },
};
