/**
 * The command palette's commands: every view's commands and "Go to" entries from the view
 * registry, plus the app's own (sync now, pending changes, shortcuts). One list, so the palette,
 * the help and the registry never disagree.
 */
import type { OperationId } from '../../../../api/generated/operations';
import type { AppStores } from '../../stores/app-stores';
import { viewList } from '../registry';
import { copyCurrentRecordLink } from './record-link-command';
import { checkForUpdates } from './update-command';

/** One command: its label, extra words to match, and what it does. */
export interface Command {
  id: string;
  label: string;
  keywords: string;
  run(stores: AppStores): void;
  /** Listed only for a signed-in user these operations' rules allow (the view's `for`). */
  for?: readonly OperationId[];
  /** The operation it starts: refused by the access rules, it is listed disabled with the reason. */
  operation?: OperationId;
}

/** Every command, in the order the palette lists them when nothing is typed. */
export const commands: readonly Command[] = [
  ...viewList.flatMap((view) =>
    view.commands
      ? view.commands.map(
          (command): Command => ({
            id: `${view.name}.${command.action}`,
            label: command.label,
            keywords: `${command.keywords ?? ''} ${view.label}`,
            run: ({ ui }) => ui.getState().requestAction(view.name, command.action),
            for: view.for,
            operation: command.operation,
          }),
        )
      : [],
  ),
  {
    id: 'sync.run',
    label: 'Sync now',
    keywords: 'refresh update reload',
    run: ({ sync, ui }) => {
      ui.getState().setOverlay(null);
      void sync.getState().runNow();
    },
  },
  {
    id: 'export.open',
    label: 'Export…',
    keywords: 'export csv download spreadsheet excel contacts companies deals rebates branches file',
    run: ({ ui }) => ui.getState().setOverlay('export'),
  },
  {
    id: 'record.copyLink',
    label: 'Copy link to this record',
    keywords: 'share url brm link address send colleague',
    run: (stores) => void copyCurrentRecordLink(stores),
  },
  {
    id: 'updates.check',
    label: 'Check for updates',
    keywords: 'update upgrade new version install about',
    run: (stores) => void checkForUpdates(stores),
  },
  {
    id: 'pending.show',
    label: 'Show pending changes',
    keywords: 'outbox queue unsent edits conflicts offline',
    run: ({ ui }) => ui.getState().setOverlay('pending'),
  },
  ...viewList.map(
    (view): Command => ({
      id: `go.${view.name}`,
      label: `Go to ${view.label}`,
      keywords: 'open view switch',
      run: ({ ui }) => {
        ui.getState().setOverlay(null);
        ui.getState().setView(view.name);
      },
      for: view.for,
    }),
  ),
  {
    id: 'help.shortcuts',
    label: 'Keyboard shortcuts',
    keywords: 'help keys',
    run: ({ ui }) => ui.getState().setOverlay('help'),
  },
];

/** The commands whose label or keywords contain every word of `text` (all of them when it is blank). */
export function matchCommands(text: string): Command[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  return commands.filter((command) => {
    const haystack = `${command.label} ${command.keywords}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
