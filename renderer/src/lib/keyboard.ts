/**
 * When a plain key (no Ctrl/Cmd/Alt) may act as a shortcut: not while the user types in a field,
 * and not while a dialog is open (its own keys win). Shared by the app-wide shortcuts
 * (`views/shell/use-shortcuts.ts`) and each view's own keys (`use-view-keys.ts`).
 */

/** True when the key goes to a text field (or an editable element), where plain keys type text. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [role="combobox"]') !== null;
}

/** True when `event` is a plain key that a shortcut may take (no modifier, not typing, no dialog open). */
export function isPlainShortcutKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  return !isTyping(event.target) && document.querySelector('dialog[open]') === null;
}
