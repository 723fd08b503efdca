/**
 * One campaign's page (`Get Campaigns` with `ids`, kept for offline with its age): its state and
 * what can be done in it in words (api/openapi.yaml, CampaignState), the message, the sending
 * progress, and the actions its state allows: Edit and Schedule (drafts), Unschedule (scheduled),
 * both through the outbox; Send now (asks first, needs the service); Delete (asks first, queued).
 * A refused move is said in words with the state the campaign is in (the core reads it again).
 * Each action is offered as the access rules allow on the campaign as read (`saveCampaign`,
 * `sendCampaign`, `deleteCampaign`: its owner, a manager or an administrator; lib/use-access.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { type CampaignRow, campaignStateWords, isFinalCampaignState } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { KeptAgeNote } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { NotesTimeline } from '../../components/notes/notes-timeline';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, pluralize } from '../../lib/format';
import { useAccessJudge } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge, useUi } from '../../stores/stores-context';
import { queuedState, queuedWords } from '../../lib/queued-edit-words';
import { CampaignProgress, isMoving, useFollow } from './campaign-progress';
import { CampaignRecipients } from './campaign-recipients';
import { withSchedule } from './campaign-words';

export interface CampaignPageProps {
  id: string;
  onEdit(row: CampaignRow): void;
  onSchedule(row: CampaignRow): void;
  /** Called when the campaign is now under another id (one written here was sent and got the service's). */
  onMoved(id: string): void;
  /** Called after the delete was queued. */
  onDeleted(): void;
  /** Called when the campaign shown changed (state, counts, version), so the list can be read again. */
  onChanged(): void;
}

type Asking = 'send' | 'delete' | null;

