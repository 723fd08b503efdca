/** The repositories of the contacts area, made once per store (they prepare statements on its database). */
import { sharedContractAjv } from '../contract/ajv';
import { loadContract } from '../contract/spec';
import { AvatarImageRepo, avatarImagesDdl } from './avatar-images';
import { ContactQueryRepo, contactQueriesDdl } from './contact-queries';
import { ContactSettingsRepo, contactSettingsDdl } from './contact-settings';
import { PermissionRepo, permissionsDdl } from './permissions';
import { SessionRepo } from './sessions';
import type { ServiceStore } from './store';

/** Tables of the contacts area, plus expression indexes that `Gets all users of type` and saved queries use. */
export const contactsAreaDdl = `${permissionsDdl}${contactSettingsDdl}${contactQueriesDdl}${avatarImagesDdl}
CREATE INDEX contacts_type ON contacts (json_extract(data, '$.type'), last_name, first_name, id);
`;

/** Repositories of the contacts area. */
export interface ContactsAreaRepos {
  permissions: PermissionRepo;
  sessions: SessionRepo;
  settings: ContactSettingsRepo;
  queries: ContactQueryRepo;
  images: AvatarImageRepo;
}

const made = new WeakMap<ServiceStore, ContactsAreaRepos>();

/** The contacts area's repositories over `store`. */
export function contactsAreaRepos(store: ServiceStore): ContactsAreaRepos {
  let repos = made.get(store);
  if (!repos) {
    const ajv = sharedContractAjv(loadContract().contract);
    repos = {
      permissions: new PermissionRepo(store.db, store.feed, ajv),
      sessions: new SessionRepo(store.db),
      settings: new ContactSettingsRepo(store.db, ajv),
      queries: new ContactQueryRepo(store.db, store.feed, ajv),
      images: new AvatarImageRepo(store.db),
    };
    made.set(store, repos);
  }
  return repos;
}
