/** The email-pim area of the service (see `./area.ts`): e-mails with attachments and the Pim group. */
import { emailDdl } from '../db/emails';
import { pimDdl } from '../db/pim';
import { seedEmails } from '../demo/emails';
import { seedPim } from '../demo/pim';
import { emailHandlers } from '../operations/email';
import { pimHandlers } from '../operations/pim';
import type { ServiceArea } from './area';

/** Tables, handlers and demo data of the email-pim area. */
export const emailPimArea: ServiceArea = {
  name: 'email-pim',
  ddl: emailDdl + pimDdl,
  handlers: (deps) => ({ ...emailHandlers(deps), ...pimHandlers(deps) }),
  seed: async ({ store, repos, f, now, people }) => {
    const { emails, pim } = repos;
    const contactCount = [...people.contactsByCompany.values()].reduce((n, list) => n + list.length, 0);
    // A few hundred at the default size (2000 contacts), fewer for small test sets.
    const emailCount = Math.min(300, Math.max(40, Math.round(contactCount / 6)));
    await seedEmails(store, emails, f, now, people, emailCount);
    seedPim(pim, f, now, people);
  },
};
