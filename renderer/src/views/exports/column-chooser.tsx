/**
 * The columns of an export and the field delimiter, as the Export dialog lets the user choose them:
 * one checkbox per column (its words and its header name) in the order the file gives them, with
 * "Move up" and "Move down" buttons; Alt+Arrow Up/Down on a checkbox moves its column too. The
 * focus stays on the control used, so a column can be moved several places from the keyboard (on
 * its checkbox once a move button is disabled at the top or bottom).
 * `DelimiterChoice` offers the contract's field delimiters.
 */
import { type KeyboardEvent, type MouseEvent, useId } from 'react';
import { type ExportDelimiter, exportDelimiters } from '../../../../preload/contract';
import { columnWords, type ExportChoices } from './use-export-choices';

const delimiterWords: Record<ExportDelimiter, string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;), as spreadsheets in many European languages expect',
  '\t': 'Tab',
};

/** Renders the column list of `choices`. */
export function ColumnChooser({ choices }: { choices: ExportChoices }) {
  const id = useId();
  const { order, chosen, move } = choices;

  /** Moves by a button; one that the move disables (the column reached an end) hands the focus to the column's checkbox. */
  function moveBy(event: MouseEvent<HTMLButtonElement>, name: string, by: -1 | 1) {
    const row = event.currentTarget.closest('li');
    move(name, by);
    requestAnimationFrame(() => {
      const button = row?.querySelector<HTMLButtonElement>(`button[data-move="${by}"]`);
      if (button?.disabled) row?.querySelector('input')?.focus();
    });
  }

  function onKeyDown(event: KeyboardEvent, name: string) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(name, event.key === 'ArrowUp' ? -1 : 1);
  }

  return (
    <fieldset className="export-options" aria-describedby={`${id}-hint`}>
      <legend>Columns, in the order the file gives them</legend>
      <p className="form-field-hint" id={`${id}-hint`}>
        {choices.columns.length} of {order.length} columns kept. Alt+Arrow Up or Down on a column moves it.
      </p>
      <ol className="export-columns">
        {order.map((name, index) => {
          const words = columnWords(name);
          return (
            <li key={name} className="export-column">
              <label className="export-check" htmlFor={`${id}-${name}`}>
                <input
                  id={`${id}-${name}`}
                  type="checkbox"
                  checked={chosen.has(name)}
                  onChange={() => choices.toggle(name)}
                  onKeyDown={(event) => onKeyDown(event, name)}
                />
                <span>
                  {words} <code className="export-column-name">{name}</code>
                </span>
              </label>
              <span className="export-column-moves">
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Move ${words} up`}
                  title="Move up"
                  data-move="-1"
                  disabled={index === 0}
                  onClick={(event) => moveBy(event, name, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Move ${words} down`}
                  title="Move down"
                  data-move="1"
                  disabled={index === order.length - 1}
                  onClick={(event) => moveBy(event, name, 1)}
                >
                  ↓
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div>
        <button type="button" className="button button-small" onClick={choices.reset}>
          Every column, as the service gives them
        </button>
      </div>
      {choices.columns.length === 0 ? (
        <p className="note note-error" role="alert">
          No column is kept. Tick at least one column to export.
        </p>
      ) : null}
    </fieldset>
  );
}

/** Renders the choice of the file's field delimiter for `choices`. */
export function DelimiterChoice({ choices }: { choices: ExportChoices }) {
  const id = useId();
  return (
    <fieldset className="export-options">
      <legend>Field delimiter</legend>
      {exportDelimiters.map((delimiter) => (
        <label key={delimiter} className="export-check" htmlFor={`${id}-${exportDelimiters.indexOf(delimiter)}`}>
          <input
            id={`${id}-${exportDelimiters.indexOf(delimiter)}`}
            type="radio"
            name={id}
            checked={choices.delimiter === delimiter}
            onChange={() => choices.setDelimiter(delimiter)}
          />
          {delimiterWords[delimiter]}
        </label>
      ))}
    </fieldset>
  );
}
