/**
 * The document form, in a dialog: its title, file name (the extension stays, api/openapi.yaml
 * `DocumentSave.name`) and folder (a picker over the cached folder tree). It validates with the
 * schema the bridge uses (`documentSaveSchema`, built from the contract), keeps what is typed as a
 * draft, and saves through the write path (offline too: the edit is queued and sent once). A
 * refusal of the service kept in Pending changes shows next to its field, and saving the fix sends
 * the refused change again.
 */
import { writeSchemas } from '../../../../api/generated/write-schemas';
import { type DocumentDetail, type DocumentSave, documentSaveSchema } from '../../../../preload/contract';
import { FormDialog } from '../../components/forms/form-dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useBridge } from '../../stores/stores-context';
import { useRecordOutbox } from '../pending/use-outbox';
import { folderOptions } from './folder-options';

type Values = { title: string; name: string; folderId: string };
const labels: Record<keyof Values, string> = { title: 'Title', name: 'File name', folderId: 'Folder' };
const maxTitle = (writeSchemas.DocumentSave.properties.title as { maxLength?: number }).maxLength;
const maxName = (writeSchemas.DocumentSave.properties.name as { maxLength?: number }).maxLength;

/** The changed fields of `values` against `document` as a DocumentSave (nothing else is sent). */
function toSave(values: Values, document: DocumentDetail): DocumentSave {
  const save: DocumentSave = { id: document.id };
  if (values.title.trim() !== document.title) save.title = values.title.trim();
  if (values.name.trim() !== document.name) save.name = values.name.trim();
  if (values.folderId !== document.folderId) save.folderId = values.folderId;
  return save;
}

/** "Title must be…" from a contract message about a field. */
function sentence(field: keyof Values, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/^[A-Z]/.test(message)) return message;
  return `${labels[field]}: ${message}${/[.!?]$/.test(message) ? '' : '.'}`;
}

export interface DocumentEditDialogProps {
  document: DocumentDetail;
  onClose(): void;
}

/** Renders the dialog editing `document`. */
export function DocumentEditDialog({ document, onClose }: DocumentEditDialogProps) {
  const bridge = useBridge();
  const folders = useBridgeQuery('documents.listFolders', {}, ['folder']);
  const refused = useRecordOutbox(document.syncState === 'refused' ? document.id : null).filter(
    (entry) => entry.state === 'refused',
  );
  const refusalOf: Partial<Record<keyof Values, string>> = {};
  for (const entry of refused)
    for (const error of entry.fieldErrors) {
      const field = error.pointer.split('/').pop() as keyof Values;
      if (field in labels) refusalOf[field] ??= error.message;
    }
  const form = useRecordForm<Values, DocumentSave>({
    initial: { title: document.title, name: document.name, folderId: document.folderId },
    toRecord: (values) => toSave(values, document),
    schema: documentSaveSchema,
    draftKey: `document:${document.id}`,
    pointerPrefix: '/document',
    async save(record) {
      await bridge.call('documents.save', { document: record });
      for (const entry of refused) await bridge.call('outbox.retry', { id: entry.id }).catch(() => null);
      onClose();
    },
  });
  const message = (field: keyof Values) => sentence(field, form.errors[field] ?? refusalOf[field]);
  const locked = document.state === 'pendingApproval' || document.state === 'approved';

  return (
    <FormDialog
      title={`Edit ${document.title}`}
      form={form}
      submitLabel="Save changes"
      onSubmit={form.submit}
      onClose={onClose}
      notes={
        <>
          {refused.length > 0 ? (
            <p className="document-form-note" role="note">
              The service refused your last change{refused[0].message ? `: ${refused[0].message}` : '.'} Fix the fields
              marked below and save to send it again.
            </p>
          ) : null}
          {locked ? (
            <p className="document-form-note" role="note">
              This document is {document.state === 'approved' ? 'approved' : 'awaiting approval'}: its title and file
              name cannot change (clone it to make a new draft). It can still move to another folder.
            </p>
          ) : null}
        </>
      }
    >
      <TextField
        label={labels.title}
        required
        maxLength={maxTitle}
        value={form.values.title}
        onChange={(value) => form.setField('title', value)}
        error={message('title')}
      />
      <TextField
        label={labels.name}
        required
        maxLength={maxName}
        value={form.values.name}
        onChange={(value) => form.setField('name', value)}
        error={message('name')}
        hint="Keep the extension: the file's type follows it."
      />
      <SelectField
        label={labels.folderId}
        value={form.values.folderId}
        onChange={(value) => value && form.setField('folderId', value)}
        options={folders.data ? folderOptions(folders.data) : [{ value: document.folderId, label: 'Loading folders…' }]}
        error={message('folderId')}
      />
    </FormDialog>
  );
}
