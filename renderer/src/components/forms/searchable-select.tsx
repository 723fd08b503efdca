/**
 * `SearchableSelect`: a labelled field that picks one record out of many (a company for a contact)
 * by typing part of its name, on the ARIA 1.2 combobox pattern: an input that owns a listbox popup,
 * the active option named by `aria-activedescendant`. Options come from `search` (a cached list
 * call), asked again on every keystroke; answers to text typed over are dropped. Keyboard: Down/Up
 * open and move, Enter picks, Escape closes the popup (a second Escape closes the dialog), and
 * "Clear" empties the choice. The message below it is tied to the input like `TextField`'s.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { maxSearchLength } from '../../../../preload/contract';
import { errorMessage } from '../../lib/errors';
import './searchable-select.css';

/** One choice: its id and the words shown for it. */
export interface SelectOption {
  id: string;
  label: string;
  /** A second line (an industry, a city), optional. */
  detail?: string | null;
}

export interface SearchableSelectProps {
  label: string;
  /** The chosen option, or null for none. */
  value: SelectOption | null;
  onChange(value: SelectOption | null): void;
  /** The options matching `text` ('' for the first few), best first. */
  search(text: string): Promise<SelectOption[]>;
  /** What "none" is called, e.g. "No company". */
  noneLabel: string;
  placeholder?: string;
  error?: string;
  hint?: string;
}

/** Renders the field. */
export function SearchableSelect({
  label,
  value,
  onChange,
  search,
  noneLabel,
  placeholder,
  error,
  hint,
}: SearchableSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const messageId = `${id}-message`;
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<SelectOption[]>([]);
  /** The search text the options answer (null: no answer yet since the popup opened). */
  const [answered, setAnswered] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  const chosenLabel = value?.label ?? null;
  // The input shows the chosen option whenever the user is not typing a search.
  useEffect(() => {
    if (!open) setText(chosenLabel ?? '');
  }, [chosenLabel, open]);

  const query = open ? text.trim() : null;
  useEffect(() => {
    if (query === null) {
      setAnswered(null);
      return;
    }
    let current = true;
    // While the text is still the chosen option's name, offer every option, not only that one.
    const asked = chosenLabel !== null && query === chosenLabel ? '' : query;
    searchRef.current(asked).then(
      (found) => {
        if (!current) return;
        setOptions(found);
        setAnswered(asked);
        setFailure(null);
        setActive(found.length > 0 ? 0 : -1);
      },
      (reason: unknown) => {
        if (!current) return;
        setOptions([]);
        setAnswered(asked);
        setFailure(errorMessage(reason));
      },
    );
    return () => {
      current = false;
    };
  }, [query, chosenLabel]);

  function pick(option: SelectOption | null) {
    onChange(option);
    setOpen(false);
    setText(option?.label ?? '');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (options[active]) pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      // Close the popup only; the dialog around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const message = error ?? failure ?? hint;
  const expanded = open && answered !== null;
  return (
    <div className={`form-field searchable-select${error ? ' form-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="searchable-select-control">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          placeholder={value ? undefined : (placeholder ?? noneLabel)}
          value={text}
          maxLength={maxSearchLength}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {value ? (
          <button
            type="button"
            className="button button-small button-quiet searchable-select-clear"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => {
              pick(null);
              input.current?.focus();
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
      <div id={listId} role="listbox" aria-label={label} className="searchable-select-list" hidden={!expanded}>
        {expanded && options.length === 0 && !failure ? (
          <p className="searchable-select-empty">Nothing matches "{text.trim()}". Check the spelling.</p>
        ) : null}
        {expanded
          ? options.map((option, index) => (
              <div
                key={option.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={`searchable-select-option${index === active ? ' searchable-select-option-active' : ''}`}
                // mousedown, not click: the input's blur would close the popup before a click lands.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(option);
                }}
                onMouseMove={() => setActive(index)}
              >
                <span className="searchable-select-option-label">{option.label}</span>
                {option.detail ? <span className="searchable-select-option-detail">{option.detail}</span> : null}
              </div>
            ))
          : null}
      </div>
      {message ? (
        <span id={messageId} className={error || failure ? 'form-field-error' : 'form-field-hint'}>
          {message}
        </span>
      ) : null}
    </div>
  );
}
