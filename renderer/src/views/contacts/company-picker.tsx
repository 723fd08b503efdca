/** The contact form's company field: a searchable select over the cached companies (`companies.list`). */
import { useCallback } from 'react';
import { SearchableSelect, type SelectOption } from '../../components/forms/searchable-select';
import { useBridge } from '../../stores/stores-context';

/** How many companies the field offers at once (the best matches of what is typed). */
const shownCompanies = 20;

export interface CompanyPickerProps {
  companyId: string;
  companyName: string;
  onChange(company: { id: string; name: string } | null): void;
  error?: string;
  /** What "no company" means where the field is used (default "No company"). */
  noneLabel?: string;
  /** The hint while no company is chosen (default "Not linked to a company."). */
  noneHint?: string;
}

/** Renders the company field. */
export function CompanyPicker({
  companyId,
  companyName,
  onChange,
  error,
  noneLabel = 'No company',
  noneHint = 'Not linked to a company.',
}: CompanyPickerProps) {
  const bridge = useBridge();
  const search = useCallback(
    async (text: string): Promise<SelectOption[]> => {
      const { rows } = await bridge.call('companies.list', {
        query: text === '' ? undefined : text,
        offset: 0,
        limit: shownCompanies,
      });
      return rows.map((company) => ({
        id: company.id,
        label: company.name,
        detail: [company.industry, company.city].filter(Boolean).join(' · ') || null,
      }));
    },
    [bridge],
  );
  return (
    <SearchableSelect
      label="Company"
      value={companyId ? { id: companyId, label: companyName || 'A company' } : null}
      onChange={(option) => onChange(option ? { id: option.id, name: option.label } : null)}
      search={search}
      noneLabel={noneLabel}
      placeholder="Type to find a company"
      error={error}
      hint={companyId ? undefined : noneHint}
    />
  );
}
