/**
 * Campaigns (api/openapi.yaml tag Campaign): the campaigns listed by last change, narrowed by words
 * of the name or subject and by state, a page at a time, beside the campaign opened. Drafts are
 * written and edited in a form (drafts of the form kept), scheduled and unscheduled, deleted, all
 * through the outbox so offline too; recipients are added and removed and campaigns sent while the
 * service can be reached. Read on demand and kept for offline use with their age.
 */
import { useState } from 'react';
import { type CampaignRow, type CampaignState, campaignStates, campaignStateWords } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { KeptAge } from '../../components/kept-age';
import { KeptAnswerState } from '../../components/kept-answer-state';
import { ListBesidePage } from '../../components/list-beside-page';
import { SearchField } from '../../components/search-field';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSelectedRecord, useViewAction } from '../../lib/use-view-state';
import { CampaignForm } from './campaign-form';
import { CampaignList } from './campaign-list';
import { CampaignPage } from './campaign-page';
import { PageButtons } from './page-buttons';
import { ScheduleDialog } from './schedule-dialog';
import { useCursorPages } from './use-cursor-pages';
import './campaigns.css';

type Editing = { kind: 'edit'; row: CampaignRow | null } | { kind: 'schedule'; row: CampaignRow } | null;

/** Renders the Campaigns view. */
export function CampaignsView() {
  const [selectedId, select] = useSelectedRecord('campaigns');
  const [editing, setEditing] = useState<Editing>(null);
  const [text, setText] = useState('');
  const [states, setStates] = useState<CampaignState[]>([]);
  const q = useDebouncedValue(text.trim(), 250);
  const pages = useCursorPages(`${q} ${states.join(',')}`);
  useViewAction('campaigns', 'new', () => setEditing({ kind: 'edit', row: null }));
  const query = useBridgeQuery(
    'campaigns.list',
    { ...(q ? { q } : {}), ...(states.length ? { states } : {}), cursor: pages.cursor },
    ['outbox'],
  );
  const { data, loading, reload } = query;

  const list = (
    <KeptAnswerState
      query={query}
      subject="campaigns"
      isEmpty={(value) => value.rows.length === 0}
      empty={
        <EmptyState title="No campaigns here" size="compact">
          {q || states.length ? 'None matches; change the search or the states.' : 'Create the first one.'}
        </EmptyState>
      }
    >
      {(value) => <CampaignList rows={value.rows} selectedId={selectedId} onSelect={select} />}
    </KeptAnswerState>
  );

  const toggle = (state: CampaignState) =>
    setStates((current) => (current.includes(state) ? current.filter((s) => s !== state) : [...current, state]));

  return (
    <div className="single-pane campaigns-view">
      <header className="view-header">
        <h1>Campaigns</h1>
      </header>
      <div className="view-toolbar">
        <button
          type="button"
          className="button button-primary button-small"
          onClick={() => setEditing({ kind: 'edit', row: null })}
        >
          New campaign
        </button>
        <SearchField
          label="Search campaigns"
          placeholder="Name or subject"
          value={text}
          onChange={setText}
          maxLength={200}
        />
        <fieldset className="segmented" aria-label="States shown">
          {campaignStates.map((state) => (
            <button
              key={state}
              type="button"
              className="segmented-button"
              aria-pressed={states.includes(state)}
              onClick={() => toggle(state)}
            >
              {campaignStateWords(state).label}
            </button>
          ))}
        </fieldset>
        <KeptAge
          subject="Campaigns"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh campaigns"
        />
      </div>
      <ListBesidePage
        listLabel="Campaigns"
        pageLabel="Campaign"
        list={
          <>
            {list}
            <PageButtons pages={pages} nextCursor={data?.value.nextCursor} noun="campaigns" />
          </>
        }
        page={
          selectedId ? (
            <CampaignPage
              key={selectedId}
              id={selectedId}
              onEdit={(row) => setEditing({ kind: 'edit', row })}
              onSchedule={(row) => setEditing({ kind: 'schedule', row })}
              onMoved={select}
              onDeleted={() => select(null)}
              onChanged={reload}
            />
          ) : (
            <EmptyState title="Choose a campaign">
              Campaigns are listed by last change; choose one to see its message, recipients and sending.
            </EmptyState>
          )
        }
      />
      {editing?.kind === 'edit' ? (
        <CampaignForm
          row={editing.row}
          onSaved={(row) => {
            setEditing(null);
            select(row.campaign.id);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editing?.kind === 'schedule' ? (
        <ScheduleDialog row={editing.row} onClose={() => setEditing(null)} onScheduled={() => setEditing(null)} />
      ) : null}
    </div>
  );
}
