/**
 * When a plain key (a letter, Delete, an arrow, without Ctrl/Cmd/Alt) is a shortcut: not while the
 * user types in a field, not while a dialog is open, and not when something else already handled
 * it. Shared by the app-wide shortcuts (`views/shell/use-shortcuts.ts`) and a view's own keys.
 */

/** True when the key goes to a text field (or an editable element), where plain keys type text. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [role="combobox"]') !== null;
}

/** True when `event` may run a plain-key shortcut (see above). Shift is allowed (for "?"). */
export function isPlainShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  return !isTyping(event.target) && document.querySelector('dialog[open]') === null;
}
