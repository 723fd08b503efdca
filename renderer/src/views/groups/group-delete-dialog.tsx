/**
 * Asks before deleting a group, naming what happens: a group without subgroups is deleted
 * (`Delete Group`); a group with subgroups is removed from the tree (`Delete From Tree`), its
 * subgroups moving up to its place. The contacts stay either way. Cancel takes the focus first.
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
          {subgroups > 0 ? (
            <button
              type="button"
              className="button button-danger"
              disabled={write.busy}
              onClick={() => void run('groups.deleteFromTree')}
            >
              Remove from the tree
            </button>
          ) : (
            <button
              type="button"
              className="button button-danger"
              disabled={write.busy}
              onClick={() => void run('groups.delete')}
            >
              Delete group
            </button>
          )}
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
          ? `It has ${pluralize(subgroups, 'subgroup')}: they are kept and move up to its place in the tree.`
          : ''}
      </p>
    </Dialog>
  );
}
