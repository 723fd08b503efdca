/**
 * Asks before deleting a group, naming what happens: "Delete group" (`Delete Group`; only for a
 * group without subgroups, said so otherwise) or "Remove from the tree" (`Delete From Tree`: its
 * subgroups move up to its parent). The contacts stay either way. Cancel takes the focus first.
 */
import type { GroupNode } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { pluralize } from '../../lib/format';
import { useBridge } from '../../stores/stores-context';
import { useGroupWrite } from './use-group-write';

/** Renders the dialog for `node`; `subgroups` is how many groups sit directly under it. */
export function GroupDeleteDialog({
  node,
  subgroups,
  onClose,
}: {
  node: GroupNode;
  subgroups: number;
  onClose(done: boolean): void;
}) {
  const bridge = useBridge();
  const write = useGroupWrite();
  const run = async (name: 'groups.delete' | 'groups.deleteFromTree') => {
    if (await write.run(() => bridge.call(name, { id: node.id }))) onClose(true);
  };
  return (
    <Dialog
      open
      title={`Delete "${node.name}"?`}
      onClose={() => onClose(false)}
      size="small"
      actions={
        <>
          {/* biome-ignore lint/a11y/noAutofocus: the safe choice takes the focus in a confirmation. */}
          <button type="button" className="button" onClick={() => onClose(false)} autoFocus>
            Cancel
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={write.busy}
            onClick={() => void run('groups.deleteFromTree')}
          >
            Remove from the tree
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={write.busy || subgroups > 0}
            onClick={() => void run('groups.delete')}
          >
            Delete group
          </button>
        </>
      }
    >
      {write.error ? (
        <p className="form-error" role="alert">
          {write.error}
        </p>
      ) : null}
      <p>
        The group and its list of members are deleted; the contacts stay.{' '}
        {subgroups > 0
          ? `It has ${pluralize(subgroups, 'subgroup')}: "Remove from the tree" deletes only this group and moves its subgroups up to its place. "Delete group" needs them moved or deleted first.`
          : '"Remove from the tree" and "Delete group" do the same for a group without subgroups.'}
      </p>
    </Dialog>
  );
}
