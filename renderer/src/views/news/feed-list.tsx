/**
 * The activity feed (`Get feed items`): what happened lately, newest first, as the feed items say
 * (who, what, when). An item about a contact, company, document, calendar event or deal opens that
 * record in the app; one about a story opens it in the Stories tab.
 */
import { useCallback } from 'react';
import type { FeedPage, FeedRow } from '../../../../preload/contract';
import { formatDateTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useUi } from '../../stores/stores-context';
import { feedKindLabel, recordNoun } from './news-words';
import { OlderPages, type PageHook } from './older-pages';

export interface FeedListProps {
  first: FeedPage;
  /** Opens a story of the feed in the Stories tab. */
  onOpenStory(id: string): void;
}

/** Hook of an older page of the feed. */
const useFeedPage: PageHook<FeedRow> = (cursor) => {
  const query = useBridgeQuery('news.feed', { cursor });
  const data = query.data && { ...query.data.value, fetchedAt: query.data.fetchedAt };
  return { data, error: query.error, reload: query.reload };
};

/** Renders the feed with its "Show older activity" button. */
export function FeedList({ first, onOpenStory }: FeedListProps) {
  const openRecord = useUi((state) => state.openRecord);
  const canOpen = useUi((state) => state.canOpen);
  const renderRow = useCallback(
    ({ item, actorName }: FeedRow) => {
      const type = item.resourceType;
      const open =
        type === 'story'
          ? () => onOpenStory(item.resourceId)
          : canOpen(type)
            ? () => openRecord(type, item.resourceId)
            : null;
      return (
        <li key={item.id} className="feed-item">
          <span className="feed-kind">{feedKindLabel[item.kind]}</span>
          <span className="feed-title">{item.title}</span>
          {item.summary ? <span className="feed-summary">{item.summary}</span> : null}
          <span className="feed-meta">
            {actorName ?? 'A colleague'} · <time dateTime={item.occurredAt}>{formatDateTime(item.occurredAt)}</time>
          </span>
          {open ? (
            <button type="button" className="button button-small feed-open" onClick={open}>
              Open {recordNoun[type]}
              <span className="visually-hidden">: {item.title}</span>
            </button>
          ) : (
            <span className="feed-no-open muted">This {recordNoun[type]} opens on the service only.</span>
          )}
        </li>
      );
    },
    [canOpen, openRecord, onOpenStory],
  );
  return (
    <ul className="record-list" aria-label="Activity, newest first">
      {first.rows.map(renderRow)}
      <OlderPages firstNext={first.nextCursor} usePage={useFeedPage} renderRow={renderRow} noun="activity" />
    </ul>
  );
}
