/**
 * "New group": name, kind, place in the tree and, for a dynamic group, its member criteria, on the
 * shared record form (components/forms/use-record-form.ts, form-dialog.tsx): checked with the
 * bridge's own schema (built from the contract's GroupCreate) before it is queued, kept as a draft
 * until it is created (Escape keeps it, Cancel discards it), refusals next to their field.
 */
import { type GroupCreate, type GroupNode, groupCreateSchema } from '../../../../preload/contract';
import { FormDialog } from '../../components/forms/form-dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useRecordForm } from '../../components/forms/use-record-form';
import { useBridge, useUi } from '../../stores/stores-context';
import { GroupFilterFields } from './group-filter';
import { kindWords } from './group-words';
import { placeOptions } from './place-options';
import { savedWords } from './use-group-write';
import { fieldwise } from './zod-errors';

export interface GroupCreateDialogProps {
  nodes: readonly GroupNode[];
  /** The parent proposed (the selected group), null for the top level. */
  parentId: string | null;
  onClose(): void;
}

/** The form's values, all as typed. */
interface CreateValues {
  [field: string]: string;
  name: string;
  kind: 'static' | 'dynamic';
  parentId: string;
  type: string;
  state: string;
  country: string;
  city: string;
}

const schema = fieldwise(groupCreateSchema);

function toGroup(values: CreateValues): unknown {
  const group = { name: values.name.trim(), kind: values.kind, parentId: values.parentId || null };
  if (values.kind === 'static') return group;
  const filter = {
    companyId: null,
    type: values.type || null,
    state: values.state || null,
    country: values.country.trim().toUpperCase() || null,
    city: values.city.trim() || null,
  };
  return { ...group, filter };
}

/** Renders the dialog. */
export function GroupCreateDialog({ nodes, parentId, onClose }: GroupCreateDialogProps) {
  const bridge = useBridge();
  const pushToast = useUi((s) => s.pushToast);
  const form = useRecordForm<CreateValues, GroupCreate>({
    initial: { name: '', kind: 'static', parentId: parentId ?? '', type: '', state: '', country: '', city: '' },
    draftKey: 'group:new',
    pointerPrefix: '/group',
    schema,
    toRecord: toGroup,
    save: async (group) => {
      const queued = await bridge.call('groups.create', { group });
      pushToast({ title: queued.summary, body: savedWords });
    },
  });
  const { values, errors, setField } = form;
  return (
    <FormDialog
      title="New group"
      form={form}
      submitLabel="Create group"
      onSubmit={async () => {
        const created = await form.submit();
        if (created) onClose();
        return created;
      }}
      onClose={onClose}
      className="group-form"
    >
      <TextField
        label="Name"
        value={values.name}
        onChange={(value) => setField('name', value)}
        maxLength={120}
        required
        error={errors.name}
      />
      <SelectField
        label="Kind"
        value={values.kind}
        onChange={(value) => setField('kind', value || 'static')}
        options={[
          { value: 'static', label: kindWords.static },
          { value: 'dynamic', label: kindWords.dynamic },
        ]}
      />
      <SelectField
        label="Place in the tree"
        value={values.parentId}
        onChange={(value) => setField('parentId', value)}
        options={placeOptions(nodes, null)}
        error={errors.parentId}
        hint="A group can sit at most 10 levels deep."
      />
      {values.kind === 'dynamic' ? <GroupFilterFields values={values} errors={errors} onChange={setField} /> : null}
    </FormDialog>
  );
}
