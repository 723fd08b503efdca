/** How shortcuts are written on this platform: ⌘ on macOS, Ctrl elsewhere. */

/** True on macOS (where the command key plays Ctrl's part). */
export const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

/** The modifier's name for `aria-keyshortcuts` ("Meta" or "Control"). */
export const modifierAria = isMac ? 'Meta' : 'Control';

/** A Ctrl/Cmd shortcut as the user reads it: "Ctrl+K" or "⌘K". */
export function modKey(key: string): string {
  return isMac ? `⌘${key.toUpperCase()}` : `Ctrl+${key.toUpperCase()}`;
}
