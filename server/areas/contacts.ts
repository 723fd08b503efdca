/** The contacts area of the service (see `./area.ts`): Contact, Company and Avatar groups. */
import { contactsAreaDdl } from '../db/contacts-area-ddl';
import { seedContactsArea } from '../demo/contacts-area';
import { avatarHandlers } from '../operations/avatars';
import { contactAdminHandlers } from '../operations/contact-admin';
import { contactListHandlers } from '../operations/contact-lists';
import { contactWriteHandlers } from '../operations/contact-writes';
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the contacts area. */
export const contactsArea: ServiceArea = {
  name: 'contacts',
  ddl: contactsAreaDdl,
  handlers: (deps) => ({
    ...contactWriteHandlers(deps),
    ...contactAdminHandlers(deps),
    ...contactListHandlers(deps),
    ...avatarHandlers(deps),
  }),
  seed: seedContactsArea,
};
