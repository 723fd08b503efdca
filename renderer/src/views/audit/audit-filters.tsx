/**
 * The audit trail's filters: who did it (a person picked by name), which record (its kind, and a
 * contact or company picked by name, or any record by its id) and the days it happened (from, up to
 * and including). They combine with AND, as the service applies them (api/openapi.yaml, AuditTrailQuery).
 */
import { useCallback, useState } from 'react';
import { auditResourceTypes } from '../../../../preload/contract';
import { SelectField, TextField } from '../../components/forms/form-field';
import { SearchableSelect, type SelectOption } from '../../components/forms/searchable-select';
import { fullName } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useBridge } from '../../stores/stores-context';
import { type AuditRecordRef, anyKind } from './audit-record-filter';
import { resourceTypeLabel } from './audit-words';

/** A record id. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** How many people or records a picker offers at once (the best matches of what is typed). */
const shownOptions = 8;

/** The filters other than the record (kept by the view). */
export interface AuditFilterValues {
  actor: SelectOption | null;
  /** A record kind without a particular record ('' for any). */
  kind: string;
  /** Days as yyyy-MM-dd ('' for open). */
  fromDay: string;
  toDay: string;
}

export interface AuditFiltersProps {
  values: AuditFilterValues;
  onChange(values: AuditFilterValues): void;
  record: AuditRecordRef | null;
  onRecord(record: AuditRecordRef | null): void;
  /** Message about the days (e.g. the end before the start). */
  dayError?: string;
}

/** The name of the record the trail is narrowed to, from the cache (contacts and companies). */
function useRecordName(record: AuditRecordRef | null): string | null {
  const person = record && (record.type === 'contact' || record.type === 'user');
  const contact = useBridgeQuery('contacts.get', person ? { id: record.id } : null).data;
  const company = useBridgeQuery('companies.get', record?.type === 'company' ? { id: record.id } : null).data;
  if (person && contact) return fullName(contact);
  if (record?.type === 'company' && company) return company.name;
  return null;
}

const kindOptions = [
  { value: '', label: 'Any kind' },
  ...auditResourceTypes.map((type) => ({ value: type, label: resourceTypeLabel[type] ?? type })),
];

/** Renders the filters. */
export function AuditFilters({ values, onChange, record, onRecord, dayError }: AuditFiltersProps) {
  const bridge = useBridge();
  const recordName = useRecordName(record);
  const searchPeople = useCallback(
    async (text: string): Promise<SelectOption[]> => {
      const { rows } = await bridge.call('contacts.list', {
        query: text === '' ? undefined : text,
        offset: 0,
        limit: shownOptions,
      });
      return rows.map((c) => ({
        id: c.id,
        label: fullName(c),
        detail: [c.jobTitle, c.companyName].filter(Boolean).join(' · ') || null,
      }));
    },
    [bridge],
  );
  const searchRecords = useCallback(
    async (text: string): Promise<SelectOption[]> => {
      const query = text === '' ? undefined : text;
      const [contacts, companies] = await Promise.all([
        bridge.call('contacts.list', { query, offset: 0, limit: shownOptions / 2 }),
        bridge.call('companies.list', { query, offset: 0, limit: shownOptions / 2 }),
      ]);
      return [
        ...companies.rows.map((c) => ({ id: `company:${c.id}`, label: c.name, detail: 'Company' })),
        ...contacts.rows.map((c) => ({
          id: `contact:${c.id}`,
          label: fullName(c),
          detail: ['Contact', c.companyName].filter(Boolean).join(' · '),
        })),
      ];
    },
    [bridge],
  );
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...values, ...patch });
  const recordValue: SelectOption | null = record
    ? {
        id: `${record.type}:${record.id}`,
        label: recordName ?? `${resourceTypeLabel[record.type] ?? record.type} ${record.id.slice(0, 8)}…`,
      }
    : null;

  return (
    <fieldset className="audit-filters">
      <legend className="visually-hidden">Filters</legend>
      <SearchableSelect
        label="Done by"
        value={values.actor}
        onChange={(actor) => set({ actor })}
        search={searchPeople}
        noneLabel="Anyone"
        placeholder="Type to find a person"
      />
      <SearchableSelect
        label="Record"
        value={recordValue}
        onChange={(option) => {
          const [type, id] = option ? option.id.split(':') : [];
          onRecord(option ? { type, id } : null);
        }}
        search={searchRecords}
        noneLabel="Any record"
        placeholder="Type a contact or company name"
      />
      <SelectField
        label="Kind of record"
        value={record ? (record.type === anyKind ? '' : record.type) : values.kind}
        onChange={(kind) => {
          if (record) onRecord({ ...record, type: kind || anyKind });
          set({ kind });
        }}
        options={kindOptions}
      />
      <RecordIdField
        key={record?.id ?? ''}
        initial={record?.id ?? ''}
        onId={(id) => onRecord(id ? { type: values.kind || anyKind, id } : null)}
      />
      <TextField label="From (day)" type="date" value={values.fromDay} onChange={(fromDay) => set({ fromDay })} />
      <TextField
        label="Up to and including"
        type="date"
        value={values.toDay}
        onChange={(toDay) => set({ toDay })}
        error={dayError}
      />
    </fieldset>
  );
}

/** The record id field: narrows the trail once a whole id is typed or pasted, and clears it when emptied. */
function RecordIdField({ initial, onId }: { initial: string; onId(id: string | null): void }) {
  const [text, setText] = useState(initial);
  const trimmed = text.trim().toLowerCase();
  const partial = trimmed !== '' && !uuidPattern.test(trimmed);
  return (
    <TextField
      label="Record id"
      value={text}
      onChange={(value) => {
        setText(value);
        const id = value.trim().toLowerCase();
        if (id === '') onId(null);
        else if (uuidPattern.test(id)) onId(id);
      }}
      placeholder="Any record"
      error={partial ? 'A record id has 36 characters, such as 6f1d2c3b-4a59-4e8f-9a7b-0c1d2e3f4a5b.' : undefined}
      hint={partial ? undefined : 'Or paste the id of any record.'}
      maxLength={36}
    />
  );
}
