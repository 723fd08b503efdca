/**
 * A rebate agreement's page: its terms (`Rebate Detail`), its totals grouped as the user chooses
 * (`Rebate Summary Data`, per currency) and the earning of each qualifying deal (`Rebate Deal
 * Earnings`), each read from the service and kept for offline use with its age.
 */
import type { Rebate, RebateDetail } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { LoadingState } from '../../components/loading-state';
import { formatCount, formatDate } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useUi } from '../../stores/stores-context';
import { dealCategoryLabel, formatAmount } from '../companies/related-labels';
import { KeptAge } from '../../components/kept-age';
import { RebateSummarySection } from './rebate-summary';
import { formatPeriod, formatRate, rebateKindLabel } from './rebate-words';

/** Renders agreement `id`'s page. */
export function RebatePage({ id }: { id: string }) {
  const online = useOnline();
  const { data, error, loading, reload } = useBridgeQuery('rebates.detail', { id });
  if (error && !data) return <ErrorBanner message={`This rebate could not be loaded: ${error}`} onRetry={reload} />;
  if (!data) return <LoadingState label="Loading rebate…" />;
  if (!data.value) {
    return (
      <EmptyState title="Not fetched yet" size="compact">
        {online
          ? 'This rebate could not be read from the service. Try again in a moment.'
          : 'This rebate was never opened on this computer; it shows once the service can be reached.'}
      </EmptyState>
    );
  }
  const detail = data.value;
  const { rebate } = detail;
  return (
    <article className="detail rebate-page" aria-label={rebate.name}>
      <header className="rebate-page-header">
        <h2>{rebate.name}</h2>
        <p className="detail-subline muted">
          {rebateKindLabel[rebate.kind]} · {rebate.currency} · {formatPeriod(rebate)}
        </p>
        <KeptAge
          subject="Rebate"
          fetchedAt={data.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh rebate"
        />
      </header>
      <section className="rebate-section" aria-label="Rebate terms">
        <h3 className="rebate-section-title">Terms</h3>
        <RebateTerms detail={detail} />
      </section>
      <RebateSummarySection rebateId={rebate.id} />
      <DealEarnings detail={detail} />
    </article>
  );
}

/** A button that opens a company's page. */
function CompanyLink({ id, name }: { id: string; name: string | undefined }) {
  const openRecord = useUi((s) => s.openRecord);
  if (!name) return <span className="muted">A company not on this computer</span>;
  return (
    <button type="button" className="link-button" onClick={() => openRecord('company', id)}>
      {name}
    </button>
  );
}

function tiersText(rebate: Rebate): string {
  return rebate.tiers
    .map((tier) => `${formatRate(tier.rateBasisPoints)} from ${formatAmount(tier.minAmount, rebate.currency)}`)
    .join('; ');
}

function RebateTerms({ detail }: { detail: RebateDetail }) {
  const { rebate, companyNames } = detail;
  return (
    <FieldList
      fields={[
        { label: 'Kind', value: rebateKindLabel[rebate.kind] },
        { label: 'Currency', value: `${rebate.currency} (deals in other currencies do not qualify)` },
        { label: 'Period', value: `${formatPeriod(rebate)} (deals closed won on these days)` },
        {
          label: 'Categories',
          value: rebate.categories.length
            ? rebate.categories.map((c) => dealCategoryLabel[c] ?? c).join(', ')
            : 'Every category',
        },
        { label: 'Rate tiers', value: tiersText(rebate) },
        {
          label: rebate.companyIds.length === 1 ? 'Company' : `Companies (${formatCount(rebate.companyIds.length)})`,
          value: (
            <ul className="rebate-companies">
              {rebate.companyIds.map((companyId) => (
                <li key={companyId}>
                  <CompanyLink id={companyId} name={companyNames[companyId]} />
                </li>
              ))}
            </ul>
          ),
        },
        { label: 'Description', value: rebate.description },
      ]}
    />
  );
}

function DealEarnings({ detail }: { detail: RebateDetail }) {
  const { earnings, companyNames } = detail;
  return (
    <section className="rebate-section" aria-label="Deal earnings">
      <h3 className="rebate-section-title">Deal earnings ({formatCount(earnings.length)})</h3>
      {detail.complete ? null : (
        <p className="muted">
          The {formatCount(earnings.length)} most recent deals are shown; the totals above count every deal.
        </p>
      )}
      {earnings.length === 0 ? (
        <p className="muted">No deal qualifies for this rebate yet.</p>
      ) : (
        <table className="rebate-table">
          <thead>
            <tr>
              <th scope="col">Deal</th>
              <th scope="col">Company</th>
              <th scope="col">Closed</th>
              <th scope="col" className="rebate-table-number">
                Deal amount
              </th>
              <th scope="col" className="rebate-table-number">
                Rate
              </th>
              <th scope="col" className="rebate-table-number">
                Earning ({detail.rebate.currency})
              </th>
            </tr>
          </thead>
          <tbody>
            {earnings.map((earning) => (
              <tr key={earning.dealId}>
                <th scope="row">
                  {earning.dealTitle}
                  <span className="rebate-table-sub">{dealCategoryLabel[earning.category] ?? earning.category}</span>
                </th>
                <td>
                  <CompanyLink id={earning.companyId} name={companyNames[earning.companyId]} />
                </td>
                <td className="rebate-table-nowrap">{formatDate(earning.closedAt)}</td>
                <td className="rebate-table-number">{formatAmount(earning.dealAmount, earning.currency)}</td>
                <td className="rebate-table-number">{formatRate(earning.rateBasisPoints)}</td>
                <td className="rebate-table-number">{formatAmount(earning.earning, earning.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
