/**
 * Handlers of `contacts.*`: reads from the cache (offline too), and every edit through the write
 * path (applied at once, queued for the service). A local id of a contact created here keeps
 * finding it after it reached the service.
 */
import { BridgeError, type ContactDetail } from '../../../../preload/contract';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptImage } from '../kept';

type Names =
  | 'contacts.list'
  | 'contacts.get'
  | 'contacts.save'
  | 'contacts.archive'
  | 'contacts.delete'
  | 'contacts.avatar';

function detail(ctx: HandlerContext, id: string): ContactDetail {
  const contact = ctx.stores.contacts.get(ctx.writes.currentId(id));
  if (!contact) throw new BridgeError('not_found', 'That contact is not here any more; it may have been deleted.');
  return contact;
}

/** Checks that a company named by a contact exists in the cache (the service refuses an unknown one). */
function checkCompany(ctx: HandlerContext, companyId: string | null | undefined): string | null {
  if (!companyId) return null;
  const id = ctx.writes.currentId(companyId);
  if (!ctx.stores.companies.get(id))
    throw new BridgeError('invalid_input', 'That company is not in your data any more. Choose another company.', [
      { pointer: '/contact/companyId', message: 'choose a company from the list' },
    ]);
  return id;
}

/** Creates the contacts handlers. */
export const contactsHandlers: AreaHandlers<Names> = (ctx) => ({
  'contacts.list': async ({ offset, limit, ...filter }) => ctx.stores.contacts.list(filter, offset, limit),
  'contacts.get': async ({ id }) => ctx.stores.contacts.get(ctx.writes.currentId(id)),
  'contacts.save': async ({ contact }) => {
    const { id, ...fields } = contact;
    const companyId = checkCompany(ctx, fields.companyId);
    const values = { ...fields, companyId, type: fields.type ?? 'customer' };
    if (!id) {
      const created = ctx.writes.create('contact', values, {
        email: null,
        phone: null,
        jobTitle: null,
        city: null,
        country: null,
        state: 'active',
      });
      return detail(ctx, created.id);
    }
    ctx.writes.update('contact', id, { ...fields, companyId: fields.companyId === undefined ? undefined : companyId });
    return detail(ctx, id);
  },
  'contacts.archive': async ({ id, archived }) => {
    const current = ctx.writes.read('contact', id);
    if (!current) throw new BridgeError('not_found', 'That contact is not here any more; it may have been deleted.');
    const state = archived ? 'archived' : 'active';
    if (current.state !== state) {
      const name = `${current.firstName} ${current.lastName}`;
      ctx.writes.action(
        'contact',
        id,
        { ...current, state },
        { operationId: 'archiveContact', body: { id: current.id, archived } },
        `${archived ? 'Archive' : 'Restore'} contact ${name}`,
      );
    }
    return detail(ctx, id);
  },
  'contacts.delete': async ({ id }) => {
    ctx.writes.remove('contact', id);
    return { deleted: true };
  },
  'contacts.avatar': async ({ id }) => keptImage(ctx, 'getAvatar', ctx.writes.currentId(id)),
});
