/** The repositories of the branches-deals area, made once per store (they prepare statements on its database). */
import { sharedContractAjv } from '../contract/ajv';
import { loadContract } from '../contract/spec';
import { BranchRepo } from './branches';
import { DealRepo } from './deals';
import { RebateRepo } from './rebates';
import type { ServiceStore } from './store';

/** Repositories of the branches-deals area. */
export interface BranchesDealsRepos {
  branches: BranchRepo;
  deals: DealRepo;
  rebates: RebateRepo;
}

const made = new WeakMap<ServiceStore, BranchesDealsRepos>();

/** The branches-deals area's repositories over `store`. */
export function branchesDealsRepos(store: ServiceStore): BranchesDealsRepos {
  let repos = made.get(store);
  if (!repos) {
    const ajv = sharedContractAjv(loadContract().contract);
    repos = {
      branches: new BranchRepo(store.db, store.feed, ajv),
      deals: new DealRepo(store.db, store.feed, ajv),
      rebates: new RebateRepo(store.db, store.feed, ajv),
    };
    made.set(store, repos);
  }
  return repos;
}
