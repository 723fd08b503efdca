/** The repositories of groups, spend and CMT records over a service store (one set per store). */
import { sharedContractAjv } from '../contract/ajv';
import { loadContract } from '../contract/spec';
import { CmtRepo } from './cmt';
import { GroupRepo } from './groups';
import { SpendRepo } from './spend';
import type { ServiceStore } from './store';

/** Groups, spend and CMT repositories of one store. */
export interface GroupsSpendCmtRepos {
  groups: GroupRepo;
  spend: SpendRepo;
  cmt: CmtRepo;
}

const cache = new WeakMap<ServiceStore, GroupsSpendCmtRepos>();

/** The repositories of `store`, created on first use (their statements are prepared once per store). */
export function groupsSpendCmtRepos(store: ServiceStore): GroupsSpendCmtRepos {
  let repos = cache.get(store);
  if (!repos) {
    const ajv = sharedContractAjv(loadContract().contract);
    repos = {
      groups: new GroupRepo(store.db, store.feed, ajv),
      spend: new SpendRepo(store.db, store.feed, ajv),
      cmt: new CmtRepo(store.db, store.feed, ajv),
    };
    cache.set(store, repos);
  }
  return repos;
}
