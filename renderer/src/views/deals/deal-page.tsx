/**
 * A deal's page (`deals.get`): its title, stage and fields, links to its company and contact, and
 * the other deals with the same company (`deals.related`), each opening its own page. Both are
 * kept for offline use and say their age. Deals are read-only here: the PSA system moves them.
 */
import { useEffect, useRef } from 'react';
import type { DealRow } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { FieldList } from '../../components/field-list';
import { LoadingState } from '../../components/loading-state';
import { NotesTimeline } from '../../components/notes/notes-timeline';
import { formatDate, formatDateTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { useOnline } from '../../lib/use-online';
import { useReloadOnReconnect } from '../../lib/use-reload-on-reconnect';
import { useUi } from '../../stores/stores-context';
import { dealCategoryLabel, dealStageLabel, formatAmount, isOpenDeal } from '../companies/related-labels';
import { DealListState } from './deal-list-state';
import { DealTable } from './deal-table';
import { dealAge } from './deal-words';
import { KeptAgeNote } from '../../components/kept-age';

/** Renders the page of deal `id`. */
export function DealPage({ id }: { id: string }) {
  const online = useOnline();
  const { data, error, reload } = useBridgeQuery('deals.get', { id });
  useReloadOnReconnect(reload);

  if (error && !data) {
    return (
      <EmptyState title="This deal could not be shown" size="compact">
        {error} Go back to the deals and pick another one.
      </EmptyState>
    );
  }
  if (!data) return <LoadingState label="Loading deal…" />;
  if (!data.value) {
    return (
      <EmptyState title="This deal was not fetched yet" size="compact">
        {online
          ? 'It could not be read from the service. Try again in a moment.'
          : 'It shows once the service can be reached again.'}
      </EmptyState>
    );
  }
  return <DealDetail deal={data.value} fetchedAt={data.fetchedAt} />;
}

function DealDetail({ deal, fetchedAt }: { deal: DealRow; fetchedAt: string | null }) {
  const now = useNow();
  const openRecord = useUi((state) => state.openRecord);
  const open = isOpenDeal(deal);
  const heading = useRef<HTMLHeadingElement>(null);
  // A deal opened from a card or a link: the focus moves to its page (the link that opened it is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each deal shown is the trigger.
  useEffect(() => heading.current?.focus(), [deal.id]);
  return (
    <article className="detail deal-page" aria-label={`Deal: ${deal.title}`}>
      <header className="deal-page-header">
        <h2 ref={heading} tabIndex={-1}>
          {deal.title}
        </h2>
        <p className="detail-subline">
          <span className={`pill deal-stage deal-stage-${deal.stage}`}>{dealStageLabel[deal.stage]}</span>
          <span className="muted">
            {dealCategoryLabel[deal.category]} · {dealAge(deal, now)}
          </span>
        </p>
      </header>
      <KeptAgeNote subject="Deal details" fetchedAt={fetchedAt} />
      <FieldList
        fields={[
          {
            label: 'Company',
            value: (
              <button type="button" className="link-button" onClick={() => openRecord('company', deal.companyId)}>
                {deal.companyName ?? 'Open the company'}
              </button>
            ),
          },
          {
            label: 'Contact',
            value: deal.contactId ? (
              <button type="button" className="link-button" onClick={() => openRecord('contact', deal.contactId!)}>
                {deal.contactName ?? 'Open the contact'}
              </button>
            ) : null,
          },
          { label: 'Owner', value: deal.ownerName },
          { label: 'Value', value: formatAmount(deal.amount, deal.currency) },
          { label: 'Chance of winning', value: `${deal.probability}%` },
          {
            label: open ? 'Expected close date' : 'Closed',
            value: open ? formatDate(deal.expectedCloseDate) : formatDateTime(deal.closedAt!),
          },
          { label: 'Opened', value: formatDateTime(deal.createdAt) },
          { label: 'Last changed', value: formatDateTime(deal.updatedAt) },
        ]}
      />
      <p className="muted">Deals are moved through the pipeline in the PSA system; they are read-only here.</p>
      <RelatedDeals deal={deal} />
      <NotesTimeline recordType="deal" recordId={deal.id} />
    </article>
  );
}

/** The other deals with the deal's company. */
function RelatedDeals({ deal }: { deal: DealRow }) {
  const query = useBridgeQuery('deals.related', { companyId: deal.companyId });
  useReloadOnReconnect(query.reload);
  const company = deal.companyName ?? 'this company';
  return (
    <section className="deals-section" aria-label="Related deals">
      <h3 className="deals-section-title">Other deals with {company}</h3>
      <DealListState query={query} subject="Related deals" none={`No other deals with ${company}.`}>
        {(list) => {
          const others = list.deals.filter((other) => other.id !== deal.id);
          return others.length ? (
            <DealTable deals={others} label={`Other deals with ${company}`} />
          ) : (
            <p className="muted">No other deals with {company}.</p>
          );
        }}
      </DealListState>
    </section>
  );
}
