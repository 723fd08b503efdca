/**
 * Finding a group by part of its name on the service (`Get List of groups`, `q`); the answer is
 * kept with its age for offline use. Choosing a result opens it in the tree.
 */
import { useId, useState } from 'react';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { kindWords } from './group-words';

/** Renders the search field and its results. */
export function GroupSearch({ onOpen }: { onOpen(id: string): void }) {
  const id = useId();
  const [text, setText] = useState('');
  const q = text.trim();
  const { data, loading } = useBridgeQuery('groups.list', q ? { q } : null, ['outbox']);
  const groups = q ? (data?.value.groups ?? []) : [];
  return (
    <div className="group-search">
      <label htmlFor={id} className="visually-hidden">
        Find a group by name
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={120}
        placeholder="Find a group by name"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
        }}
      />
      {q ? (
        <ul className="group-search-results" aria-label="Groups found" aria-busy={loading}>
          {groups.map((group) => (
            <li key={group.id}>
              <button
                type="button"
                className="button button-quiet"
                onClick={() => {
                  onOpen(group.id);
                  setText('');
                }}
              >
                {group.name} <span className="muted">{kindWords[group.kind]}</span>
              </button>
            </li>
          ))}
          {data && groups.length === 0 ? (
            <li className="muted">
              {data.fetchedAt === null ? 'Searching needs the service.' : `No group's name contains "${q}".`}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
