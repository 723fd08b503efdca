/**
 * The form that writes a note on a record: its text (the contract's limit of 10,000 characters,
 * counted as the user types; a longer paste is kept and refused in words, never cut) and its files
 * (at most 20, picked or dropped). The text is kept as a draft until the note is written, so closing
 * the window mid-note loses nothing. Offline, the note is queued like any edit.
 */
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { z } from 'zod';
import { commentsCalls, maxNoteAttachments, maxNoteLength, type NoteRecordType } from '../../../../preload/contract';
import { formatBytes, formatCount } from '../../lib/format';
import { useBridge } from '../../stores/stores-context';
import { TextField } from '../forms/form-field';
import { useRecordForm } from '../forms/use-record-form';
import { Icon } from '../icon';
import { FormMessage } from '../forms/form-message';

/** The text rule of `comments.add`, as the bridge applies it. */
const noteSchema = z.object({ text: commentsCalls['comments.add'].input.shape.text });

export interface NoteFormProps {
  recordType: NoteRecordType;
  recordId: string;
}

/** Renders the form; a written note appears in the timeline through the outbox (pending until sent). */
export function NoteForm({ recordType, recordId }: NoteFormProps) {
  const bridge = useBridge();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useRecordForm({
    initial: { text: '' },
    toRecord: (values) => ({ text: values.text }),
    schema: noteSchema,
    draftKey: `note:${recordType}:${recordId}`,
    pointerPrefix: '',
    async save({ text }) {
      const attachments = await Promise.all(files.map((file) => bridge.fileRef(file)));
      await bridge.call('comments.add', { recordType, recordId, text, attachments });
    },
  });

  function addFiles(picked: readonly File[]) {
    const next = [...files, ...picked];
    if (next.length > maxNoteAttachments) {
      setFileError(
        `A note takes at most ${maxNoteAttachments} files; ${next.length - maxNoteAttachments} were not added.`,
      );
    } else setFileError(null);
    setFiles(next.slice(0, maxNoteAttachments));
  }

  const dropzone = useDropzone({ onDrop: addFiles, noClick: true, noKeyboard: true });

  async function submit() {
    if (await form.submit()) {
      form.discard();
      setFiles([]);
      setFileError(null);
    }
  }

  const length = form.values.text.length;
  const left = maxNoteLength - length;
  const hint = left < 500 ? `${formatCount(Math.max(0, left))} characters left` : undefined;
  const lengthError =
    left < 0
      ? `A note holds at most ${formatCount(maxNoteLength)} characters; this one has ${formatCount(length)}. Shorten it by ${formatCount(-left)}.`
      : undefined;

  return (
    <form
      className={`note-form${dropzone.isDragActive ? ' note-form-drop' : ''}`}
      aria-label="Write a note"
      {...dropzone.getRootProps({
        onSubmit: (event) => {
          event.preventDefault();
          void submit();
        },
        onKeyDown: (event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        },
      })}
    >
      <TextField
        label="New note"
        multiline
        value={form.values.text}
        onChange={(text) => form.setField('text', text)}
        error={lengthError ?? form.errors.text}
        hint={hint ?? (form.restoredDraft ? 'Restored from a draft you did not save.' : 'Ctrl+Enter writes the note.')}
        placeholder="What happened, what was agreed, what comes next…"
      />
      {files.length > 0 ? (
        <ul className="note-form-files" aria-label="Files to attach">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <Icon name="file" size={14} />
              <span>
                {file.name} ({formatBytes(file.size)})
              </span>
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles(files.filter((_, i) => i !== index))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormMessage message={fileError} />
      <FormMessage message={form.formError} />
      <div className="note-form-actions">
        <button type="button" className="button button-small" onClick={dropzone.open}>
          <Icon name="upload" size={14} />
          Attach files
        </button>
        <input {...dropzone.getInputProps()} aria-label="Files to attach to the note" />
        <button type="submit" className="button button-primary button-small" disabled={form.saving || left < 0}>
          {form.saving ? 'Writing…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}
