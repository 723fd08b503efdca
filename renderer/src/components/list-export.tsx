/**
 * The export buttons of a list view: "Export…" opens the export dialog (the service's exports,
 * views/exports/export-dialog.tsx), and "Export this view" saves the list as it is shown (its
 * search and filters) as a CSV file, written here from the rows the cache gives the list with the
 * shared cell rule (lib/view-csv.ts, api/csv-cell.ts); it works offline. In Electron the save dialog
 * asks where; in browser mode the file goes to the downloads folder.
 */
import { useState } from 'react';
import type { RowWindow } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';
import { pluralize } from '../lib/format';
import { readWholeList, type ViewColumn, viewCsv } from '../lib/view-csv';
import { useBridge, useUi } from '../stores/stores-context';

/** Props of ExportButton. */
export interface ExportButtonProps {
  /** Smaller button, for compact title rows. */
  small?: boolean;
}

/** "Export…": opens the export dialog, which suggests the current view's export. */
export function ExportButton({ small }: ExportButtonProps) {
  const setOverlay = useUi((state) => state.setOverlay);
  return (
    <button type="button" className={small ? 'button button-small' : 'button'} onClick={() => setOverlay('export')}>
      Export…
    </button>
  );
}

/** Props of ExportViewButton. */
export interface ExportViewButtonProps<T> {
  /** The list's name, for the file name and the messages ("Contacts"). */
  name: string;
  /** The noun of one row and of many, for the message ("contact", "contacts"). */
  noun: { one: string; many: string };
  /** Reads a window of the list as it is shown (the list's own window function). */
  fetchWindow(offset: number, limit: number): Promise<RowWindow<T>>;
  /** The file's columns. */
  columns: ReadonlyArray<ViewColumn<T>>;
  small?: boolean;
}

/** "Export this view": saves the rows of the list as shown as a CSV file. */
export function ExportViewButton<T>({ name, noun, fetchWindow, columns, small }: ExportViewButtonProps<T>) {
  const bridge = useBridge();
  const pushToast = useUi((state) => state.pushToast);
  const [busy, setBusy] = useState(false);

  async function save() {
    if (busy) return;
    setBusy(true);
    try {
      const rows = await readWholeList(fetchWindow);
      const date = new Date().toISOString().slice(0, 10);
      const saved = await bridge.call('exports.saveViewFile', {
        name: `${name} ${date}.csv`,
        text: viewCsv(columns, rows),
      });
      if (!saved) return;
      pushToast({
        title: `${name} saved`,
        body: `${pluralize(rows.length, noun.one, noun.many)} saved to ${saved.path}.`,
      });
    } catch (reason) {
      pushToast({ title: `${name} could not be saved`, body: errorMessage(reason) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={small ? 'button button-small' : 'button'}
      disabled={busy}
      onClick={() => void save()}
    >
      {busy ? 'Saving…' : 'Export this view'}
    </button>
  );
}
