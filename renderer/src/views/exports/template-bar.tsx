/**
 * Export templates in the Export dialog: pick one saved on this computer (it fills the columns and
 * the delimiter), "Save as template…" (names the current choices; `saveExportTemplate` through the
 * outbox, so offline too), "Delete template" (asks first; `deleteExportTemplate`). The service
 * offers no list of templates, so the dialog says that templates saved from other computers are not
 * listed. A template waiting to be sent, or refused, says so in words.
 */
import { useEffect, useId, useState } from 'react';
import type { ExportTarget, ExportTemplateItem, ExportTemplateSave } from '../../../../preload/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { TextField } from '../../components/forms/form-field';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { errorMessage } from '../../lib/errors';
import { useAsyncAction } from '../../lib/use-async-action';
import { useBridge } from '../../stores/stores-context';
import { exportTargetLabels } from './export-targets';
import type { ExportChoices } from './use-export-choices';

/** The longest template name (ExportTemplateSave `name.maxLength`, api/openapi.yaml). */
const maxNameLength = 200;
/** Characters a name may not hold (ExportTemplateSave `name.pattern`: control characters and invisible text-direction marks). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the contract's pattern names these characters.
const forbiddenInName = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

/** True when the service refused the template's waiting save or delete. */
const isRefused = (item: ExportTemplateItem) => item.pending?.state === 'refused' || item.pending?.state === 'conflict';

/** Where a template stands, in words: refused, waiting to be sent, or saved on the service. */
function standingWords(item: ExportTemplateItem): string {
  const refused = isRefused(item);
  if (refused && item.pending?.action === 'delete') {
    return `The BRM service refused to delete this template: ${item.pending.message ?? 'no reason given.'} Delete it again to forget it on this computer, or discard the delete in Pending changes.`;
  }
  if (refused) {
    return `The BRM service refused this template: ${item.pending?.message ?? 'no reason given.'} Change it and save again, or discard the change in Pending changes.`;
  }
  if (item.pending || !item.saved) {
    return 'Saved on this computer; it is sent to the BRM service as soon as it can be reached.';
  }
  return 'Saved on the BRM service too.';
}

interface TemplateBarProps {
  target: ExportTarget;
  choices: ExportChoices;
  /** The dialog is open (the templates are read only then). */
  open: boolean;
}

