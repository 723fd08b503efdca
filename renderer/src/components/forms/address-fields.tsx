/**
 * The address part of a record form (company, branch): street, postal code, city and country, with
 * the limits of the contract's `Address` schema (api/openapi.yaml), the country upper-cased as typed
 * (ISO 3166-1 alpha-2).
 */
import { TextField } from './form-field';

/** The address values of a form: one string per field ('' is no value). */
export interface AddressValues {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

/** Props of `AddressFields`. */
export interface AddressFieldsProps {
  values: AddressValues;
  /** Messages next to their field, by field name. */
  errors: Partial<Record<keyof AddressValues, string>>;
  setField(name: keyof AddressValues, value: string): void;
  /** Class of the wrapper that makes the street span the form's grid. */
  wideClassName: string;
}

/** Renders the four address fields, for a `form-grid`. */
export function AddressFields({ values, errors, setField, wideClassName }: AddressFieldsProps) {
  const field = (name: 'street' | 'postalCode' | 'city') => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setField(name, value),
  });
  return (
    <>
      <div className={wideClassName}>
        <TextField label="Street" maxLength={200} {...field('street')} />
      </div>
      <TextField label="Postal code" maxLength={20} {...field('postalCode')} />
      <TextField label="City" maxLength={100} {...field('city')} />
      <TextField
        label="Country"
        maxLength={2}
        placeholder="DE"
        hint="Two-letter code (ISO 3166-1), e.g. DE, FR, US"
        value={values.country}
        error={errors.country}
        onChange={(value) => setField('country', value.toUpperCase())}
      />
    </>
  );
}
