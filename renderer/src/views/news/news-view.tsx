/**
 * News: company stories (`List News Stories`, `Get Story`; written, edited and deleted through the
 * outbox, so offline too), the activity feed (`Get feed items`) and "Since you were away" (what
 * sync brought since the last session). Stories and the feed are read on demand and kept for
 * offline use with their age.
 */
import { type ReactNode, useEffect, useState } from 'react';
import type { StoryRow, StoryState } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { KeptAge } from '../../components/kept-age';
import { KeptAnswerState } from '../../components/kept-answer-state';
import { ListBesidePage } from '../../components/list-beside-page';
import { LoadingState } from '../../components/loading-state';
import { tabPanelProps, Tabs } from '../../components/tabs';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useSelectedRecord, useViewAction } from '../../lib/use-view-state';
import { useSync, useUi } from '../../stores/stores-context';
import { FeedList } from './feed-list';
import { DigestBody } from './since-away';
import { StoryForm } from './story-form';
import { StoryList } from './story-list';
import { StoryReader } from './story-reader';
import './news.css';

type Tab = 'stories' | 'activity' | 'away';
const tabs = [
  { id: 'stories', label: 'Stories' },
  { id: 'activity', label: 'Activity' },
  { id: 'away', label: 'Since you were away' },
] as const;

/** Renders the News view. */
export function NewsView() {
  const [tab, setTab] = useState<Tab>('stories');
  const [, select] = useSelectedRecord('news');
  const [editing, setEditing] = useState<StoryRow | 'new' | null>(null);
  const online = useOnline();
  const pushToast = useUi((state) => state.pushToast);
  useViewAction('news', 'new', () => {
    setTab('stories');
    setEditing('new');
  });
  return (
    <div className="single-pane">
      <header className="view-header news-header">
        <h1>News</h1>
        <Tabs<Tab> label="News" idPrefix="news" tabs={tabs} current={tab} onChange={setTab} />
      </header>
      <div className="news-panel" {...tabPanelProps('news', tab)}>
        {tab === 'stories' ? <StoriesTab onEdit={setEditing} /> : null}
        {tab === 'activity' ? (
          <ActivityTab
            onOpenStory={(id) => {
              select(id);
              setTab('stories');
            }}
          />
        ) : null}
        {tab === 'away' ? <AwayTab /> : null}
      </div>
      {editing ? (
        <StoryForm
          row={editing === 'new' ? null : editing}
          onSaved={(row) => {
            setEditing(null);
            select(row.story.id);
            pushToast({
              title:
                row.story.state === 'published'
                  ? online
                    ? 'Story published'
                    : 'Story to be published'
                  : online
                    ? 'Draft saved'
                    : 'Draft kept here',
              body: online
                ? `"${row.story.title}" is being sent to the service.`
                : `"${row.story.title}" is kept here and sent when the service can be reached.`,
            });
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

/** The stories: the list (published or drafts) beside the story opened. */
function StoriesTab({ onEdit }: { onEdit(row: StoryRow | 'new'): void }) {
  const online = useOnline();
  const [state, setState] = useState<StoryState>('published');
  const [selectedId, select] = useSelectedRecord('news');
  const pushToast = useUi((s) => s.pushToast);
  const query = useBridgeQuery('news.stories', { state, cursor: null }, ['outbox']);
  const { data, loading, reload } = query;

  const list = (
    <KeptAnswerState
      query={query}
      subject="stories"
      isEmpty={(value) => value.rows.length === 0}
      empty={
        <EmptyState title={state === 'draft' ? 'No drafts' : 'No stories yet'} size="compact">
          {state === 'draft' ? 'Stories you save as drafts wait here until you publish them.' : 'Write the first one.'}
        </EmptyState>
      }
    >
      {(value) => <StoryList key={state} state={state} first={value} selectedId={selectedId} onSelect={select} />}
    </KeptAnswerState>
  );

  return (
    <>
      <div className="view-toolbar">
        <fieldset className="segmented" aria-label="Which stories">
          {(['published', 'draft'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className="segmented-button"
              aria-pressed={state === value}
              onClick={() => setState(value)}
            >
              {value === 'published' ? 'Published' : 'Drafts'}
            </button>
          ))}
        </fieldset>
        <button type="button" className="button button-primary button-small" onClick={() => onEdit('new')}>
          Write a story
        </button>
        <KeptAge
          subject="Stories"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh stories"
        />
      </div>
      <ListBesidePage
        listLabel="Stories"
        pageLabel="Story"
        list={list}
        page={
          selectedId ? (
            <StoryReader
              key={selectedId}
              id={selectedId}
              onEdit={onEdit}
              onMoved={select}
              onDeleted={() => {
                select(null);
                if (!online) pushToast({ title: 'Delete queued', body: 'It is sent when the service can be reached.' });
              }}
            />
          ) : (
            <EmptyState title="Choose a story to read">
              Stories are listed newest first; pinned ones are marked.
            </EmptyState>
          )
        }
      />
    </>
  );
}

/** The activity feed with its age. */
function ActivityTab({ onOpenStory }: { onOpenStory(id: string): void }) {
  const query = useBridgeQuery('news.feed', { cursor: null });
  const { data, loading, reload } = query;
  const body = (
    <KeptAnswerState
      query={query}
      subject="activity"
      singular
      isEmpty={(value) => value.rows.length === 0}
      empty={
        <EmptyState title="Nothing happened yet" size="compact">
          Published stories, comments and document approvals show here.
        </EmptyState>
      }
    >
      {(value) => <FeedList first={value} onOpenStory={onOpenStory} />}
    </KeptAnswerState>
  );
  return (
    <>
      <div className="view-toolbar">
        <p className="view-summary">
          What happened lately: stories published, comments added, documents approved or rejected.
        </p>
        <KeptAge
          subject="Activity"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh activity"
        />
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="news-scroll" aria-label="Activity" tabIndex={0}>
        {body}
      </section>
    </>
  );
}

/** "Since you were away" again. */
function AwayTab() {
  const { data, error, reload } = useBridgeQuery('news.digest', { announce: false }, ['notification']);
  const synced = useSync((state) => state.status?.lastSyncedAt ?? null);
  const waiting = data === null;
  // Made when the first sync of the session ends: asked again after each sync until then.
  useEffect(() => {
    if (synced && waiting) reload();
  }, [synced, waiting, reload]);
  let body: ReactNode;
  if (error && data === undefined)
    body = <ErrorBanner message={`What changed could not be read: ${error}`} onRetry={reload} />;
  else if (data === undefined) body = <LoadingState label="Reading what changed…" />;
  else if (data === null)
    body = (
      <EmptyState title="Not known yet" size="compact">
        What changed since your last session shows when the first sync of this session has ended.
      </EmptyState>
    );
  else body = <DigestBody digest={data} />;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard.
    <section className="news-scroll news-away" aria-label="Since you were away" tabIndex={0}>
      {body}
    </section>
  );
}
