/**
 * The access matrix: every operation of the contract, called by every kind of caller (no token, a
 * user without the permission, another user, the owner of the records, an administrator), answers
 * as its declared rule (`x-access` in api/openapi.yaml) says: 401, the declared refusal (403 or 404),
 * or success (2xx). After every refused call, every table of the service's database is as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OperationId, operations } from '../../../api/generated/operations';
import { calendarCampaignCases } from '../../helpers/access-cases/calendar-campaign-cases';
import { contentCases } from '../../helpers/access-cases/content-cases';
import { documentCases } from '../../helpers/access-cases/document-cases';
import { groupCases } from '../../helpers/access-cases/group-cases';
import { peopleCases } from '../../helpers/access-cases/people-cases';
import {
  callerKinds,
  createMatrixUser,
  dumpTables,
  expectation,
  type Matrix,
  type MatrixCase,
} from '../../helpers/access-matrix';
import { type Page, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

const cases: Record<string, MatrixCase> = {
  ...peopleCases,
  ...documentCases,
  ...calendarCampaignCases,
  ...groupCases,
  ...contentCases,
};

let t: TestService;
let m: Matrix;

const first = async <T>(operationId: OperationId, query: Record<string, string | number> = {}): Promise<T> => {
  const res = await t.client.call(operationId, { query: { limit: 1, ...query } });
  const item = (res.body as Page<T>).items?.[0];
  if (!item) throw new Error(`The demo data has no record for ${operationId}`);
  return item;
};

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  const newUser: Matrix['newUser'] = (name, roles, permissions) => createMatrixUser(t, name, roles, permissions);
  const root = (await t.client.call('listFolderDocuments')).body as { folder: { id: string } };
  const company = await first<{ id: string }>('getCompanies');
  const deal = await first<{ id: string; category: string }>('getDealsByCategory', { category: 'hardware' }).catch(() =>
    first<{ id: string; category: string }>('getRelatedDeals', { companyId: company.id }),
  );
  m = {
    t,
    newUser,
    users: {
      noPermission: await newUser('Nora', ['sales'], []),
      other: await newUser('Otto', ['sales'], ['contacts.write', 'companies.write']),
      owner: await newUser('Olive', ['sales'], ['contacts.write', 'companies.write']),
      admin: await newUser(
        'Ada',
        ['admin'],
        ['contacts.write', 'contacts.delete', 'companies.write', 'companies.delete'],
      ),
    },
    demo: {
      rootFolderId: root.folder.id,
      companyId: company.id,
      customerId: (await first<{ id: string }>('getUsersOfType', { type: 'customer' })).id,
      dealId: deal.id,
      dealCategory: deal.category,
      rebateId: (t.service.store.db.prepare('SELECT id FROM rebates LIMIT 1').pluck().get() as string) ?? '',
      emailId: (await first<{ id: string }>('getEmails')).id,
      branchId: (t.service.store.db.prepare('SELECT id FROM branches LIMIT 1').pluck().get() as string) ?? '',
      cmtCompanyId: (t.service.store.db.prepare('SELECT company_id FROM cmts LIMIT 1').pluck().get() as string) ?? '',
    },
  };
});
afterAll(() => t.stop());

/** Calls one operation as every kind of caller; returns what departed from its declaration (empty: nothing). */
async function tryOperation(operationId: OperationId, matrixCase: MatrixCase): Promise<string[]> {
  const problems: string[] = [];
  for (const kind of callerKinds) {
    const fx = (await matrixCase.setup?.(m)) ?? {};
    const caller =
      kind === 'none' ? null : kind === 'owner' && matrixCase.owner ? matrixCase.owner(fx, m) : m.users[kind];
    const options = matrixCase.request(fx, m, caller);
    const owner = matrixCase.owner ? matrixCase.owner(fx, m) : m.users.owner;
    const namesRecords = Object.keys(fx).length > 0;
    const expected = expectation(
      t,
      operationId,
      caller,
      options,
      matrixCase.recordIds?.(fx),
      namesRecords ? owner.id : null,
    );
    const refused = expected.kind !== 'allowed';
    const before = refused ? dumpTables(t) : null;
    const res = await (caller ?? m.users.owner).client.call(operationId, {
      ...options,
      ...(caller ? {} : { token: null }),
    });
    const said = `${kind}: ${res.status} ${res.status >= 400 ? JSON.stringify((res.body as { detail?: string }).detail) : ''}`;
    if (expected.kind === 'unauthenticated' && res.status !== 401) problems.push(`${said}, expected 401`);
    if (expected.kind === 'allowed' && (res.status < 200 || res.status > 299)) problems.push(`${said}, expected 2xx`);
    if (expected.kind === 'refused' && res.status !== expected.status)
      problems.push(`${said}, expected ${expected.status} (${expected.reason})`);
    if (before) {
      const after = dumpTables(t);
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (changed.length) problems.push(`${kind}: refused, but changed ${changed.join(', ')}`);
    }
  }
  return problems;
}

describe('the access matrix', () => {
  it('has a case for every operation of the contract', () => {
    expect(Object.keys(operations).filter((id) => !cases[id])).toEqual([]);
  });

  for (const operationId of Object.keys(operations) as OperationId[]) {
    it(`${operationId}: every kind of caller gets what x-access declares`, async () => {
      const matrixCase = cases[operationId];
      if (!matrixCase) throw new Error(`No access-matrix case for ${operationId}`);
      expect(await tryOperation(operationId, matrixCase)).toEqual([]);
    });
  }
});
