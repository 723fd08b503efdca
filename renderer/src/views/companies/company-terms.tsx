/**
 * A company's commercial terms on its page: its CMT (customer management terms: payment terms,
 * credit limit, standard discount, account manager, next review; `View CMT`), read on demand and
 * kept for offline use with its age, edited in a form validated by the contract's `CmtSave`
 * (`cmtSaveSchema`) and saved through the outbox like every edit, online or offline (`Save CMT`,
 * offered only to those its access rule allows: lib/use-access.ts); then the company's rebates (a short section linking to the Rebates view).
 */
import { useState } from 'react';
import { type Cmt, type CmtSave, type CompanyTerms, cmtSaveSchema } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { FormDialog } from '../../components/forms/form-dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { LoadingState } from '../../components/loading-state';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatDate, fullName } from '../../lib/format';
import { useAccess } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';
import { CompanyRebates } from '../rebates/company-rebates';
import { KeptAge } from '../../components/kept-age';
import { formatRate } from '../rebates/rebate-words';
import { formatAmount } from './related-labels';

/** The terms shown: a save waiting in the outbox wins over the service's (it is what the user typed). */
type ShownTerms = Omit<CmtSave, 'id'>;

/** The number of minor units in one unit of `currency` (ISO 4217; 100 when the code is unknown). */
function minorUnits(currency: string): number {
  try {
    const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions();
    return 10 ** (digits.maximumFractionDigits ?? 2);
  } catch {
    return 100;
  }
}

/** Renders the terms and rebates of company `companyId`. */
export function CompanyTermsSection({ companyId, companyName }: { companyId: string; companyName: string }) {
  const { data, error, loading, reload } = useBridgeQuery('cmt.get', { companyId }, ['outbox', 'contact']);
  const online = useOnline();
  const [editing, setEditing] = useState(false);
  const access = useAccess('saveCmt');
  const shown: ShownTerms | null = data?.queued?.terms ?? data?.value ?? null;
  // Terms never read cannot be edited: creating them while the service has some would be refused.
  const canEdit = data !== undefined && (data.fetchedAt !== null || data.queued !== null);
  const queuedState = data?.queued
    ? data.queued.state === 'waiting' || data.queued.state === 'sending'
      ? 'pending'
      : data.queued.state
    : undefined;

  return (
    <>
      <section className="company-section" aria-label="Terms">
        <div className="company-section-head">
          <h3 className="company-section-title">
            Terms (CMT) <SyncStateBadge state={queuedState} />
          </h3>
          <ActionButton
            className="button button-small"
            disabled={!canEdit}
            refusal={access.reason}
            onClick={() => setEditing(true)}
          >
            {shown ? 'Edit terms' : 'Set terms'}
          </ActionButton>
        </div>
        <KeptAge
          subject="Terms"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh terms"
        />
        {error && !data ? <ErrorBanner message={`The terms could not be loaded: ${error}`} onRetry={reload} /> : null}
        {!data && !error ? <LoadingState label="Loading terms…" /> : null}
        {data?.queued?.state === 'refused' ? (
          <p className="kept-refusal" role="status">
            The service refused your change to these terms: {data.queued.message} Edit the terms to fix it, or discard
            the change in Pending changes.
          </p>
        ) : null}
        {data?.queued && data.queued.state !== 'refused' ? (
          <p className="muted">Your change to these terms is saved here and is sent when the service can be reached.</p>
        ) : null}
        {data && !canEdit ? (
          <p className="muted">
            {online
              ? 'The terms show once this company has reached the service.'
              : 'Not fetched yet: the terms show, and can be edited, once the service can be reached.'}
          </p>
        ) : null}
        {data && canEdit && !shown ? <p className="muted">No terms are agreed with {companyName} yet.</p> : null}
        {data && shown ? <TermsFields terms={shown} managerName={data.accountManagerName} /> : null}
      </section>
      <CompanyRebates companyId={companyId} />
      {editing && data ? (
        <TermsForm companyId={companyId} companyName={companyName} terms={data} onClose={() => setEditing(false)} />
      ) : null}
    </>
  );
}

function TermsFields({ terms, managerName }: { terms: ShownTerms; managerName: string | null }) {
  return (
    <FieldList
      fields={[
        {
          label: 'Payment terms',
          value: terms.paymentTermsDays === 0 ? 'On receipt' : `${terms.paymentTermsDays} days from invoice`,
        },
        { label: 'Credit limit', value: `${formatAmount(terms.creditLimit, terms.currency)} (${terms.currency})` },
        { label: 'Standard discount', value: formatRate(terms.discountBasisPoints) },
        {
          label: 'Account manager',
          value: terms.accountManagerId ? (managerName ?? 'A contact not on this computer') : null,
        },
        { label: 'Next review', value: terms.reviewDate ? formatDate(terms.reviewDate) : null },
        { label: 'Notes', value: terms.notes },
      ]}
    />
  );
}

/** The form's values: one string per field, named as in `CmtSave` so refusals land next to them. */
interface TermsValues {
  [field: string]: string;
  paymentTermsDays: string;
  /** In units of the currency (e.g. euros), not minor units. */
  creditLimit: string;
  currency: string;
  /** In percent (2.5), not basis points. */
  discountBasisPoints: string;
  accountManagerId: string;
  reviewDate: string;
  notes: string;
}