/** Renders the campaign `id`. */
export function CampaignPage({ id, onEdit, onSchedule, onMoved, onDeleted, onChanged }: CampaignPageProps) {
  const bridge = useBridge();
  const online = useOnline();
  const pushToast = useUi((state) => state.pushToast);
  const { data, error, reload } = useBridgeQuery('campaigns.get', { id }, ['outbox']);
  const [asking, setAsking] = useState<Asking>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useNow(5_000);
  const judge = useAccessJudge();
  const row = data?.value ?? null;
  const following = row !== null && isMoving(row.campaign, now);
  useFollow(following, online, reload);
  const movedTo = row && row.campaign.id !== id ? row.campaign.id : null;
  useEffect(() => {
    if (movedTo) onMoved(movedTo);
  }, [movedTo, onMoved]);
  // The list shows state and recipients too: read it again when they change here.
  const shown = row ? `${row.campaign.state} ${row.campaign.recipientCount} ${row.campaign.version}` : null;
  const lastShown = useRef(shown);
  useEffect(() => {
    if (shown !== null && lastShown.current !== null && shown !== lastShown.current) onChanged();
    lastShown.current = shown;
  }, [shown, onChanged]);

  if (error && !data) return <ErrorBanner message={`The campaign could not be loaded: ${error}`} onRetry={reload} />;
  if (!data) return <LoadingState label="Loading the campaign…" />;
  if (!row)
    return (
      <EmptyState
        title={data.fetchedAt === null && !online ? 'Not read on this computer yet' : 'This campaign is gone'}
      >
        {data.fetchedAt === null && !online
          ? 'This campaign was never opened here; it shows once the service can be reached.'
          : 'It was deleted. Choose another campaign.'}
      </EmptyState>
    );
  const { campaign, queued } = row;
  const words = campaignStateWords(campaign.state);
  const local = campaign.version === 0;
  const deleting = queued?.kind === 'delete';
  const waiting = queued !== null;
  const saving = judge('saveCampaign', campaign);
  const sending = judge('sendCampaign', campaign);
  const removing = judge('deleteCampaign', campaign);

  async function act(what: string, run: () => Promise<unknown>, toast: { title: string; body: string }) {
    setAsking(null);
    setActionError(null);
    setBusy(true);
    try {
      await run();
      pushToast(toast);
      reload();
      return true;
    } catch (reason) {
      setActionError(`${what}: ${errorMessage(reason)}`);
      reload();
      return false;
    } finally {
      setBusy(false);
    }
  }

  const queuedBody = online ? 'It is sent to the service now.' : 'It is sent when the service can be reached.';
  const sendBlocked = local
    ? 'This campaign has not reached the service yet; it can be sent once it has.'
    : waiting
      ? 'A change of this campaign waits to reach the service; it can be sent after that.'
      : !online
        ? needsServiceMessage
        : null;

  return (
    <article className="campaign" aria-labelledby="campaign-title">
      <header className="campaign-header">
        <h2 id="campaign-title">{campaign.name}</h2>
        <p className="campaign-meta">
          <span className={`campaign-state campaign-state-${campaign.state}`}>{words.label}</span>
          <SyncStateBadge state={queuedState(queued)} />
          {campaign.state === 'scheduled' && campaign.scheduledAt
            ? ` · to be sent ${formatDateTime(campaign.scheduledAt)}`
            : ''}
          {` · ${pluralize(campaign.recipientCount, 'recipient')}`}
          {row.ownerName ? ` · by ${row.ownerName}` : ''}
        </p>
        <p className="campaign-can">{words.can}</p>
        <KeptAgeNote subject="Campaign" fetchedAt={data.fetchedAt} />
        {queued ? (
          <p className={queued.state === 'refused' ? 'kept-refusal' : 'note'}>{queuedWords(queued, 'campaign')}</p>
        ) : null}
        {actionError ? (
          <p className="note note-error" role="alert">
            {actionError}
          </p>
        ) : null}
        <div className="button-row">
          {campaign.state === 'draft' ? (
            <>
              <ActionButton
                className="button button-small"
                disabled={deleting}
                refusal={saving.reason}
                onClick={() => onEdit(row)}
              >
                Edit campaign
              </ActionButton>
              <ActionButton
                className="button button-small"
                disabled={deleting}
                refusal={saving.reason}
                onClick={() => onSchedule(row)}
              >
                Schedule…
              </ActionButton>
            </>
          ) : null}
          {campaign.state === 'scheduled' ? (
            <ActionButton
              className="button button-small"
              disabled={deleting || busy}
              refusal={saving.reason}
              onClick={() =>
                void act(
                  'It was not unscheduled',
                  () =>
                    bridge.call('campaigns.save', {
                      campaign: withSchedule(campaign, null),
                      version: campaign.version,
                    }),
                  { title: 'Campaign unscheduled', body: `"${campaign.name}" is a draft again. ${queuedBody}` },
                )
              }
            >
              Unschedule
            </ActionButton>
          ) : null}
          {campaign.state === 'draft' || campaign.state === 'scheduled' ? (
            <ActionButton
              className="button button-small button-primary"
              disabled={sendBlocked !== null || busy || deleting}
              title={sendBlocked ?? undefined}
              refusal={sending.reason}
              onClick={() => setAsking('send')}
            >
              Send now…
            </ActionButton>
          ) : null}
          {campaign.state !== 'sending' ? (
            <ActionButton
              className="button button-small button-danger"
              disabled={deleting || busy}
              refusal={removing.reason}
              onClick={() => setAsking('delete')}
            >
              Delete campaign
            </ActionButton>
          ) : null}
        </div>
        {sendBlocked && (campaign.state === 'draft' || campaign.state === 'scheduled') ? (
          <p className="muted">{sendBlocked}</p>
        ) : null}
      </header>
      <CampaignProgress
        campaign={campaign}
        fetchedAt={data.fetchedAt}
        following={following && !isFinalCampaignState(campaign.state)}
      />
      <section className="campaign-message" aria-labelledby="campaign-message-title">
        <h3 id="campaign-message-title">Message</h3>
        <dl className="campaign-fields">
          <dt>Subject</dt>
          <dd>{campaign.subject}</dd>
          <dt>Audience</dt>
          <dd>{campaign.audience ?? 'Not described'}</dd>
          <dt>Format</dt>
          <dd>{campaign.contentFormat === 'html' ? 'HTML (shown here as its source)' : 'Plain text'}</dd>
        </dl>
        <pre className="campaign-content">{campaign.content || 'No message yet.'}</pre>
      </section>
      {local ? (
        <p className="note">Recipients can be added once this campaign has reached the service.</p>
      ) : (
        <CampaignRecipients campaign={campaign} onChanged={reload} />
      )}
      {local ? null : <NotesTimeline recordType="campaign" recordId={campaign.id} />}
      <ConfirmDialog
        open={asking === 'send'}
        title="Send this campaign now?"
        message={`"${campaign.name}" goes to its ${pluralize(campaign.recipientCount, 'recipient')} now${campaign.state === 'scheduled' ? ' instead of at its scheduled time' : ''}. Once sending has started it cannot be stopped or changed.`}
        confirmLabel="Send now"
        onConfirm={() =>
          void act('It was not sent', () => bridge.call('campaigns.send', { id: campaign.id }), {
            title: 'Sending started',
            body: `"${campaign.name}" is being sent; its progress shows on its page.`,
          })
        }
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'delete'}
        title="Delete this campaign?"
        message={`"${campaign.name}" is deleted with its recipients and deliveries, for every user. This cannot be undone.`}
        confirmLabel="Delete campaign"
        onConfirm={async () => {
          if (
            await act(
              'It was not deleted',
              () => bridge.call('campaigns.delete', { id: campaign.id, version: campaign.version || null }),
              {
                title: 'Campaign deleted',
                body: `"${campaign.name}" ${online ? 'is deleted on the service.' : 'is deleted when the service can be reached.'}`,
              },
            )
          )
            onDeleted();
        }}
        onCancel={() => setAsking(null)}
      />
    </article>
  );
}