/** Renders the template picker and its actions for `target`'s export. */
export function TemplateBar({ target, choices, open }: TemplateBarProps) {
  const bridge = useBridge();
  const pickId = useId();
  const { data, error } = useBridgeQuery('exports.templates', open ? {} : null, ['outbox']);
  const [picked, setPicked] = useState<string>('');
  const [naming, setNaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // A template whose delete waits is gone from the choice; one whose delete was refused stays, said so.
  const templates = (data ?? []).filter((t) => t.target === target && (t.pending?.action !== 'delete' || isRefused(t)));
  const current = templates.find((t) => t.key === picked) ?? null;

  // A template created here changes its key once the service has it: keep it picked.
  useEffect(() => {
    if (!picked || !data || data.some((t) => t.key === picked)) return;
    // Not listed yet (a list read before the save) or gone: left as it is, shown as none while gone.
    const sent = data.find((t) => t.createdAs === picked);
    if (sent) setPicked(sent.key);
  }, [data, picked]);

  // Another export: its own templates, none picked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `target` is the trigger.
  useEffect(() => {
    setPicked('');
    setStatus(null);
    setFailure(null);
  }, [target]);

  function pick(key: string) {
    setPicked(key);
    setStatus(null);
    setFailure(null);
    const template = templates.find((t) => t.key === key);
    if (template) choices.apply(template);
    else choices.reset();
  }

  async function remove() {
    if (!current) return;
    setConfirming(false);
    try {
      await bridge.call('exports.deleteTemplate', { key: current.key });
      setPicked('');
      setFailure(null);
      setStatus(`Template "${current.name}" deleted here; the BRM service deletes it as soon as it can be reached.`);
    } catch (reason) {
      setFailure(errorMessage(reason));
    }
  }

  const standing = current ? standingWords(current) : null;
  return (
    <section className="export-templates" aria-labelledby={`${pickId}-title`}>
      <h3 id={`${pickId}-title`} className="export-templates-title">
        Template
      </h3>
      <div className="form-field">
        <label htmlFor={pickId}>Saved template</label>
        <select id={pickId} value={current ? current.key : ''} onChange={(event) => pick(event.target.value)}>
          <option value="">None: choose the columns below</option>
          {templates.map((t) => (
            <option key={t.key} value={t.key}>
              {t.name}
              {t.pending ? (isRefused(t) ? ' (refused)' : ' (not sent yet)') : ''}
            </option>
          ))}
        </select>
      </div>
      <p className="form-field-hint">
        Templates saved on this computer are listed here. Templates saved from other computers are not listed: the BRM
        service offers no list of them.
      </p>
      <div className="export-template-actions">
        <button
          type="button"
          className="button"
          onClick={() => setNaming(true)}
          disabled={choices.columns.length === 0}
        >
          Save as template…
        </button>
        <button type="button" className="button" onClick={() => setConfirming(true)} disabled={!current}>
          Delete template
        </button>
      </div>
      {standing ? (
        <p className="note" role="status">
          {standing}
        </p>
      ) : null}
      {status ? (
        <p className="note" role="status">
          {status}
        </p>
      ) : null}
      {failure ? (
        <p className="note note-error" role="alert">
          {failure}
        </p>
      ) : null}
      {error ? (
        // Not an alert: the export itself does not need the templates.
        <p className="note note-error">Saved templates cannot be listed: {error}</p>
      ) : null}
      <SaveTemplateDialog
        open={naming}
        target={target}
        choices={choices}
        current={current}
        onClose={() => setNaming(false)}
        onSaved={(item) => {
          setNaming(false);
          setPicked(item.key);
          setFailure(null);
          // Where it stands is said under the picker, from the list.
          setStatus(null);
        }}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete template?"
        message={
          current
            ? `The template "${current.name}" is deleted on this computer and on the BRM service. Files exported with it stay as they are.`
            : ''
        }
        confirmLabel="Delete template"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

interface SaveTemplateDialogProps {
  open: boolean;
  target: ExportTarget;
  choices: ExportChoices;
  /** The picked template: saving under its name replaces it. */
  current: ExportTemplateItem | null;
  onClose(): void;
  onSaved(item: ExportTemplateItem): void;
}

/** Asks for the template's name and saves the current choices under it. */
function SaveTemplateDialog({ open, target, choices, current, onClose, onSaved }: SaveTemplateDialogProps) {
  const bridge = useBridge();
  const [name, setName] = useState('');
  const { busy, error, setError, run } = useAsyncAction();

  useEffect(() => {
    if (!open) return;
    setName(current?.name ?? '');
    setError(null);
  }, [open, current, setError]);

  async function save() {
    const trimmed = name.trim();
    if (!trimmed) return setError('Give the template a name.');
    if (forbiddenInName.test(trimmed)) return setError('A name is one line of visible characters.');
    const item = await run(() =>
      bridge.call('exports.saveTemplate', {
        key: current && current.name === trimmed ? current.key : undefined,
        template: {
          name: trimmed,
          target,
          // Columns of `target`'s set (exportColumns); the contract's check says so again.
          columns: choices.columns as ExportTemplateSave['columns'],
          delimiter: choices.delimiter,
        },
      }),
    );
    if (item) onSaved(item);
  }

  return (
    <FormDialog
      open={open}
      title="Save as template"
      size="small"
      onClose={onClose}
      submitLabel="Save template"
      busyLabel="Saving…"
      busy={busy}
      onSubmit={() => void save()}
      formClassName="export-form"
    >
      <TextField
        label="Template name"
        value={name}
        onChange={setName}
        maxLength={maxNameLength}
        autoFocus
        error={error ?? undefined}
        hint={
          current
            ? `Keeping the name "${current.name}" replaces that template; another name saves a new one.`
            : `The ${choices.columns.length} chosen columns of the ${exportTargetLabels[target].label.toLowerCase()} export, in their order, and the delimiter.`
        }
      />
    </FormDialog>
  );
}
