/**
 * `FieldValue`: one value of a record's field in words (see `describeValue`), "empty" for none, and
 * a referenced company by its name rather than its id.
 */
import { describeValue, type EditedType } from '../../lib/field-labels';
import { useBridgeQuery } from '../../lib/use-bridge-query';

/** The name of cached company `id`, or words saying it is not in the cache. */
function CompanyName({ id }: { id: string }) {
  const { data } = useBridgeQuery('companies.get', { id }, ['company']);
  if (data === undefined) return <span className="muted">Looking up the company…</span>;
  return data ? <span>{data.name}</span> : <span className="muted">A company that is not in your data</span>;
}

/** Renders `value` of `field` on a record of `type`. */
export function FieldValue({ type, field, value }: { type: EditedType; field: string; value: unknown }) {
  if (field === 'companyId' && typeof value === 'string' && value) return <CompanyName id={value} />;
  const words = describeValue(type, field, value);
  return words === null ? <span className="field-value-empty">empty</span> : <span className="breakable">{words}</span>;
}
