/**
 * The filters of the Spend view: the company (all, or one chosen by typing its name), the period
 * (the last N months or every month) and the category (all, or one of the contract's categories).
 */
import type { SpendCategory } from '../../../../preload/contract';
import { spendCategories } from '../../../../preload/contract';
import { SelectField } from '../../components/forms/form-field';
import { CompanyPicker } from '../contacts/company-picker';
import { categoryLabels, type PeriodChoice, periodChoices } from './spend-words';

/** What the filters hold. */
export interface SpendFilterState {
  company: { id: string; name: string } | null;
  period: PeriodChoice;
  category: SpendCategory | '';
}

const categoryOptions = [
  { value: '' as const, label: 'All categories' },
  ...spendCategories.map((value) => ({ value, label: categoryLabels[value] })),
];
const periodOptions = periodChoices.map((choice) => ({ value: choice.id, label: choice.label }));

/** Renders the filter bar; every change is passed on at once. */
export function SpendFilters({ value, onChange }: { value: SpendFilterState; onChange(next: SpendFilterState): void }) {
  return (
    <fieldset className="spend-filters">
      <legend className="visually-hidden">Spend filters</legend>
      <div className="spend-filter-company">
        <CompanyPicker
          companyId={value.company?.id ?? ''}
          companyName={value.company?.name ?? ''}
          onChange={(company) => onChange({ ...value, company })}
          noneLabel="All companies"
          noneHint="Type a name to see one company's spend."
        />
      </div>
      <SelectField<PeriodChoice>
        label="Period"
        value={value.period}
        options={periodOptions}
        onChange={(period) => onChange({ ...value, period: period || 'all' })}
      />
      <SelectField<SpendCategory>
        label="Category"
        value={value.category}
        options={categoryOptions}
        onChange={(category) => onChange({ ...value, category })}
      />
    </fieldset>
  );
}
