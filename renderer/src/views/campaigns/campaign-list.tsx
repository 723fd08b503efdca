/**
 * The list of campaigns (`Get Campaigns`, last changed first): name, state in words, the scheduled
 * or sent time, and the recipients; a campaign written or changed here and not yet sent is marked.
 */
import type { CampaignRow } from '../../../../preload/contract';
import { campaignStateWords } from '../../../../preload/contract';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatDateTime, pluralize } from '../../lib/format';
import { queuedState } from '../../lib/queued-edit-words';

/** When the campaign goes or went, in words; null for a draft. */
function whenWords(row: CampaignRow): string | null {
  const { campaign } = row;
  if (campaign.state === 'sent' && campaign.sentAt) return `Sent ${formatDateTime(campaign.sentAt)}`;
  if (campaign.state === 'scheduled' && campaign.scheduledAt)
    return `Scheduled for ${formatDateTime(campaign.scheduledAt)}`;
  if (campaign.state === 'sending') return 'Being sent now';
  return null;
}

export interface CampaignListProps {
  rows: CampaignRow[];
  selectedId: string | null;
  onSelect(id: string): void;
}

/** Renders the rows as a list of buttons that open each campaign. */
export function CampaignList({ rows, selectedId, onSelect }: CampaignListProps) {
  return (
    <ul className="record-list" aria-label="Campaigns, last changed first">
      {rows.map((row) => {
        const { campaign } = row;
        const when = whenWords(row);
        return (
          <li key={campaign.id}>
            <button
              type="button"
              className="record-list-item campaign-list-item"
              aria-current={campaign.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(campaign.id)}
            >
              <span className="campaign-list-title">{campaign.name}</span>
              <span className="campaign-list-meta">
                <span className={`campaign-state campaign-state-${campaign.state}`}>
                  {campaignStateWords(campaign.state).label}
                </span>
                {when ? <span>{when}</span> : null}
                <span>{pluralize(campaign.recipientCount, 'recipient')}</span>
                <SyncStateBadge state={queuedState(row.queued)} />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
