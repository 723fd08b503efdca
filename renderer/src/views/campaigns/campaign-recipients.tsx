/**
 * A campaign's recipients (`Get Recipients`, by name, a page at a time, kept for offline with its
 * age), filtered by delivery status, each with its delivery in words; Remove (`Remove Campaign
 * Recipient`, sent at once, needs the service) while the campaign is a draft or scheduled.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Campaign, CampaignRecipient, CampaignRecipientStatus } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { SelectField } from '../../components/forms/form-field';
import { KeptAge } from '../../components/kept-age';
import { LoadingState } from '../../components/loading-state';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useAccess } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';
import { AddRecipients } from './add-recipients';
import { failureReasonLabel, recipientStatusLabel } from './campaign-words';
import { PageButtons } from './page-buttons';
import { useCursorPages } from './use-cursor-pages';

const statusOptions = [
  { value: '' as const, label: 'Everyone' },
  { value: 'pending' as const, label: recipientStatusLabel.pending },
  { value: 'delivered' as const, label: recipientStatusLabel.delivered },
  { value: 'failed' as const, label: recipientStatusLabel.failed },
];

/** A recipient's delivery in words. */
function deliveryWords(recipient: CampaignRecipient): string {
  const { delivery } = recipient;
  if (!delivery) return recipientStatusLabel.pending;
  if (delivery.status === 'delivered')
    return `Delivered to ${delivery.email ?? 'their address'}, ${formatDateTime(delivery.at)}`;
  const why = delivery.failureReason ? failureReasonLabel[delivery.failureReason] : 'no reason given';
  return `Failed: ${why} (${formatDateTime(delivery.at)})`;
}

export interface CampaignRecipientsProps {
  campaign: Campaign;
  /** Called after a recipient was added or removed (the campaign's counts changed). */
  onChanged(): void;
}

/** Renders the recipients section of `campaign` (one the service has). */
export function CampaignRecipients({ campaign, onChanged }: CampaignRecipientsProps) {
  const bridge = useBridge();
  const online = useOnline();
  const [status, setStatus] = useState<CampaignRecipientStatus | ''>('');
  const pages = useCursorPages(`${campaign.id} ${status}`);
  const query = useBridgeQuery('campaigns.recipients', {
    campaignId: campaign.id,
    ...(status ? { status } : {}),
    cursor: pages.cursor,
  });
  const [removeError, setRemoveError] = useState<string | null>(null);
  const adding = useAccess('addCampaignRecipient', campaign);
  const removing = useAccess('removeCampaignRecipient', campaign);
  const changeable = campaign.state === 'draft' || campaign.state === 'scheduled';
  const { data, error, loading, reload } = query;
  // Deliveries are recorded as the campaign is sent: read the page again when its counts or state change.
  const progress = `${campaign.state} ${campaign.deliveredCount} ${campaign.failedCount}`;
  const lastProgress = useRef(progress);
  useEffect(() => {
    if (progress !== lastProgress.current) reload();
    lastProgress.current = progress;
  }, [progress, reload]);

  async function remove(recipient: CampaignRecipient) {
    setRemoveError(null);
    try {
      await bridge.call('campaigns.removeRecipient', { campaignId: campaign.id, contactId: recipient.contactId });
      reload();
      onChanged();
    } catch (reason) {
      setRemoveError(`${recipient.name} was not removed: ${errorMessage(reason)}`);
    }
  }

  let body: ReactNode;
  if (error && !data) body = <ErrorBanner message={`The recipients could not be loaded: ${error}`} onRetry={reload} />;
  else if (!data) body = <LoadingState label="Loading recipients…" />;
  else if (data.fetchedAt === null)
    body = (
      <EmptyState title="Not read on this computer yet" size="compact">
        The recipients show once the service can be reached.
      </EmptyState>
    );
  else if (data.value.items.length === 0)
    body = (
      <EmptyState title={status ? 'Nobody here' : 'No recipients yet'} size="compact">
        {status ? 'No recipient has this delivery status.' : 'Add contacts or the members of a group.'}
      </EmptyState>
    );
  else
    body = (
      <table className="campaign-recipient-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">E-mail</th>
            <th scope="col">Delivery</th>
            {changeable ? <th scope="col">Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {data.value.items.map((recipient) => (
            <tr key={recipient.contactId}>
              <td>{recipient.name}</td>
              <td>{recipient.email ?? 'No e-mail address'}</td>
              <td>{deliveryWords(recipient)}</td>
              {changeable ? (
                <td>
                  <ActionButton
                    className="button button-small button-quiet"
                    disabled={!online}
                    title={online ? undefined : needsServiceMessage}
                    refusal={removing.reason}
                    aria-label={`Remove ${recipient.name}`}
                    onClick={() => void remove(recipient)}
                  >
                    Remove
                  </ActionButton>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    );

  return (
    <section className="campaign-recipients" aria-labelledby="campaign-recipients-title">
      <div className="campaign-section-header">
        <h3 id="campaign-recipients-title">Recipients</h3>
        <KeptAge
          subject="Recipients"
          fetchedAt={data?.fetchedAt}
          loading={loading}
          reload={reload}
          refreshLabel="Refresh recipients"
        />
      </div>
      {changeable ? (
        <AddRecipients
          campaignId={campaign.id}
          refusal={adding.reason}
          onAdded={() => {
            reload();
            onChanged();
          }}
        />
      ) : null}
      <SelectField<CampaignRecipientStatus> label="Show" value={status} options={statusOptions} onChange={setStatus} />
      {removeError ? (
        <p className="form-error" role="alert">
          {removeError}
        </p>
      ) : null}
      {body}
      <PageButtons pages={pages} nextCursor={data?.value.nextCursor} noun="recipients" />
    </section>
  );
}
