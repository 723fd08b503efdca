/**
 * The list of stories: published ones newest first (pinned ones marked), or the user's drafts by
 * last change; one page of the service at a time (`List News Stories`), "Show older stories" asks
 * for the next. Stories written here and not yet sent are listed first, marked.
 */
import { useCallback } from 'react';
import type { StoryListPage, StoryRow, StoryState } from '../../../../preload/contract';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatDate } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { queuedState } from '../../lib/queued-edit-words';
import { OlderPages, type PageHook } from './older-pages';

export interface StoryListProps {
  state: StoryState;
  /** The first page (asked by the view, which shows its age). */
  first: StoryListPage;
  selectedId: string | null;
  onSelect(id: string): void;
}

/** One story in the list: title, author, date, excerpt. */
function StoryItem({ row, selected, onSelect }: { row: StoryRow; selected: boolean; onSelect(id: string): void }) {
  const { story } = row;
  return (
    <li>
      <button
        type="button"
        className="record-list-item story-list-item"
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(story.id)}
      >
        <span className="story-list-title">
          {story.pinned ? <span className="pill story-pinned">Pinned</span> : null}
          {story.title}
        </span>
        <span className="story-list-meta">
          {row.authorName ?? 'A colleague'} ·{' '}
          {story.publishedAt ? formatDate(story.publishedAt) : `Draft, changed ${formatDate(story.updatedAt)}`}
          <SyncStateBadge state={queuedState(row.queued)} />
        </span>
        {story.summary ? <span className="story-list-excerpt">{story.summary}</span> : null}
      </button>
    </li>
  );
}

/** Reads the page of `state` stories at `cursor`. */
function useStoryPage(state: StoryState, cursor: string): ReturnType<PageHook<StoryRow>> {
  const query = useBridgeQuery('news.stories', { state, cursor }, ['outbox']);
  const data = query.data && { ...query.data.value, fetchedAt: query.data.fetchedAt };
  return { data, error: query.error, reload: query.reload };
}
const usePublishedPage: PageHook<StoryRow> = (cursor) => useStoryPage('published', cursor);
const useDraftPage: PageHook<StoryRow> = (cursor) => useStoryPage('draft', cursor);

/** Renders the list with its "Show older stories" button (mount one per `state`). */
export function StoryList({ state, first, selectedId, onSelect }: StoryListProps) {
  const renderRow = useCallback(
    (row: StoryRow) => (
      <StoryItem key={row.story.id} row={row} selected={row.story.id === selectedId} onSelect={onSelect} />
    ),
    [selectedId, onSelect],
  );
  return (
    <ul className="record-list" aria-label={state === 'draft' ? 'Your drafts' : 'Stories, newest first'}>
      {first.rows.map(renderRow)}
      <OlderPages
        firstNext={first.nextCursor}
        usePage={state === 'draft' ? useDraftPage : usePublishedPage}
        renderRow={renderRow}
        noun="stories"
      />
    </ul>
  );
}
