/**
 * The branch form, in a dialog: adds a branch to a company or edits one. Every field the contract's
 * `BranchSave` has (name, kind, address, position, phone, email, opening hours), validated with the
 * bridge's own schema (`branchSaveSchema`, preload/contract/write-inputs.ts) so each message shows
 * next to its field before anything is queued. What is typed is kept as a draft until it is saved
 * or cancelled. Online or offline the save is queued in the outbox and sent by sync.
 */
import {
  type Branch,
  type BranchKind,
  type BranchRow,
  type BranchSave,
  branchKinds,
  branchSaveSchema,
} from '../../../../preload/contract';
import { FormDialog } from '../../components/forms/form-dialog';
import { AddressFields } from '../../components/forms/address-fields';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { useBridge } from '../../stores/stores-context';
import { branchKindLabel } from '../companies/related-labels';

/** The form's values: one string per field ('' is no value), named as in `BranchSave`. */
interface BranchValues {
  [field: string]: string;
  name: string;
  kind: BranchKind | '';
  street: string;
  postalCode: string;
  city: string;
  country: string;
  latitude: string;
  longitude: string;
  phone: string;
  email: string;
  openingHours: string;
}

function valuesOf(branch: Branch | null): BranchValues {
  return {
    name: branch?.name ?? '',
    kind: branch?.kind ?? 'office',
    street: branch?.address.street ?? '',
    postalCode: branch?.address.postalCode ?? '',
    city: branch?.address.city ?? '',
    country: branch?.address.country ?? '',
    latitude: branch ? String(branch.latitude) : '',
    longitude: branch ? String(branch.longitude) : '',
    phone: branch?.phone ?? '',
    email: branch?.email ?? '',
    openingHours: branch?.openingHours ?? '',
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** A typed coordinate as a number; text that is not a decimal number stays text (the schema refuses it). */
function degrees(text: string): number | string {
  const trimmed = text.trim().replace(',', '.');
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The BranchSave body of the values (blank fields become null). */
function toBranchSave(values: BranchValues, companyId: string, id: string | undefined): unknown {
  return {
    ...(id ? { id } : {}),
    companyId,
    name: values.name.trim(),
    kind: values.kind,
    address: {
      street: orNull(values.street),
      city: orNull(values.city),
      postalCode: orNull(values.postalCode),
      country: orNull(values.country),
    },
    latitude: degrees(values.latitude),
    longitude: degrees(values.longitude),
    phone: orNull(values.phone),
    email: orNull(values.email),
    openingHours: orNull(values.openingHours),
  };
}

const kindOptions = branchKinds.map((kind) => ({ value: kind, label: branchKindLabel[kind] }));

export interface BranchFormProps {
  companyId: string;
  companyName: string;
  /** The branch to edit, or null to add one. */
  row: BranchRow | null;
  /** Called after the save was queued, with the branch as this computer now shows it. */
  onSaved(row: BranchRow): void;
  onClose(): void;
}

/** Renders the open dialog (mount it only while it shows). */
export function BranchForm({ companyId, companyName, row, onSaved, onClose }: BranchFormProps) {
  const bridge = useBridge();
  const branch = row?.branch ?? null;
  const form = useRecordForm({
    initial: valuesOf(branch),
    toRecord: (values: BranchValues) => toBranchSave(values, companyId, branch?.id),
    schema: branchSaveSchema,
    draftKey: `branch:${branch?.id ?? `new:${companyId}`}`,
    pointerPrefix: '/branch',
    async save(record: BranchSave) {
      onSaved(await bridge.call('branches.save', { branch: record, version: branch ? branch.version : null }));
    },
  });
  const { values, errors, setField } = form;
  const field = (name: keyof BranchValues & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setField(name, value),
  });

  return (
    <FormDialog
      title={branch ? `Edit ${branch.name}` : `New branch of ${companyName}`}
      form={form}
      submitLabel={branch ? 'Save changes' : 'Add branch'}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <div className="form-grid">
        <TextField label="Name" required maxLength={200} autoFocus {...field('name')} />
        <SelectField
          label="Kind"
          required
          value={values.kind}
          error={errors.kind}
          options={kindOptions}
          onChange={(value) => setField('kind', value)}
        />
        <AddressFields values={values} errors={errors} setField={setField} wideClassName="branch-form-wide" />
        <TextField label="Phone" type="tel" maxLength={40} {...field('phone')} />
        <TextField
          label="Latitude"
          required
          placeholder="53.5436"
          hint="Degrees north, −90 to 90 (south is negative)"
          {...field('latitude')}
        />
        <TextField
          label="Longitude"
          required
          placeholder="9.9880"
          hint="Degrees east, −180 to 180 (west is negative)"
          {...field('longitude')}
        />
        <TextField label="Email" type="email" maxLength={254} {...field('email')} />
        <TextField
          label="Opening hours"
          maxLength={200}
          placeholder="Mo-Fr 08:00-17:00"
          hint="As in OpenStreetMap, e.g. Mo-Fr 08:00-17:00; Sa 09:00-13:00"
          {...field('openingHours')}
        />
      </div>
    </FormDialog>
  );
}
