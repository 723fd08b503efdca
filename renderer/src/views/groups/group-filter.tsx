/**
 * A dynamic group's member criteria (the contract's GroupFilter): every criterion set must hold;
 * none set matches every contact. `GroupFilterFields` edits them as typed (when creating a group:
 * no operation changes a filter afterwards), `GroupFilterSummary` says them in words.
 */
import { contactStates, contactTypes, type GroupFilter } from '../../../../preload/contract';
import { SelectField, TextField } from '../../components/forms/form-field';
import { contactStateLabel, contactTypeLabel } from '../../lib/labels';

/** The criteria as typed, each '' when not set. */
export interface FilterValues {
  type: string;
  state: string;
  country: string;
  city: string;
}

/** The criteria fields; `errors` by field name. */
export function GroupFilterFields({
  values,
  onChange,
  errors,
}: {
  values: FilterValues;
  onChange(field: keyof FilterValues, value: string): void;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <fieldset className="group-filter-fields">
      <legend>Members are the contacts matching every criterion set</legend>
      <SelectField
        label="Contact type"
        value={values.type}
        onChange={(type) => onChange('type', type)}
        options={[
          { value: '', label: 'Any type' },
          ...contactTypes.map((t) => ({ value: t, label: contactTypeLabel[t] })),
        ]}
        error={errors.type}
      />
      <SelectField
        label="State"
        value={values.state}
        onChange={(state) => onChange('state', state)}
        options={[
          { value: '', label: 'Any state' },
          ...contactStates.map((s) => ({ value: s, label: contactStateLabel[s] })),
        ]}
        error={errors.state}
      />
      <TextField
        label="Country (ISO code, e.g. DE)"
        value={values.country}
        maxLength={2}
        onChange={(country) => onChange('country', country.toUpperCase())}
        error={errors.country}
      />
      <TextField
        label="City (exact name)"
        value={values.city}
        maxLength={100}
        onChange={(city) => onChange('city', city)}
        error={errors.city}
      />
    </fieldset>
  );
}

/** The criteria in words, one per line ("Type: Customer"); "Every contact" when none is set. */
export function GroupFilterSummary({ filter, companyName }: { filter: GroupFilter; companyName: string | null }) {
  const rows: [string, string][] = [];
  if (filter.companyId) rows.push(['Company', companyName ?? 'A company not on this computer']);
  if (filter.type) rows.push(['Contact type', contactTypeLabel[filter.type]]);
  if (filter.state) rows.push(['State', contactStateLabel[filter.state]]);
  if (filter.country) rows.push(['Country', filter.country]);
  if (filter.city) rows.push(['City', filter.city]);
  if (rows.length === 0) return <p>Every contact (no criterion is set).</p>;
  return (
    <dl className="group-fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
