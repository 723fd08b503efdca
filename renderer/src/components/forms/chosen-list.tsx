/**
 * `ChosenList`: the records picked so far for one action (contacts to add to a group or a
 * campaign), each with a Remove button that takes it off the list before anything is sent.
 */
import type { SelectOption } from './searchable-select';

export interface ChosenListProps {
  /** What the list holds, for its accessible name ("Contacts to add"). */
  label: string;
  chosen: readonly SelectOption[];
  onRemove(id: string): void;
}

/** Renders the list, or nothing when none is chosen. */
export function ChosenList({ label, chosen, onRemove }: ChosenListProps) {
  if (chosen.length === 0) return null;
  return (
    <ul className="chosen-list" aria-label={label}>
      {chosen.map((option) => (
        <li key={option.id}>
          <span>{option.label}</span>
          <button
            type="button"
            className="button button-small button-quiet"
            aria-label={`Do not add ${option.label}`}
            onClick={() => onRemove(option.id)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
