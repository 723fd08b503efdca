/**
 * "Export…": the dialog where the user chooses one of the service's exports (preload/contract/
 * exports.ts), whether the file is for a spreadsheet (formulas kept from running) or for a program
 * (the contract's `raw`), a byte order mark (`bom`) and an optional "changed since" date, and starts
 * it. The file is streamed to disk as a download in the Transfers panel (progress, cancel); in
 * Electron the save dialog asks where first. Opened from the command palette and from the list
 * views (the `export` overlay); it suggests the export of the view it was opened from. Exports are
 * made by the service, so while offline the dialog says so and does not start one. The user may keep
 * chosen columns in a chosen order with a chosen delimiter (column-chooser.tsx), which the app
 * applies while the file streams, and save those choices as templates (template-bar.tsx).
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type ExportTarget, exportTargets } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useAsyncAction } from '../../lib/use-async-action';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge, useUi } from '../../stores/stores-context';
import { ColumnChooser, DelimiterChoice } from './column-chooser';
import { exportTargetLabels, exportTargetOfView } from './export-targets';
import { TemplateBar } from './template-bar';
import { useExportChoices } from './use-export-choices';
import './exports.css';

const targetOptions = exportTargets.map((value) => ({ value, label: exportTargetLabels[value].label }));

/** Renders the dialog while the `export` overlay is open. */
export function ExportDialog() {
  const open = useUi((state) => state.overlay === 'export');
  const view = useUi((state) => state.view);
  const setOverlay = useUi((state) => state.setOverlay);
  const setView = useUi((state) => state.setView);
  const pushToast = useUi((state) => state.pushToast);
  const bridge = useBridge();
  const online = useOnline();
  const [target, setTarget] = useState<ExportTarget>('contacts');
  const [forPrograms, setForPrograms] = useState(false);
  const [bom, setBom] = useState(false);
  const [since, setSince] = useState('');
  const { busy, error, setError, run } = useAsyncAction();
  const formId = useId();
  const rawId = useId();
  const bomId = useId();
  const choices = useExportChoices(target);

  useEffect(() => {
    if (!open) return;
    setTarget(exportTargetOfView(view));
    setError(null);
  }, [open, view, setError]);

  const close = () => setOverlay(null);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!online || busy || choices.columns.length === 0) return;
    const transfer = await run(() =>
      bridge.call('exports.start', {
        target,
        raw: forPrograms,
        bom,
        updatedSince: since ? `${since}T00:00:00Z` : undefined,
        // The service's own file needs no reshaping: then nothing is chosen.
        ...(choices.isServiceFile ? {} : { columns: choices.columns, delimiter: choices.delimiter }),
      }),
    );
    // null: the save dialog was closed, the export dialog stays for another try; undefined: refused.
    if (!transfer) return;
    close();
    pushToast({
      title: 'Export started',
      body: `${transfer.name} is being saved. Its progress and Cancel are in the Transfers panel under Documents.`,
      action: { label: 'Show transfers', run: () => setView('documents') },
    });
  }

  return (
    <Dialog
      open={open}
      title="Export"
      size="large"
      onClose={close}
      actions={
        <>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="button button-primary"
            disabled={!online || busy || choices.columns.length === 0}
            aria-describedby={online ? undefined : `${formId}-offline`}
          >
            {busy ? 'Starting…' : 'Export'}
          </button>
        </>
      }
    >
      <div className="export-layout">
        <form id={formId} className="export-form" onSubmit={(event) => void start(event)}>
          <SelectField<ExportTarget>
            label="What to export"
            value={target}
            onChange={(value) => value && setTarget(value)}
            options={targetOptions}
            hint={`A CSV file of ${exportTargetLabels[target].holds}.`}
          />
          <fieldset className="export-options">
            <legend>The file is for</legend>
            <label className="export-check" htmlFor={`${rawId}-sheet`}>
              <input
                id={`${rawId}-sheet`}
                type="radio"
                name={rawId}
                checked={!forPrograms}
                onChange={() => setForPrograms(false)}
              />
              A spreadsheet program (text that looks like a formula is kept as text)
            </label>
            <label className="export-check" htmlFor={`${rawId}-raw`}>
              <input
                id={`${rawId}-raw`}
                type="radio"
                name={rawId}
                checked={forPrograms}
                onChange={() => setForPrograms(true)}
              />
              Another program (every value exactly as stored)
            </label>
          </fieldset>
          <label className="export-check" htmlFor={bomId}>
            <input id={bomId} type="checkbox" checked={bom} onChange={(event) => setBom(event.target.checked)} />
            Start with a byte order mark (helps Excel read accents and other non-English letters)
          </label>
          <DelimiterChoice choices={choices} />
          <TextField
            label="Only records changed since (optional)"
            type="date"
            value={since}
            onChange={setSince}
            hint="Leave empty to export every record."
          />
          {online ? null : (
            <p className="note" id={`${formId}-offline`} role="status">
              Exports are made by the BRM service. {needsServiceMessage}
            </p>
          )}
          {error ? (
            <p className="note note-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
        {/* Outside the form: the template dialogs hold forms of their own. */}
        <div className="export-form">
          <TemplateBar target={target} choices={choices} open={open} />
          <ColumnChooser choices={choices} />
        </div>
      </div>
    </Dialog>
  );
}
