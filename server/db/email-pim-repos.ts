/** The email-pim area's repositories over a ServiceStore's database, made once per store. */
import { sharedContractAjv } from '../contract/ajv';
import { loadContract } from '../contract/spec';
import { EmailRepo } from './emails';
import { PimRepo } from './pim';
import type { ServiceStore } from './store';

/** The email-pim repositories of one store. */
export interface EmailPimRepos {
  emails: EmailRepo;
  pim: PimRepo;
}

const byStore = new WeakMap<ServiceStore, EmailPimRepos>();

/** The repositories of `store` (created on first use; the area's tables must exist). */
export function emailPimRepos(store: ServiceStore): EmailPimRepos {
  let repos = byStore.get(store);
  if (!repos) {
    const ajv = sharedContractAjv(loadContract().contract);
    repos = { emails: new EmailRepo(store.db, store.feed, ajv), pim: new PimRepo(store.db, store.feed, ajv) };
    byStore.set(store, repos);
  }
  return repos;
}
