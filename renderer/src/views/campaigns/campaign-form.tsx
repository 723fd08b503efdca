/**
 * The campaign form, in a dialog: writes a draft or edits one. The fields of the contract's
 * `CampaignInput` (name, subject, message, its format, audience), validated with the bridge's own
 * schema (`campaignInputSchema`, preload/contract/campaigns.ts, built from api/openapi.yaml) so each
 * message shows next to its field before anything is queued. What is typed is kept as a draft until
 * it is saved or cancelled. Online or offline the save is queued in the outbox and sent by sync.
 * Scheduling is its own dialog (schedule-dialog.tsx); a save here keeps the campaign a draft.
 */
import { type Campaign, type CampaignInput, type CampaignRow, campaignInputSchema } from '../../../../preload/contract';
import { FormDialog } from '../../components/forms/form-dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { useBridge } from '../../stores/stores-context';

/** The form's values: one string per field, named as in `CampaignInput`. */
interface CampaignValues {
  [field: string]: string;
  name: string;
  subject: string;
  content: string;
  contentFormat: Campaign['contentFormat'];
  audience: string;
}

function valuesOf(campaign: Campaign | null): CampaignValues {
  return {
    name: campaign?.name ?? '',
    subject: campaign?.subject ?? '',
    content: campaign?.content ?? '',
    contentFormat: campaign?.contentFormat ?? 'text',
    audience: campaign?.audience ?? '',
  };
}

/** The CampaignInput of the values (a blank audience is none); a draft keeps no schedule. */
function toCampaignInput(values: CampaignValues, id: string | undefined): CampaignInput {
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    subject: values.subject.trim(),
    content: values.content,
    contentFormat: values.contentFormat,
    channel: 'email',
    audience: values.audience.trim() || null,
    scheduledAt: null,
  };
}

const formatOptions = [
  { value: 'text' as const, label: 'Plain text' },
  { value: 'html' as const, label: 'HTML' },
];

export interface CampaignFormProps {
  /** The draft to edit, or null to write one. */
  row: CampaignRow | null;
  /** Called after the save was queued, with the campaign as this computer now shows it. */
  onSaved(row: CampaignRow): void;
  onClose(): void;
}

/** Renders the open dialog (mount it only while it shows). */
export function CampaignForm({ row, onSaved, onClose }: CampaignFormProps) {
  const bridge = useBridge();
  const campaign = row?.campaign ?? null;
  const form = useRecordForm({
    initial: valuesOf(campaign),
    toRecord: (values: CampaignValues) => toCampaignInput(values, campaign?.id),
    schema: campaignInputSchema,
    draftKey: `campaign:${campaign?.id ?? 'new'}`,
    pointerPrefix: '/campaign',
    async save(record: CampaignInput) {
      onSaved(await bridge.call('campaigns.save', { campaign: record, version: campaign ? campaign.version : null }));
    },
  });
  const { values, errors, setField } = form;
  const field = (name: keyof CampaignValues & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => setField(name, value),
  });

  return (
    <FormDialog
      title={campaign ? `Edit "${campaign.name}"` : 'New campaign'}
      form={form}
      submitLabel={campaign ? 'Save changes' : 'Save draft'}
      onSubmit={form.submit}
      onClose={onClose}
      className="campaign-form"
    >
      <TextField
        label="Name"
        required
        maxLength={200}
        autoFocus
        hint="Only your colleagues see it."
        {...field('name')}
      />
      <TextField
        label="Subject"
        required
        maxLength={300}
        hint="The subject line recipients see."
        {...field('subject')}
      />
      <TextField label="Message" multiline maxLength={100_000} {...field('content')} />
      <SelectField
        label="Message format"
        required
        value={values.contentFormat}
        error={errors.contentFormat}
        options={formatOptions}
        onChange={(value) => setField('contentFormat', value || 'text')}
      />
      <TextField
        label="Audience"
        maxLength={500}
        placeholder="Customers in the Nordics"
        hint="Who it is meant for, in words (optional). Recipients are added on the campaign's page."
        {...field('audience')}
      />
    </FormDialog>
  );
}
