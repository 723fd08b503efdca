/**
 * "Rename group" and "Move group to…" (the keyboard way to move a group: a select of the places
 * it can go, its own subgroups left out since a group cannot contain itself). Both queue their
 * change; a refusal stays in the dialog with what was chosen.
 */
import { useState } from 'react';
import { type GroupNode, groupRenameSchema } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/forms/form-field';
import { useBridge } from '../../stores/stores-context';
import { placeOptions } from './place-options';
import { useGroupWrite } from './use-group-write';
import { messagesByField } from './zod-errors';

function Actions({ label, busy, onClose, onSave }: { label: string; busy: boolean; onClose(): void; onSave(): void }) {
  return (
    <>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="button button-primary" disabled={busy} onClick={onSave}>
        {label}
      </button>
    </>
  );
}

function WriteError({ error }: { error: string | null }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** Renames `node`. */
export function GroupRenameDialog({ node, onClose }: { node: GroupNode; onClose(): void }) {
  const bridge = useBridge();
  const write = useGroupWrite();
  const [name, setName] = useState(node.name);
  const [error, setError] = useState<string | undefined>();

  async function save() {
    const parsed = groupRenameSchema.safeParse({ id: node.id, name: name.trim() });
    if (!parsed.success) return setError(messagesByField(parsed.error.issues).name);
    setError(undefined);
    if (parsed.data.name === node.name) return onClose();
    if (await write.run(() => bridge.call('groups.rename', { rename: parsed.data }))) onClose();
  }

  return (
    <Dialog
      open
      title={`Rename "${node.name}"`}
      onClose={onClose}
      size="small"
      actions={<Actions label="Rename" busy={write.busy} onClose={onClose} onSave={() => void save()} />}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <WriteError error={write.error} />
        <TextField
          label="Name"
          value={name}
          onChange={setName}
          maxLength={120}
          required
          autoFocus
          error={error}
          hint="Unique among the groups beside it (upper and lower case count as the same)."
        />
      </form>
    </Dialog>
  );
}

/** Moves `node` (with its subgroups) to the place chosen, last among its new siblings. */
export function GroupMoveDialog({
  node,
  nodes,
  onClose,
}: {
  node: GroupNode;
  nodes: readonly GroupNode[];
  onClose(): void;
}) {
  const bridge = useBridge();
  const write = useGroupWrite();
  const [parentId, setParentId] = useState(node.parentId ?? '');

  async function save() {
    const target = parentId || null;
    if (target === node.parentId) return onClose();
    const move = { id: node.id, parentId: target, position: null };
    if (await write.run(() => bridge.call('groups.move', { move }))) onClose();
  }

  return (
    <Dialog
      open
      title={`Move "${node.name}"`}
      onClose={onClose}
      size="small"
      actions={<Actions label="Move" busy={write.busy} onClose={onClose} onSave={() => void save()} />}
    >
      <WriteError error={write.error} />
      <SelectField
        label="Move to"
        value={parentId}
        onChange={setParentId}
        options={placeOptions(nodes, node)}
        hint="Its subgroups move with it; it goes last among the groups there. Its own subgroups are not offered: a group cannot contain itself."
      />
    </Dialog>
  );
}
