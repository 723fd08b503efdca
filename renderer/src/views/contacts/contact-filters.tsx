/** The contact list's filters next to the search: by type and by status (active or archived), as `contacts.list` takes them. */
import { type ContactState, type ContactType, contactStates, contactTypes } from '../../../../preload/contract';
import { contactStateLabel, contactTypeLabel } from '../../lib/labels';

/** The chosen filters; undefined: any. */
export interface ContactFilterValues {
  type: ContactType | undefined;
  state: ContactState | undefined;
}

/** Renders the two filters. */
export function ContactFilters({
  value,
  onChange,
}: {
  value: ContactFilterValues;
  onChange(value: ContactFilterValues): void;
}) {
  return (
    <fieldset className="contact-filters">
      <legend className="visually-hidden">Filter contacts</legend>
      <label className="contact-filter">
        <span>Type</span>
        <select
          value={value.type ?? ''}
          onChange={(event) =>
            onChange({ ...value, type: (event.target.value || undefined) as ContactType | undefined })
          }
        >
          <option value="">All types</option>
          {contactTypes.map((type) => (
            <option key={type} value={type}>
              {contactTypeLabel[type]}
            </option>
          ))}
        </select>
      </label>
      <label className="contact-filter">
        <span>Status</span>
        <select
          value={value.state ?? ''}
          onChange={(event) =>
            onChange({ ...value, state: (event.target.value || undefined) as ContactState | undefined })
          }
        >
          <option value="">All statuses</option>
          {contactStates.map((state) => (
            <option key={state} value={state}>
              {contactStateLabel[state]} only
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
