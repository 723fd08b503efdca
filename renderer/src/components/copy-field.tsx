/**
 * A read-only text (an address) with a Copy button: the text goes to the clipboard
 * (`navigator.clipboard.writeText`, else the selected field and the `copy` command); when neither
 * is allowed the field is selected and the user is told to press Ctrl+C (⌘C). What happened is said
 * next to the button, for screen readers too.
 */
import { useId, useRef, useState } from 'react';
import './copy-field.css';

/** Props of `CopyField`. */
export interface CopyFieldProps {
  /** The field's label ("Subscription address"). */
  label: string;
  value: string;
  /** Words of the button (default "Copy"). */
  buttonLabel?: string;
}

/** Copies `field`'s text; resolves true when it reached the clipboard. */
async function copyText(field: HTMLInputElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** Renders the labelled read-only field, the Copy button and what copying did. */
export function CopyField({ label, value, buttonLabel = 'Copy' }: CopyFieldProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <div className="copy-field form-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field-row">
        <input id={id} ref={field} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        <button
          type="button"
          className="button"
          onClick={async () => {
            if (!field.current) return;
            const copied = await copyText(field.current);
            setSaid(
              copied
                ? 'Copied to the clipboard.'
                : 'Copying is not allowed here: the address is selected, press Ctrl+C (⌘C on a Mac) to copy it.',
            );
          }}
        >
          {buttonLabel}
        </button>
      </div>
      <p className="form-field-hint" role="status">
        {said}
      </p>
    </div>
  );
}
