/** The deals of a contact on their page (`deals.related`), kept for offline with their age; each opens its page. */
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useReloadOnReconnect } from '../../lib/use-reload-on-reconnect';
import { DealListState } from './deal-list-state';
import { DealTable } from './deal-table';

/** Renders the deals of contact `contactId`. */
export function ContactDeals({ contactId }: { contactId: string }) {
  const query = useBridgeQuery('deals.related', { contactId });
  useReloadOnReconnect(query.reload);
  return (
    <section className="deals-section" aria-label="Deals">
      <h3 className="deals-section-title">Deals</h3>
      <DealListState query={query} subject="Deals of this contact" none="No deals name this contact.">
        {(list) => <DealTable deals={list.deals} label="Deals of this contact" showCompany compact />}
      </DealListState>
    </section>
  );
}
