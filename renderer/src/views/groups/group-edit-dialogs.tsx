/**
 * "Rename group" and "Move group to…" (the keyboard way to move a group: a select of the places
 * it can go, its own subgroups left out since a group cannot contain itself). Both queue their
 * change; a refusal stays in the dialog with what was chosen (components/tree-edit-dialogs.tsx).
 */
import { type GroupNode, groupRenameSchema } from '../../../../preload/contract';
import { TreeMoveDialog, TreeNameDialog } from '../../components/tree-edit-dialogs';
import { useBridge } from '../../stores/stores-context';
import { placeOptions } from './place-options';
import { useGroupWrite } from './use-group-write';
import { messagesByField } from './zod-errors';

/** Renames `node`. */
export function GroupRenameDialog({ node, onClose }: { node: GroupNode; onClose(): void }) {
  const bridge = useBridge();
  const write = useGroupWrite();

  function check(name: string): string | undefined {
    const parsed = groupRenameSchema.safeParse({ id: node.id, name });
    return parsed.success ? undefined : messagesByField(parsed.error.issues).name;
  }

  async function save(name: string) {
    if (name === node.name) return onClose();
    if (await write.run(() => bridge.call('groups.rename', { rename: { id: node.id, name } }))) onClose();
  }

  return (
    <TreeNameDialog
      title={`Rename "${node.name}"`}
      submitLabel="Rename"
      fieldLabel="Name"
      hint="Unique among the groups beside it (upper and lower case count as the same)."
      maxLength={120}
      initialName={node.name}
      check={check}
      onSubmit={(name) => void save(name)}
      onClose={onClose}
      action={write}
    />
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

  async function save(place: string) {
    const target = place || null;
    if (target === node.parentId) return onClose();
    const move = { id: node.id, parentId: target, position: null };
    if (await write.run(() => bridge.call('groups.move', { move }))) onClose();
  }

  return (
    <TreeMoveDialog
      title={`Move "${node.name}"`}
      options={placeOptions(nodes, node)}
      initialPlace={node.parentId ?? ''}
      hint="Its subgroups move with it; it goes last among the groups there. Its own subgroups are not offered: a group cannot contain itself."
      onSubmit={(place) => void save(place)}
      onClose={onClose}
      action={write}
    />
  );
}
