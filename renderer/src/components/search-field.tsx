/**
 * `SearchField`: the search box of a view. Ctrl/Cmd+F focuses it (it registers itself with the UI
 * store), Escape clears it, ArrowDown hands focus to the results. It holds the bridge's limit on
 * search text (`maxSearchLength`, preload/contract/common.ts) as the user types or pastes, so a
 * search never reaches the core with text the core would refuse.
 */
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { maxSearchLength } from '../../../preload/contract';
import { useUi } from '../stores/stores-context';

export interface SearchFieldProps {
  /** Accessible name, e.g. "Search contacts". */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  /** ArrowDown pressed: move into the results. */
  onArrowDown?: () => void;
  /** Longest text accepted, characters (default: the bridge's `maxSearchLength`). */
  maxLength?: number;
}

/** Renders the search input. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  onArrowDown,
  maxLength = maxSearchLength,
}: SearchFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const registerSearch = useUi((state) => state.registerSearch);

  useEffect(
    () =>
      registerSearch(() => {
        input.current?.focus();
        input.current?.select();
      }),
    [registerSearch],
  );

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      onChange('');
    } else if (event.key === 'ArrowDown' && onArrowDown) {
      event.preventDefault();
      onArrowDown();
    }
  }

  return (
    <div className="search-field">
      <span className="search-field-icon" aria-hidden="true" />
      <input
        ref={input}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