function valuesOf(terms: ShownTerms | null): TermsValues {
  if (!terms)
    return {
      paymentTermsDays: '30',
      creditLimit: '',
      currency: '',
      discountBasisPoints: '0',
      accountManagerId: '',
      reviewDate: '',
      notes: '',
    };
  return {
    paymentTermsDays: String(terms.paymentTermsDays),
    creditLimit: String(terms.creditLimit / minorUnits(terms.currency)),
    currency: terms.currency,
    discountBasisPoints: String(terms.discountBasisPoints / 100),
    accountManagerId: terms.accountManagerId ?? '',
    reviewDate: terms.reviewDate ?? '',
    notes: terms.notes ?? '',
  };
}

/** A number typed by the user times `scale`, rounded to a whole number; text that is not a number stays text (refused by the schema). */
function scaled(text: string, scale: number): number | string {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  return Math.round(Number(trimmed) * scale);
}

/**
 * A schema message about a field typed in other units than the contract's (percent for basis points,
 * currency units for minor units), with its bound in the typed units: "must be at most 10000" → "must be at most 100".
 */
function inTypedUnits(message: string | undefined, scale: number): string | undefined {
  return message?.replace(
    /(at (?:most|least)) (\d+)/,
    (_, words: string, bound: string) => `${words} ${Number(bound) / scale}`,
  );
}

function toCmtSave(values: TermsValues, companyId: string, id: string | undefined): unknown {
  const currency = values.currency.trim();
  return {
    ...(id ? { id } : {}),
    companyId,
    paymentTermsDays: scaled(values.paymentTermsDays, 1),
    creditLimit: scaled(values.creditLimit, minorUnits(currency)),
    currency,
    discountBasisPoints: scaled(values.discountBasisPoints, 100),
    accountManagerId: values.accountManagerId || null,
    reviewDate: values.reviewDate || null,
    notes: values.notes.trim() === '' ? null : values.notes.trim(),
  };
}

interface TermsFormProps {
  companyId: string;
  companyName: string;
  terms: CompanyTerms;
  onClose(): void;
}

/** The terms form in a dialog (mount it only while it shows). */
function TermsForm({ companyId, companyName, terms, onClose }: TermsFormProps) {
  const bridge = useBridge();
  const service: Cmt | null = terms.value;
  const id = terms.queued?.terms.id ?? service?.id;
  const employees = useBridgeQuery('contacts.list', { type: 'employee', offset: 0, limit: 500 });
  const form = useRecordForm({
    initial: valuesOf(terms.queued?.terms ?? service),
    toRecord: (values: TermsValues) => toCmtSave(values, companyId, id),
    schema: cmtSaveSchema,
    draftKey: `cmt:${companyId}`,
    pointerPrefix: '/terms',
    async save(record) {
      await bridge.call('cmt.save', { terms: record, version: service?.version ?? null });
      onClose();
    },
  });
  const { values, errors, setField } = form;
  const unitScale: Partial<Record<keyof TermsValues, number>> = {
    creditLimit: minorUnits(values.currency.trim()),
    discountBasisPoints: 100,
  };
  const field = (name: keyof TermsValues & string) => ({
    value: values[name],
    error: inTypedUnits(errors[name], unitScale[name] ?? 1),
    onChange: (value: string) => setField(name, value),
  });
  const managers = (employees.data?.rows ?? []).map((c) => ({ value: c.id, label: fullName(c) }));
  if (values.accountManagerId && !managers.some((m) => m.value === values.accountManagerId))
    managers.unshift({
      value: values.accountManagerId,
      label: terms.accountManagerName ?? 'The current account manager',
    });

  return (
    <FormDialog
      title={`Terms of ${companyName}`}
      form={form}
      submitLabel="Save terms"
      onSubmit={form.submit}
      onClose={onClose}
      notes={
        terms.queued?.state === 'refused' ? (
          <p className="form-dialog-note">The service refused the last change: {terms.queued.message}</p>
        ) : null
      }
    >
      <div className="form-grid">
        <TextField
          label="Payment terms (days)"
          required
          autoFocus
          hint="Days from invoice to payment; 0 is on receipt"
          {...field('paymentTermsDays')}
        />
        <TextField
          label="Currency"
          required
          maxLength={3}
          hint="Three-letter code (ISO 4217), e.g. EUR"
          value={values.currency}
          error={errors.currency}
          onChange={(value) => setField('currency', value.toUpperCase())}
        />
        <TextField
          label="Credit limit"
          required
          hint="In the currency's units, e.g. 50000.00"
          {...field('creditLimit')}
        />
        <TextField
          label="Standard discount (%)"
          required
          hint="In percent, e.g. 2.5"
          {...field('discountBasisPoints')}
        />
        <SelectField
          label="Account manager"
          hint={employees.error ? `The employees could not be listed: ${employees.error}` : undefined}
          value={values.accountManagerId}
          error={errors.accountManagerId}
          onChange={(value) => setField('accountManagerId', value)}
          options={[{ value: '', label: 'No account manager' }, ...managers]}
        />
        <TextField label="Next review" type="date" {...field('reviewDate')} />
        <div className="company-form-wide">
          <TextField label="Notes" multiline maxLength={5000} {...field('notes')} />
        </div>
      </div>
    </FormDialog>
  );
}
