/** The branches-deals area of the service (see `./area.ts`): branches, PSA deals, rebates and CSV exports. */
import { branchesDealsDdl } from '../db/branches-deals-ddl';
import { seedBranchesDeals } from '../demo/branches-deals';
import { branchHandlers } from '../operations/branches';
import { dealHandlers } from '../operations/deals';
import { exportHandlers } from '../operations/exports';
import { rebateHandlers } from '../operations/rebates';
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the branches-deals area. */
export const branchesDealsArea: ServiceArea = {
  name: 'branches-deals',
  ddl: branchesDealsDdl,
  handlers: (deps) => ({
    ...branchHandlers(deps),
    ...dealHandlers(deps),
    ...rebateHandlers(deps),
    ...exportHandlers(deps),
  }),
  seed: seedBranchesDeals,
};
