/**
 * "New group": name, kind, place in the tree and, for a dynamic group, its member criteria.
 * Checked with the bridge's own schema (built from the contract's GroupCreate) before it is
 * queued; a refusal stays in the dialog with what was typed.
 */
import { useState } from 'react';
import { type GroupKind, type GroupNode, groupCreateSchema } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useBridge } from '../../stores/stores-context';
import { emptyFilter, GroupFilterFields } from './group-filter';
import { kindWords } from './group-words';
import { placeOptions } from './place-options';
import { useGroupWrite } from './use-group-write';
import { messagesByField } from './zod-errors';

export interface GroupCreateDialogProps {
  nodes: readonly GroupNode[];
  /** The parent proposed (the selected group), null for the top level. */
  parentId: string | null;
  onClose(): void;
}

/** Renders the dialog. */
export function GroupCreateDialog({ nodes, parentId: proposed, onClose }: GroupCreateDialogProps) {
  const bridge = useBridge();
  const write = useGroupWrite();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<GroupKind>('static');
  const [parentId, setParentId] = useState(proposed ?? '');
  const [filter, setFilter] = useState(emptyFilter);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save() {
    const group = { name: name.trim(), kind, parentId: parentId || null, ...(kind === 'dynamic' ? { filter } : {}) };
    const parsed = groupCreateSchema.safeParse(group);
    if (!parsed.success) {
      setErrors(messagesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    if (await write.run(() => bridge.call('groups.create', { group: parsed.data }))) onClose();
  }

  return (
    <Dialog
      open
      title="New group"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={write.busy} onClick={() => void save()}>
            Create group
          </button>
        </>
      }
    >
      <form
        className="group-form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {write.error ? (
          <p className="form-error" role="alert">
            {write.error}
          </p>
        ) : null}
        <TextField
          label="Name"
          value={name}
          onChange={setName}
          maxLength={120}
          required
          autoFocus
          error={errors.name}
        />
        <SelectField
          label="Kind"
          value={kind}
          onChange={(value) => setKind(value || 'static')}
          options={[
            { value: 'static', label: kindWords.static },
            { value: 'dynamic', label: kindWords.dynamic },
          ]}
        />
        <SelectField
          label="Place in the tree"
          value={parentId}
          onChange={setParentId}
          options={placeOptions(nodes, null)}
          error={errors.parentId}
          hint="A group can sit at most 10 levels deep."
        />
        {kind === 'dynamic' ? <GroupFilterFields filter={filter} onChange={setFilter} errors={errors} /> : null}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Dialog>
  );
}
