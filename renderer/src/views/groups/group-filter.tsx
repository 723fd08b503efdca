/**
 * A dynamic group's member criteria (the contract's GroupFilter): every criterion set must hold;
 * none set matches every contact. `GroupFilterFields` edits them (when creating a group: no
 * operation changes a filter afterwards), `GroupFilterSummary` says them in words.
 */
import { contactStates, contactTypes, type GroupFilter } from '../../../../preload/contract';
import { SelectField, TextField } from '../../components/forms/form-field';
import { contactStateLabel, contactTypeLabel } from '../../lib/labels';

/** No criterion: every contact. */
export const emptyFilter: GroupFilter = { companyId: null, type: null, state: null, country: null, city: null };

/** The criteria fields; `errors` by field name. */
export function GroupFilterFields({
  filter,
  onChange,
  errors,
}: {
  filter: GroupFilter;
  onChange(filter: GroupFilter): void;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="group-filter-fields">
      <legend>Members are the contacts matching every criterion set</legend>
      <SelectField
        label="Contact type"
        value={filter.type ?? ''}
        onChange={(type) => onChange({ ...filter, type: type || null })}
        options={[
          { value: '', label: 'Any type' },
          ...contactTypes.map((t) => ({ value: t, label: contactTypeLabel[t] })),
        ]}
        error={errors.type}
      />
      <SelectField
        label="State"
        value={filter.state ?? ''}
        onChange={(state) => onChange({ ...filter, state: state || null })}
        options={[
          { value: '', label: 'Any state' },
          ...contactStates.map((s) => ({ value: s, label: contactStateLabel[s] })),
        ]}
        error={errors.state}
      />
      <TextField
        label="Country (ISO code, e.g. DE)"
        value={filter.country ?? ''}
        maxLength={2}
        onChange={(country) => onChange({ ...filter, country: country.trim().toUpperCase() || null })}
        error={errors.country}
      />
      <TextField
        label="City (exact name)"
        value={filter.city ?? ''}
        maxLength={100}
        onChange={(city) => onChange({ ...filter, city: city || null })}
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
