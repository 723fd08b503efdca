/** A company's row in the Companies list: initials, name, industry and city, contact count and sync state. */
import type { CompanyRow } from '../../../../preload/contract';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { pluralize } from '../../lib/format';
import { CompanyInitials } from './company-logo';

/** Renders `company`'s row (module-level, so the virtual list's rows keep their identity). */
export function renderCompanyRow(company: CompanyRow) {
  const place = [company.city, company.country].filter(Boolean).join(', ');
  return (
    <div className="list-row">
      <CompanyInitials name={company.name} />
      <div className="list-row-text">
        <span className="list-row-primary">{company.name}</span>
        <span className="list-row-secondary">
          {[company.industry, place].filter(Boolean).join(' · ') || 'No industry or city'}
        </span>
      </div>
      <span className="company-row-meta">
        <SyncStateBadge state={company.syncState} />
        <span className="company-row-count">{pluralize(company.contactCount, 'contact')}</span>
      </span>
    </div>
  );
}
