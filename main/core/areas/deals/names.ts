/** Names a deal's company and contact from the cache, for lists that show dozens of deals at once. */
import type { DealRow } from '../../../../preload/contract';
import type { HandlerContext } from '../context';

/** A deal as the service sends it (without the names the client adds). */
export type ServiceDeal = Omit<DealRow, 'companyName' | 'contactName' | 'ownerName'>;

/**
 * Returns a function that adds `companyName`, `contactName` and `ownerName` (the owner is an
 * employee contact: api/openapi.yaml `Deal.ownerId`) to a deal from the cache (null when the cache
 * does not hold that record), looking each record up once per namer.
 */
export function createDealNamer(ctx: HandlerContext): (deal: ServiceDeal) => DealRow {
  const companies = new Map<string, string | null>();
  const contacts = new Map<string, string | null>();
  const companyName = (id: string) => {
    if (!companies.has(id)) companies.set(id, ctx.stores.companies.get(id)?.name ?? null);
    return companies.get(id) ?? null;
  };
  const contactName = (id: string) => {
    if (!contacts.has(id)) {
      const contact = ctx.stores.contacts.get(id);
      contacts.set(id, contact ? `${contact.firstName} ${contact.lastName}`.trim() : null);
    }
    return contacts.get(id) ?? null;
  };
  return (deal) => ({
    ...deal,
    companyName: companyName(deal.companyId),
    contactName: deal.contactId ? contactName(deal.contactId) : null,
    ownerName: contactName(deal.ownerId),
  });
}
