/**
 * The app-wide keyboard shortcuts, as one list: the key handler (`use-shortcuts.ts`) and the
 * shortcuts help (`shortcuts-help.tsx`) both read it, so the help always says what the keys do.
 * Views add their own keys in the view registry (`views/registry.ts`, `shortcuts`).
 */
import { modKey } from '../../lib/platform-keys';
import type { AppStores } from '../../stores/app-stores';
import { type ViewName, viewDefinition, viewList } from '../registry';

/** One global shortcut. `mod`: with Ctrl (⌘ on macOS); otherwise a plain key, ignored while typing. */
export interface GlobalShortcut {
  key: string;
  mod: boolean;
  label: string;
  run(stores: AppStores): void;
}

/** The view's "new" command, if it has one. */
function newAction(view: ViewName): string | null {
  return viewDefinition(view).commands?.some((c) => c.action === 'new') ? 'new' : null;
}

/** Every global shortcut, in the order the help lists them. */
export const globalShortcuts: readonly GlobalShortcut[] = [
  {
    key: 'k',
    mod: true,
    label: 'Search everything and run commands',
    run: ({ ui }) => ui.getState().setOverlay(ui.getState().overlay === 'palette' ? null : 'palette'),
  },
  ...viewList.flatMap((view): GlobalShortcut[] =>
    view.shortcut === undefined
      ? []
      : [
          {
            key: view.shortcut,
            mod: true,
            label: `Go to ${view.label}`,
            run: ({ ui }) => ui.getState().setView(view.name),
          },
        ],
  ),
  {
    key: 'f',
    mod: true,
    label: 'Search in this view',
    run: ({ ui }) => ui.getState().focusSearch?.(),
  },
  {
    key: 'n',
    mod: false,
    label: 'New record in this view (contact, event…)',
    run: ({ ui }) => {
      const { view } = ui.getState();
      const action = newAction(view);
      if (action) ui.getState().requestAction(view, action);
    },
  },
  {
    key: 'p',
    mod: false,
    label: 'Show pending changes',
    run: ({ ui }) => ui.getState().setOverlay('pending'),
  },
  {
    key: '?',
    mod: false,
    label: 'Show these shortcuts',
    run: ({ ui }) => ui.getState().setOverlay('help'),
  },
];

/** A shortcut as the user reads it ("Ctrl+K", "?"). */
export function describeKeys(shortcut: Pick<GlobalShortcut, 'key' | 'mod'>): string {
  return shortcut.mod ? modKey(shortcut.key) : shortcut.key.toUpperCase();
}
