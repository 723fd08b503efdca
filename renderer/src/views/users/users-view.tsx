/**
 * Users (for those the access rules let boot users or remove permissions: `bootUser`,
 * `removePermissions`, api/openapi.yaml): the people of the administrator's company (`Gets all
 * users from company`) and the page of the one chosen. Everyone else is told in words that the view
 * is not for them; the navigation shows it only to those it is for (`usersViewFor`).
 */
import { type KeyboardEvent, useRef } from 'react';
import type { ServiceContactRow } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { KeptAge } from '../../components/kept-age';
import { KeptAnswerState } from '../../components/kept-answer-state';
import { LoadingState } from '../../components/loading-state';
import { fullName, pluralize } from '../../lib/format';
import { allowsAnyOf, type OperationId, useCaller } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useCurrentUser } from '../../lib/use-current-user';
import { useSelectedRecord } from '../../lib/use-view-state';
import { UserPage } from './user-page';
import './users.css';

/** The operations whose rules say who the Users view is for (any one of them allowed shows it). */
export const usersViewFor: readonly OperationId[] = ['bootUser', 'removePermissions'];

/** Renders the Users view, or the words saying it is for administrators. */
export function UsersView() {
  const me = useCurrentUser();
  const caller = useCaller();
  if (!me.known) {
    return (
      <div className="single-pane">
        {me.error ? (
          <EmptyState title="Who you are is not known yet">
            Your roles could not be read from the service ({me.error}). User administration opens once they are.
          </EmptyState>
        ) : (
          <LoadingState label="Reading your roles…" />
        )}
      </div>
    );
  }
  if (!allowsAnyOf(caller, usersViewFor)) {
    return (
      <div className="single-pane">
        <EmptyState title="User administration is for administrators">
          Your sign-in does not have the administrator role, so the service does not let you boot users, reset their
          passwords or remove their permissions. Ask an administrator if someone needs one of these.
        </EmptyState>
      </div>
    );
  }
  return <UsersAdmin />;
}

function UsersAdmin() {
  const [selectedId, select] = useSelectedRecord('users');
  const query = useBridgeQuery('admin.users', {}, ['contact']);
  const { data, loading, reload } = query;
  const list = (
    <KeptAnswerState
      query={query}
      subject="people of your company"
      isEmpty={(value) => value.length === 0}
      empty={
        <EmptyState title="Nobody listed" size="compact">
          Your sign-in names no company, so the service lists no colleagues.
        </EmptyState>
      }
    >
      {(value) => <PeopleList rows={value} selectedId={selectedId} onOpen={select} />}
    </KeptAnswerState>
  );

  return (
    <div className="single-pane">
      <header className="view-header users-header">
        <h1>Users</h1>
        <p className="view-summary" aria-live="polite">
          {data?.fetchedAt
            ? `${pluralize(data.value.length, 'person', 'people')} at ${data.companyName ?? 'your company'}`
            : ''}
        </p>
        <KeptAge
          subject="Users"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh users"
        />
      </header>
      <div className="users-body">
        <section className="users-list-pane" aria-label="People of your company">
          {list}
        </section>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
        <section className="users-page-pane" aria-label="User" tabIndex={0}>
          {selectedId ? (
            <UserPage key={selectedId} id={selectedId} />
          ) : (
            <EmptyState title="No user chosen" size="compact">
              Choose a person in the list, or use the arrow keys there, to see their sign-in and permissions.
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}

/** The people as a list of buttons; ↑ ↓ Home End move through them and open each. */
function PeopleList({
  rows,
  selectedId,
  onOpen,
}: {
  rows: readonly ServiceContactRow[];
  selectedId: string | null;
  onOpen(id: string): void;
}) {
  const list = useRef<HTMLUListElement>(null);
  function move(event: KeyboardEvent, index: number) {
    const keys: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    const next = keys[event.key];
    if (next === undefined || next < 0 || next >= rows.length) return;
    event.preventDefault();
    list.current?.querySelectorAll('button')[next]?.focus();
    onOpen(rows[next].id);
  }
  return (
    <ul className="record-list" aria-label="People" ref={list}>
      {rows.map((row, index) => (
        <li key={row.id}>
          <button
            type="button"
            className="record-list-item users-list-item"
            aria-current={row.id === selectedId ? 'true' : undefined}
            onClick={() => onOpen(row.id)}
            onKeyDown={(event) => move(event, index)}
          >
            <span className="users-list-name">{fullName(row)}</span>
            <span className="users-list-sub">{[row.jobTitle, row.email].filter(Boolean).join(' · ')}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
