/**
 * The contact form, in a dialog: creates a contact or edits every field the contract allows
 * (ContactSave, api/openapi.yaml). It validates with the schema the bridge uses (`contactSaveSchema`),
 * so each message shows next to its field before anything is queued; a refusal of the service kept
 * in the outbox (its field messages) shows next to the same fields when the form opens, and saving
 * the fix sends the refused change again. What is typed is kept as a draft until saved or cancelled.
 * Saving works offline: the edit is queued and sent when the service can be reached.
 */
import { useState } from 'react';
import { type ContactDetail, contactSaveSchema, contactTypes } from '../../../../preload/contract';
import { writeSchemas } from '../../../../api/generated/write-schemas';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { FormDialog } from '../../components/forms/form-dialog';
import { SelectField, TextField, type TextFieldProps } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { LoadingState } from '../../components/loading-state';
import { contactFieldLabels, countryName } from '../../lib/field-labels';
import { fullName } from '../../lib/format';
import { contactTypeLabel } from '../../lib/labels';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useBridge } from '../../stores/stores-context';
import { useRecordOutbox } from '../pending/use-outbox';
import { CompanyPicker } from './company-picker';
import {
  type ContactFormField,
  type ContactFormValues,
  contactFormValues,
  fieldSentence,
  toContactSave,
} from './contact-form-values';

/** What the dialog edits: a new contact, or the contact with `id`. */
export type ContactFormTarget = { mode: 'new' } | { mode: 'edit'; id: string };

export interface ContactFormDialogProps {
  /** null: closed. */
  target: ContactFormTarget | null;
  onClose(): void;
  /** Called with the saved contact (as the cache holds it now, pending until sent). */
  onSaved(contact: ContactDetail, created: boolean): void;
}

/** The contract's length limit of a ContactSave field, if it has one (the input holds it as the user types). */
function maxLengthOf(field: ContactFormField): number | undefined {
  return (writeSchemas.ContactSave.properties[field] as { maxLength?: number }).maxLength;
}
const typeOptions = contactTypes.map((type) => ({ value: type, label: contactTypeLabel[type] }));

/** Renders the dialog for `target`. */
export function ContactFormDialog({ target, onClose, onSaved }: ContactFormDialogProps) {
  if (!target) return null;
  if (target.mode === 'new') return <ContactForm key="new" contact={null} onClose={onClose} onSaved={onSaved} />;
  return <EditContact key={target.id} id={target.id} onClose={onClose} onSaved={onSaved} />;
}

/** Loads the contact, then shows its form. */
function EditContact({ id, onClose, onSaved }: { id: string } & Omit<ContactFormDialogProps, 'target'>) {
  const { data: contact, error } = useBridgeQuery('contacts.get', { id });
  if (contact) return <ContactForm contact={contact} onClose={onClose} onSaved={onSaved} />;
  return (
    <Dialog open title="Edit contact" onClose={onClose}>
      {contact === null ? (
        <EmptyState title="This contact is not here any more" size="compact">
          It was deleted, here or on the service. Close this and pick another contact.
        </EmptyState>
      ) : error ? (
        <p className="form-field-error" role="alert">
          The contact could not be loaded: {error}
        </p>
      ) : (
        <LoadingState label="Loading contact…" />
      )}
    </Dialog>
  );
}

/** The messages of the service's refusals of this contact's edits, by field. */
function useRefusals(contact: ContactDetail | null) {
  const entries = useRecordOutbox(contact?.syncState === 'refused' ? contact.id : null).filter(
    (entry) => entry.state === 'refused',
  );
  const byField: Partial<Record<ContactFormField, string>> = {};
  for (const entry of entries) {
    for (const error of entry.fieldErrors) {
      const field = error.pointer.split('/').pop() as ContactFormField;
      if (field in contactFieldLabels) byField[field] ??= error.message;
    }
  }
  return { entries, byField };
}

function ContactForm({
  contact,
  onClose,
  onSaved,
}: { contact: ContactDetail | null } & Omit<ContactFormDialogProps, 'target'>) {
  const bridge = useBridge();
  const [changedSinceOpen, setChangedSinceOpen] = useState<ReadonlySet<string>>(new Set());
  const refusals = useRefusals(contact);
  const id = contact?.id ?? null;
  const form = useRecordForm<ContactFormValues, ReturnType<typeof toContactSave>>({
    initial: contactFormValues(contact),
    toRecord: (values) => toContactSave(values, id),
    schema: contactSaveSchema,
    draftKey: id ? `contact:${id}` : 'contact:new',
    pointerPrefix: '/contact',
    async save(record) {
      const saved = await bridge.call('contacts.save', { contact: record });
      // A refused change of this contact is sent again with the fix just saved.
      for (const entry of refusals.entries) await bridge.call('outbox.retry', { id: entry.id }).catch(() => null);
      onSaved(saved, id === null);
    },
  });

  function set<K extends keyof ContactFormValues>(name: K, value: ContactFormValues[K]) {
    form.setField(name, value);
    setChangedSinceOpen((previous) => new Set(previous).add(name));
  }

  /** The message of `field`: this form's own, else a refusal not yet addressed by a change. */
  function messageOf(field: ContactFormField): string | undefined {
    const refusal = changedSinceOpen.has(field) ? undefined : refusals.byField[field];
    return fieldSentence(contactFieldLabels[field], form.errors[field] ?? refusal);
  }

  const text = (field: Exclude<ContactFormField, 'companyId' | 'type'>, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      label={contactFieldLabels[field]}
      value={form.values[field]}
      onChange={(value) => set(field, value)}
      maxLength={maxLengthOf(field)}
      error={messageOf(field)}
      {...extra}
    />
  );

  const country = form.values.country.trim();
  return (
    <FormDialog
      title={contact ? `Edit ${fullName(contact)}` : 'New contact'}
      form={form}
      submitLabel={contact ? 'Save changes' : 'Create contact'}
      onSubmit={form.submit}
      onClose={onClose}
      notes={
        refusals.entries.length > 0 ? (
          <p className="contact-form-refusal" role="note">
            The service refused your last change
            {refusals.entries[0].message ? `: ${refusals.entries[0].message}` : '.'} Fix the fields marked below and
            save to send it again.
          </p>
        ) : null
      }
    >
      <div className="form-grid">
        {text('firstName', { required: true, autoFocus: true })}
        {text('lastName', { required: true })}
        {text('email', { type: 'email', placeholder: 'name@example.com' })}
        {text('phone', { type: 'tel', placeholder: '+1 416 555 0100' })}
        {text('jobTitle')}
        <SelectField
          label={contactFieldLabels.type}
          value={form.values.type}
          onChange={(value) => value && set('type', value)}
          options={typeOptions}
          error={messageOf('type')}
        />
        <div className="contact-form-wide">
          <CompanyPicker
            companyId={form.values.companyId}
            companyName={form.values.companyName}
            onChange={(company) => {
              set('companyId', company?.id ?? '');
              set('companyName', company?.name ?? '');
            }}
            error={messageOf('companyId')}
          />
        </div>
        {text('city')}
        {text('country', {
          maxLength: 2,
          placeholder: 'DE',
          onChange: (value: string) => set('country', value.toUpperCase()),
          hint: (country && countryName(country)) || 'Two-letter code, such as DE for Germany or CA for Canada.',
        })}
      </div>
    </FormDialog>
  );
}
