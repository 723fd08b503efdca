/**
 * Groups: the tree of contact groups (`Get Group Tree`, kept with its age offline, the changes
 * still queued shown over it) beside the page of the group chosen. Create (N), rename (F2), move
 * by dragging a group onto another or with "Move to…" (M), delete (Delete, asks first). A move
 * into a group's own subtree is refused in words at once. The search finds groups by name on the
 * service (`Get List of groups`). Renaming, moving and deleting follow the access rules on the
 * group (`renameGroup`, `moveGroupInTree`, `deleteGroup` / `deleteFromTree`: lib/use-access.ts):
 * refused, the buttons say why and a key or a drop says it in a toast.
 */
import { useState } from 'react';
import type { GroupNode } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { EmptyState } from '../../components/empty-state';
import { pluralize } from '../../lib/format';
import { type Access, type OperationId, useAccessJudge } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useRefusalGuard } from '../../lib/use-refusal-guard';
import { useSelectedRecord, useViewAction } from '../../lib/use-view-state';
import { useBridge } from '../../stores/stores-context';
import { KeptAge } from '../../components/kept-age';
import { KeptAnswerState } from '../../components/kept-answer-state';
import { GroupCreateDialog } from './group-create-dialog';
import { GroupDeleteDialog } from './group-delete-dialog';
import { GroupMoveDialog, GroupRenameDialog } from './group-edit-dialogs';
import { GroupPage } from './group-page';
import { GroupSearch } from './group-search';
import { GroupTree, isCycle } from './group-tree';
import { cycleWords } from './group-words';
import { useGroupWrite } from './use-group-write';
import './groups.css';

type Open = { kind: 'create' } | { kind: 'rename' | 'move' | 'delete'; node: GroupNode } | null;
type GroupAction = 'rename' | 'move' | 'delete';

/** Renders the groups view. */
export function GroupsView() {
  const bridge = useBridge();
  const [selectedId, select] = useSelectedRecord('groups');
  const [open, setOpen] = useState<Open>(null);
  const [status, setStatus] = useState<string | null>(null);
  const move = useGroupWrite();
  const query = useBridgeQuery('groups.tree', {}, ['outbox']);
  const { data, loading, reload } = query;
  const nodes = data?.value.nodes ?? [];
  const selected = nodes.find((node) => node.id === selectedId) ?? null;
  const judge = useAccessJudge();
  const guard = useRefusalGuard();
  const creating = judge('createGroup');
  useViewAction('groups', 'new', () => guard(creating, () => setOpen({ kind: 'create' })));

  /** The operation of `action` on `node`: a group with subgroups is deleted from the tree (group-delete-dialog.tsx). */
  function access(action: GroupAction, node: GroupNode): Access {
    const hasSubgroups = nodes.some((candidate) => candidate.parentId === node.id);
    const operation: OperationId =
      action === 'rename'
        ? 'renameGroup'
        : action === 'move'
          ? 'moveGroupInTree'
          : hasSubgroups
            ? 'deleteFromTree'
            : 'deleteGroup';
    return judge(operation, node);
  }

  function act(action: GroupAction, node: GroupNode) {
    if (node.local) {
      setStatus(`"${node.name}" is not on the service yet; it can be changed once it is sent.`);
      return;
    }
    guard(access(action, node), () => setOpen({ kind: action, node }));
  }

  async function onMove(node: GroupNode, parentId: string | null) {
    if (!guard(access('move', node), () => undefined)) return;
    const target = nodes.find((candidate) => candidate.id === parentId) ?? null;
    if (isCycle(nodes, node, parentId)) {
      setStatus(cycleWords(node, target));
      return;
    }
    setStatus(null);
    const queued = await move.run(() =>
      bridge.call('groups.move', { move: { id: node.id, parentId, position: null } }),
    );
    if (!queued) return;
    // The moved group stays chosen, so the tree opens the path to its new place.
    select(node.id);
    setStatus(`"${node.name}" moved ${target ? `into "${target.name}"` : 'to the top level'}.`);
  }

  const path = (node: GroupNode): string[] => {
    const names: string[] = [];
    for (let at = node.parentId; at; at = nodes.find((n) => n.id === at)?.parentId ?? null)
      names.unshift(nodes.find((n) => n.id === at)?.name ?? '');
    return names;
  };

  const tree = (
    <KeptAnswerState
      query={query}
      subject="groups"
      isEmpty={() => nodes.length === 0}
      empty={
        <EmptyState title="No groups yet" size="compact">
          Create the first with "New group" (N).
        </EmptyState>
      }
    >
      {() => (
        <GroupTree
          nodes={nodes}
          selectedId={selectedId}
          onSelect={(id) => {
            // A refusal or a move said before is about another choice now.
            setStatus(null);
            select(id);
          }}
          onMove={(node, parentId) => void onMove(node, parentId)}
          onKeyAction={act}
        />
      )}
    </KeptAnswerState>
  );

  const shownStatus = move.error ?? status;
  return (
    <div className="single-pane">
      <header className="view-header groups-header">
        <div className="view-title-row">
          <h1>Groups</h1>
          <p className="view-summary" aria-live="polite">
            {data && data.fetchedAt !== null ? pluralize(nodes.length, 'group') : ''}
          </p>
          <KeptAge
            subject="Groups"
            fetchedAt={data?.fetchedAt}
            loading={loading}
            reload={reload}
            refreshLabel="Refresh groups"
          />
          <ActionButton
            className="button button-primary"
            refusal={creating.reason}
            onClick={() => setOpen({ kind: 'create' })}
          >
            New group
          </ActionButton>
        </div>
        <GroupSearch onOpen={select} />
        {data?.value.truncated ? (
          <p className="muted">The tree is too large to show whole; some groups are left out.</p>
        ) : null}
        <p
          className={move.error || status?.includes('cannot') ? 'groups-status groups-status-refused' : 'groups-status'}
          role="status"
        >
          {shownStatus}
        </p>
      </header>
      <div className="groups-body">
        <section className="groups-tree-pane" aria-label="Group tree">
          {tree}
        </section>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
        <section className="groups-page-pane" aria-label="Group details" tabIndex={0}>
          {selected ? (
            <GroupPage
              key={selected.id}
              node={selected}
              path={path(selected)}
              onAction={(action) => act(action, selected)}
              access={(action) => access(action, selected)}
            />
          ) : (
            <EmptyState title="No group selected" size="compact">
              Choose a group in the tree, or use the arrow keys there, to see its members and description.
            </EmptyState>
          )}
        </section>
      </div>
      {open?.kind === 'create' ? (
        <GroupCreateDialog
          nodes={nodes}
          parentId={selected && !selected.local ? selected.id : null}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'rename' ? <GroupRenameDialog node={open.node} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'move' ? <GroupMoveDialog node={open.node} nodes={nodes} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'delete' ? (
        <GroupDeleteDialog
          node={open.node}
          subgroups={nodes.filter((node) => node.parentId === open.node.id).length}
          onClose={(done) => {
            if (done && selectedId === open.node.id) select(open.node.parentId);
            setOpen(null);
          }}
        />
      ) : null}
    </div>
  );
}
