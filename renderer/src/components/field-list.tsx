/** `FieldList`: label/value pairs of a record's detail (a description list); empty values show "—". */
import type { ReactNode } from 'react';

/** One labelled value. */
export interface Field {
  label: string;
  value: ReactNode;
}

/** Renders the fields as a `<dl>`. */
export function FieldList({ fields }: { fields: readonly Field[] }) {
  return (
    <dl className="field-list">
      {fields.map((field) => (
        <div className="field" key={field.label}>
          <dt>{field.label}</dt>
          <dd>{field.value === null || field.value === undefined || field.value === '' ? '—' : field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
