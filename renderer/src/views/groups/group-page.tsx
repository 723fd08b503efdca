/**
 * A group's page: its kind, place and member count (`Get Group`, kept with its age offline), its
 * changes still queued in words, its actions (rename, move, delete), its member criteria (dynamic)
 * or the contacts to add (static), and its description, colour and tags. The contract has no
 * operation that lists a static group's members, so the page gives their number. Each action is
 * offered as the access rules allow (refused, it says why: lib/use-access.ts).
 */
import type { GroupNode } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { formatDateTime, pluralize } from '../../lib/format';
import type { Access } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { KeptAge } from '../../components/kept-age';
import { AddMembers } from './add-members';
import { GroupFilterSummary } from './group-filter';
import { GroupMetaForm } from './group-meta-form';
import { kindWords, queuedWords } from './group-words';

export interface GroupPageProps {
  node: GroupNode;
  /** The group's ancestors' names, top first. */
  path: string[];
  onAction(action: 'rename' | 'move' | 'delete'): void;
  /** Whether the access rules let the user do `action` on the group. */
  access(action: 'rename' | 'move' | 'delete'): Access;
}

/** Renders the page of `node`. */
export function GroupPage({ node, path, onAction, access }: GroupPageProps) {
  const { data, error, loading, reload } = useBridgeQuery('groups.get', node.local ? null : { id: node.id }, [
    'outbox',
  ]);
  const group = data?.value;
  const company = useBridgeQuery('companies.get', group?.filter?.companyId ? { id: group.filter.companyId } : null, [
    'company',
  ]).data;

  const header = (
    <header className="group-page-header">
      <h2>{node.name}</h2>
      <p className="muted">{path.length ? `In ${path.join(' › ')}` : 'A top-level group'}</p>
    </header>
  );
  if (node.local)
    return (
      <article className="group-page" aria-label={`Group ${node.name}`}>
        {header}
        <p>
          This group was created on this computer and is not on the service yet; it is created when the changes are
          sent. {node.queued ? queuedWords(node.queued) : ''}
        </p>
      </article>
    );

  let body: React.ReactNode;
  if (error && !data) body = <ErrorBanner message={`The group could not be loaded: ${error}`} onRetry={reload} />;
  else if (!data) body = <LoadingState label="Loading the group…" />;
  else if (!group)
    body = (
      <EmptyState title={data.fetchedAt ? 'Not on the service any more' : 'Not fetched yet'} size="compact">
        {data.fetchedAt
          ? 'This group was deleted on the service.'
          : 'This group was never opened on this computer; it shows once the service can be reached.'}
      </EmptyState>
    );
  else
    body = (
      <>
        <dl className="group-fields">
          <div>
            <dt>Kind</dt>
            <dd>{kindWords[group.kind]}</dd>
          </div>
          <div>
            <dt>{group.kind === 'dynamic' ? 'Contacts matching now' : 'Members'}</dt>
            <dd>{pluralize(group.memberCount, 'contact')}</dd>
          </div>
          <div>
            <dt>Last changed</dt>
            <dd>{formatDateTime(group.updatedAt)}</dd>
          </div>
        </dl>
        <section aria-labelledby="group-members-title">
          <h3 id="group-members-title">{group.kind === 'dynamic' ? 'Member criteria' : 'Add members'}</h3>
          {group.kind === 'dynamic' && group.filter ? (
            <>
              <GroupFilterSummary filter={group.filter} companyName={company?.name ?? null} />
              <p className="muted">
                The criteria are set when the group is created; the service has no way to change them.
              </p>
            </>
          ) : (
            <AddMembers group={group} />
          )}
        </section>
        <section aria-labelledby="group-meta-title">
          <h3 id="group-meta-title">Description, colour and tags</h3>
          <GroupMetaForm key={group.version} group={group} />
        </section>
      </>
    );

  return (
    <article className="group-page" aria-label={`Group ${node.name}`}>
      {header}
      <div className="group-actions">
        <ActionButton
          className="button"
          aria-keyshortcuts="F2"
          refusal={access('rename').reason}
          onClick={() => onAction('rename')}
        >
          Rename… <kbd>F2</kbd>
        </ActionButton>
        <ActionButton
          className="button"
          aria-keyshortcuts="M"
          refusal={access('move').reason}
          onClick={() => onAction('move')}
        >
          Move to… <kbd>M</kbd>
        </ActionButton>
        <ActionButton
          className="button button-danger"
          aria-keyshortcuts="Delete"
          refusal={access('delete').reason}
          onClick={() => onAction('delete')}
        >
          Delete… <kbd>Del</kbd>
        </ActionButton>
      </div>
      <KeptAge
        subject="This group"
        fetchedAt={data?.fetchedAt}
        loading={loading}
        reload={reload}
        refreshLabel="Refresh the group"
      />
      {data?.queued.length ? (
        <ul className="group-queued" aria-label="Changes of this group not yet on the service">
          {data.queued.map((write) => (
            <li key={write.entryId} className={`group-queued-${write.state}`}>
              <strong>{write.summary}</strong>: {queuedWords(write)}
            </li>
          ))}
        </ul>
      ) : null}
      {body}
    </article>
  );
}
