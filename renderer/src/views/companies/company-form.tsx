/**
 * The company form, in a dialog: creates a company (no `company`) or edits one. Every field the
 * contract's `CompanySave` allows (name, industry, website, phone and the address), validated with
 * the bridge's own schema (`companySaveSchema`, preload/contract/write-inputs.ts) so each message
 * shows next to its field before anything is queued. What is typed is kept as a draft until it is
 * saved or cancelled; closing with Escape or × keeps it. Offline the save is queued like any edit.
 */
import { type Company, type CompanyRow, type CompanySave, companySaveSchema } from '../../../../preload/contract';
import { FormDialog } from '../../components/forms/form-dialog';
import { AddressFields } from '../../components/forms/address-fields';
import { TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { useBridge } from '../../stores/stores-context';

/** The form's values: one string per field ('' is no value). */
interface CompanyValues {
  [field: string]: string;
  name: string;
  industry: string;
  website: string;
  phone: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

function valuesOf(company: Company | null): CompanyValues {
  return {
    name: company?.name ?? '',
    industry: company?.industry ?? '',
    website: company?.website ?? '',
    phone: company?.phone ?? '',
    street: company?.street ?? '',
    postalCode: company?.postalCode ?? '',
    city: company?.city ?? '',
    country: company?.country ?? '',
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The CompanySave body of the values (blank fields become null; the address is sent whole). */
function toCompanySave(values: CompanyValues, id: string | undefined): CompanySave {
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    industry: orNull(values.industry),
    website: orNull(values.website),
    phone: orNull(values.phone),
    address: {
      street: orNull(values.street),
      city: orNull(values.city),
      postalCode: orNull(values.postalCode),
      country: orNull(values.country),
    },
  };
}

export interface CompanyFormProps {
  /** The company to edit, or null to create one. */
  company: Company | null;
  /** Called after the save was applied here (queued for the service), with the saved row. */
  onSaved(saved: CompanyRow): void;
  onClose(): void;
}

/** Renders the open dialog (mount it only while it shows, so it starts from the company as it is now). */
export function CompanyForm({ company, onSaved, onClose }: CompanyFormProps) {
  const bridge = useBridge();
  const initial = valuesOf(company);
  const form = useRecordForm({
    initial,
    toRecord: (values: CompanyValues) => toCompanySave(values, company?.id),
    schema: companySaveSchema,
    draftKey: `company:${company?.id ?? 'new'}`,
    pointerPrefix: '/company',
    async save(record) {
      const saved = await bridge.call('companies.save', { company: record });
      onSaved(saved);
    },
  });
  const { values, errors, setField } = form;

  const field = (name: keyof CompanyValues & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setField(name, value),
  });

  return (
    <FormDialog
      title={company ? `Edit ${company.name}` : 'New company'}
      form={form}
      submitLabel={company ? 'Save changes' : 'Create company'}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <div className="form-grid">
        <div className="company-form-wide">
          <TextField label="Name" required maxLength={200} autoFocus {...field('name')} />
        </div>
        <TextField label="Industry" maxLength={100} {...field('industry')} />
        <TextField label="Phone" type="tel" maxLength={40} {...field('phone')} />
        <div className="company-form-wide">
          <TextField
            label="Website"
            type="url"
            maxLength={500}
            placeholder="https://www.example.com"
            hint="The full address, starting with https://"
            {...field('website')}
          />
        </div>
        <AddressFields values={values} errors={errors} setField={setField} wideClassName="company-form-wide" />
      </div>
    </FormDialog>
  );
}
