/**
 * A campaign's sending progress and result as the service reports them: recipients, delivered and
 * failed counts (api/openapi.yaml, Campaign), a progress bar while it is `sending`, and when the
 * counts were read. While the campaign is sending (or its scheduled time has come) the campaign is
 * read again every `pollMs` (`Send Campaign`: "Poll `Get Campaigns` with `ids` to follow it");
 * reading stops when its state is final or the service cannot be reached.
 */
import { useEffect } from 'react';
import type { Campaign } from '../../../../preload/contract';
import { formatAgo, formatDateTime, percentOf, pluralize } from '../../lib/format';
import { useNow } from '../../lib/use-now';

/** How often a campaign being sent is read again, ms. */
export const pollMs = 2_000;

/** True while the service is moving `campaign` on by itself: sending, or scheduled and its time has come. */
export function isMoving(campaign: Campaign, now: number): boolean {
  if (campaign.state === 'sending') return true;
  return campaign.state === 'scheduled' && campaign.scheduledAt !== null && Date.parse(campaign.scheduledAt) <= now;
}

/** Calls `reload` every `pollMs` while `following` and online. */
export function useFollow(following: boolean, online: boolean, reload: () => void): void {
  useEffect(() => {
    if (!following || !online) return;
    const timer = setInterval(reload, pollMs);
    return () => clearInterval(timer);
  }, [following, online, reload]);
}

export interface CampaignProgressProps {
  campaign: Campaign;
  /** When the campaign shown was read (ISO 8601 UTC); null when never (written here). */
  fetchedAt: string | null;
  following: boolean;
}

/** Renders the counts, the bar while sending, and the age of the reading. */
export function CampaignProgress({ campaign, fetchedAt, following }: CampaignProgressProps) {
  const now = useNow(following ? 1_000 : 30_000);
  const done = campaign.deliveredCount + campaign.failedCount;
  return (
    <section className="campaign-progress" aria-label="Sending">
      <dl className="campaign-counts">
        <div>
          <dt>Recipients</dt>
          <dd>{campaign.recipientCount}</dd>
        </div>
        <div>
          <dt>Delivered</dt>
          <dd>{campaign.deliveredCount}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{campaign.failedCount}</dd>
        </div>
      </dl>
      {campaign.state === 'sending' ? (
        <>
          <progress
            className="campaign-progress-bar"
            max={Math.max(1, campaign.recipientCount)}
            value={done}
            aria-label={`Sent to ${done} of ${campaign.recipientCount}`}
          />
          <p role="status">
            Sending: {done} of {pluralize(campaign.recipientCount, 'recipient')} done (
            {percentOf(done, campaign.recipientCount)}%).
          </p>
        </>
      ) : null}
      {campaign.state === 'sent' ? (
        <p role="status">
          Sent {campaign.sentAt ? formatDateTime(campaign.sentAt) : ''}: {campaign.deliveredCount} delivered,{' '}
          {campaign.failedCount} failed.
          {campaign.failedCount ? ' Show the failed recipients below to see why.' : ''}
        </p>
      ) : null}
      {fetchedAt && (following || campaign.state === 'sent') ? (
        <p className="muted">
          As the service reported it {formatAgo(fetchedAt, now)}
          {following ? '; read again every 2 seconds until it is sent.' : '.'}
        </p>
      ) : null}
    </section>
  );
}
