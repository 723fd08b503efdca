/** The overlays the shell can show over any view (one open at a time, `ui.overlay`). */
import { ExportDialog } from '../exports/export-dialog';
import { PendingPanel } from '../pending/pending-panel';
import { CommandPalette } from './command-palette';
import { ShortcutsHelp } from './shortcuts-help';
import './overlays.css';

/** Renders every overlay; each shows itself only while it is the open one. */
export function Overlays() {
  return (
    <>
      <CommandPalette />
      <ShortcutsHelp />
      <PendingPanel />
      <ExportDialog />
    </>
  );
}
