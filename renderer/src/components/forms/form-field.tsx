/**
 * Labelled form controls with their message: `TextField` (input or textarea) and `SelectField`.
 * The message is tied to the control (aria-describedby, aria-invalid) so screen readers read it,
 * and `maxLength` holds the contract's limit as the user types or pastes.
 */
import { useId } from 'react';

interface FieldShell {
  label: string;
  /** The message to show under the control (a refusal), or undefined. */
  error?: string;
  /** A hint under the control when there is no error. */
  hint?: string;
  required?: boolean;
}

function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <span id={id} className="form-field-error">
        {error}
      </span>
    );
  return hint ? (
    <span id={id} className="form-field-hint">
      {hint}
    </span>
  ) : null;
}

export interface TextFieldProps extends FieldShell {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel' | 'url' | 'datetime-local' | 'date';
  maxLength?: number;
  multiline?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
}

/** A labelled text input (or textarea with `multiline`). */
export function TextField({
  label,
  error,
  hint,
  required,
  value,
  onChange,
  type = 'text',
  maxLength,
  multiline,
  autoFocus,
  placeholder,
}: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const common = {
    id,
    value,
    maxLength,
    required,
    placeholder,
    autoFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId : undefined,
  };
  return (
    <div className={`form-field${error ? ' form-field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

export interface SelectFieldProps<T extends string> extends FieldShell {
  value: T | '';
  onChange(value: T | ''): void;
  options: ReadonlyArray<{ value: T | ''; label: string }>;
}

/** A labelled select. */
export function SelectField<T extends string>({
  label,
  error,
  hint,
  required,
  value,
  onChange,
  options,
}: SelectFieldProps<T>) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`form-field${error ? ' form-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        onChange={(event) => onChange(event.target.value as T | '')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
