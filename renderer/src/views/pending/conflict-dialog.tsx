/**
 * `ConflictDialog`: settles an outbox entry in conflict (`outbox.resolve`). For a field conflict it
 * shows each field changed both here and on the service side by side (its value when the edit
 * started, mine, theirs) with a choice per field; fields changed on one side only were merged by
 * the core and are not asked (main/core/writes/merge.ts). For a record deleted on the service
 * while it was edited here, the user re-creates it or discards the edit.
 */
import { useEffect, useState } from 'react';
import type { ConflictField, OutboxEntry } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { errorMessage } from '../../lib/errors';
import { type EditedType, fieldLabel } from '../../lib/field-labels';
import { useBridge, useUi } from '../../stores/stores-context';
import { FieldValue } from './field-value';
import { recordNoun } from './outbox-words';
import { FormMessage } from '../../components/forms/form-message';

type Choice = 'mine' | 'theirs';

export interface ConflictDialogProps {
  /** The entry to settle; null shows nothing. */
  entry: OutboxEntry | null;
  onClose(): void;
}

/** Renders the dialog for `entry` (a field conflict or a deleted record). */
export function ConflictDialog({ entry, onClose }: ConflictDialogProps) {
  const conflict = entry?.state === 'conflict' ? entry.conflict : null;
  if (!entry || !conflict) return null;
  return conflict.kind === 'fields' ? (
    <FieldConflict entry={entry} fields={conflict.fields} onClose={onClose} />
  ) : (
    <DeletedConflict entry={entry} onClose={onClose} />
  );
}

/** Sends the resolution and closes, or keeps the dialog open with the reason it failed. */
function useResolve(entry: OutboxEntry, onClose: () => void) {
  const bridge = useBridge();
  const pushToast = useUi((state) => state.pushToast);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function send(input: { choices: Record<string, Choice> } | { recreate: boolean }, done: string) {
    setBusy(true);
    setError(null);
    try {
      await bridge.call('outbox.resolve', { id: entry.id, ...input });
      pushToast({ title: done, body: entry.summary });
      onClose();
    } catch (reason) {
      setError(errorMessage(reason));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, send };
}

function FieldConflict({ entry, fields, onClose }: { entry: OutboxEntry; fields: ConflictField[]; onClose(): void }) {
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const { busy, error, send } = useResolve(entry, onClose);
  const type = entry.recordType;

  // A new entry starts with no choice made.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry id is the trigger by design.
  useEffect(() => {
    setChoices({});
    setMissing([]);
  }, [entry.id]);

  function choose(field: string, choice: Choice) {
    setChoices((previous) => ({ ...previous, [field]: choice }));
    setMissing((previous) => previous.filter((name) => name !== field));
  }

  function chooseAll(choice: Choice) {
    setChoices(Object.fromEntries(fields.map((f) => [f.field, choice])));
    setMissing([]);
  }

  function submit() {
    const open = fields.filter((f) => !choices[f.field]).map((f) => f.field);
    setMissing(open);
    if (open.length === 0) void send({ choices }, 'Conflict settled; your choice is being sent');
  }

  return (
    <Dialog
      open
      size="large"
      title={`Choose what to keep: ${entry.summary}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Decide later
          </button>
          <button type="button" className="button button-primary" onClick={submit} disabled={busy}>
            {busy ? 'Saving…' : 'Keep these versions'}
          </button>
        </>
      }
    >
      <p className="conflict-intro">
        The service changed {fields.length === 1 ? 'a field' : `${fields.length} fields`} that you changed too. For
        each, choose your version or the service's. Fields that only one side changed were merged by themselves.
      </p>
      {fields.length > 1 ? (
        <div className="button-row conflict-all">
          <button type="button" className="button button-small" onClick={() => chooseAll('mine')}>
            Keep all mine
          </button>
          <button type="button" className="button button-small" onClick={() => chooseAll('theirs')}>
            Keep all theirs
          </button>
        </div>
      ) : null}
      {fields.map((field) => (
        <ConflictRow
          key={field.field}
          entryId={entry.id}
          type={type}
          field={field}
          choice={choices[field.field]}
          missing={missing.includes(field.field)}
          onChoose={(choice) => choose(field.field, choice)}
        />
      ))}
      {missing.length > 0 ? (
        <p className="form-field-error" role="alert">
          Choose a version for {missing.map((name) => fieldLabel(type, name)).join(', ')}.
        </p>
      ) : null}
      <FormMessage message={error} />
    </Dialog>
  );
}

/** One field in conflict: the three values side by side, and the radio pair that picks one. */
function ConflictRow({
  entryId,
  type,
  field,
  choice,
  missing,
  onChoose,
}: {
  entryId: string;
  type: EditedType;
  field: ConflictField;
  choice: Choice | undefined;
  missing: boolean;
  onChoose(choice: Choice): void;
}) {
  const name = `${entryId}-${field.field}`;
  // The radio is named by its choice; the value it keeps is its description.
  const side = (value: Choice, caption: string, shown: unknown) => (
    <label className={`conflict-side${choice === value ? ' conflict-side-chosen' : ''}`}>
      <span className="conflict-caption">{caption}</span>
      <span className="conflict-value" id={`${name}-${value}`}>
        <FieldValue type={type} field={field.field} value={shown} />
      </span>
      <span className="conflict-choice">
        <input
          type="radio"
          name={name}
          value={value}
          checked={choice === value}
          aria-label={value === 'mine' ? 'Keep mine' : 'Keep theirs'}
          aria-describedby={`${name}-${value}`}
          onChange={() => onChoose(value)}
        />
        <span aria-hidden="true">{value === 'mine' ? 'Keep mine' : 'Keep theirs'}</span>
      </span>
    </label>
  );
  return (
    <fieldset className={`conflict-field${missing ? ' conflict-field-missing' : ''}`}>
      <legend>{fieldLabel(type, field.field)}</legend>
      <div className="conflict-side conflict-side-base">
        <span className="conflict-caption">When you started</span>
        <span className="conflict-value">
          <FieldValue type={type} field={field.field} value={field.base} />
        </span>
      </div>
      {side('mine', 'Yours', field.mine)}
      {side('theirs', 'On the service', field.theirs)}
    </fieldset>
  );
}

function DeletedConflict({ entry, onClose }: { entry: OutboxEntry; onClose(): void }) {
  const { busy, error, send } = useResolve(entry, onClose);
  const noun = recordNoun[entry.recordType];
  return (
    <Dialog
      open
      size="small"
      title={`This ${noun} was deleted on the service`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Decide later
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={() => void send({ recreate: false }, 'Your change was discarded')}
          >
            Discard my change
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void send({ recreate: true }, `The ${noun} is being created again`)}
          >
            Re-create it
          </button>
        </>
      }
    >
      <p>
        Someone deleted this {noun} on the service while you changed it here ({entry.summary}). Re-create it with your
        version, or discard your change and let it go.
      </p>
      <FormMessage message={error} />
    </Dialog>
  );
}
