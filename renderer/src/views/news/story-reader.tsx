/**
 * One story opened to read (`Get Story`, kept for offline with its age): title, author, dates, tags,
 * the body as text (story-body.tsx), and its queued edit in words. "Edit" opens the story form;
 * "Delete" asks first, then queues the delete (sent when the service can be reached). Both follow
 * the access rules of `saveBlogPost` and `deleteStory` on the story as read (its author or an
 * administrator: lib/use-access.ts); refused, they say why.
 */
import { useEffect, useState } from 'react';
import type { StoryRow } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { KeptAgeNote } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useAccessJudge } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useBridge, useUi } from '../../stores/stores-context';
import { queuedState, queuedWords } from '../../lib/queued-edit-words';
import { StoryBody } from './story-body';

export interface StoryReaderProps {
  id: string;
  onEdit(row: StoryRow): void;
  /** Called when the story is now under another id (one written here was sent and got the service's). */
  onMoved(id: string): void;
  /** Called after the delete was queued. */
  onDeleted(): void;
}

/** Renders the story `id`. */
export function StoryReader({ id, onEdit, onMoved, onDeleted }: StoryReaderProps) {
  const bridge = useBridge();
  const online = useOnline();
  const pushToast = useUi((state) => state.pushToast);
  const judge = useAccessJudge();
  const { data, error, reload } = useBridgeQuery('news.story', { id }, ['outbox']);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const movedTo = data?.value && data.value.story.id !== id ? data.value.story.id : null;
  useEffect(() => {
    if (movedTo) onMoved(movedTo);
  }, [movedTo, onMoved]);

  if (error && !data) return <ErrorBanner message={`The story could not be loaded: ${error}`} onRetry={reload} />;
  if (!data) return <LoadingState label="Loading the story…" />;
  const row = data.value;
  if (!row)
    return (
      <EmptyState title={data.fetchedAt === null && !online ? 'Not read on this computer yet' : 'This story is gone'}>
        {data.fetchedAt === null && !online
          ? 'This story was never opened here; it shows once the service can be reached.'
          : 'It was deleted, or it is a draft only its author can read. Choose another story.'}
      </EmptyState>
    );
  const { story, queued } = row;
  const deleting = queued?.kind === 'delete';
  const editAccess = judge('saveBlogPost', story);
  const deleteAccess = judge('deleteStory', story);

  async function remove() {
    setConfirming(false);
    setDeleteError(null);
    try {
      await bridge.call('news.delete', { id: story.id, version: story.version || null });
      pushToast({
        title: 'Story deleted',
        body: online
          ? `"${story.title}" is deleted on the service.`
          : `"${story.title}" is deleted when the service can be reached.`,
      });
      onDeleted();
    } catch (reason) {
      setDeleteError(`The story was not deleted: ${errorMessage(reason)}`);
    }
  }

  return (
    <article className="story" aria-labelledby="story-title">
      <header className="story-header">
        <h2 id="story-title">{story.title}</h2>
        <p className="story-meta">
          By {row.authorName ?? 'a colleague'}
          {queued?.kind === 'create'
            ? story.state === 'published'
              ? ', published once it is sent'
              : ', a draft once it is sent'
            : story.publishedAt
              ? `, published ${formatDateTime(story.publishedAt)}`
              : ', not published (draft)'}
          {story.updatedAt !== story.createdAt ? ` · changed ${formatDateTime(story.updatedAt)}` : ''}
          <SyncStateBadge state={queuedState(queued)} />
        </p>
        {story.tags.length > 0 ? (
          <ul className="story-tags" aria-label="Tags">
            {story.tags.map((tag) => (
              <li key={tag} className="pill">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {queued?.kind === 'create' ? null : <KeptAgeNote subject="Story" fetchedAt={data.fetchedAt} />}
        {queued ? (
          <p className={queued.state === 'refused' ? 'kept-refusal' : 'note'}>{queuedWords(queued, 'story')}</p>
        ) : null}
        {deleteError ? (
          <p className="note note-error" role="alert">
            {deleteError}
          </p>
        ) : null}
        <div className="button-row">
          <ActionButton
            className="button button-small"
            disabled={deleting}
            refusal={editAccess.reason}
            onClick={() => onEdit(row)}
          >
            Edit story
          </ActionButton>
          <ActionButton
            className="button button-small button-danger"
            disabled={deleting}
            refusal={deleteAccess.reason}
            onClick={() => setConfirming(true)}
          >
            Delete story
          </ActionButton>
        </div>
      </header>
      {/* Many bodies open with their summary: it is shown once. */}
      {story.summary && !story.body.trimStart().startsWith(story.summary) ? (
        <p className="story-summary">{story.summary}</p>
      ) : null}
      <StoryBody body={story.body} />
      <ConfirmDialog
        open={confirming}
        title="Delete this story?"
        message={`"${story.title}" is deleted for every user. Its entries in the activity feed stay as history. This cannot be undone.`}
        confirmLabel="Delete story"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}
