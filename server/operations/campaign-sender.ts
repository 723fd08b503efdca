/**
 * Sends campaigns in the background: moves due `scheduled` campaigns to `sending`, records one
 * delivery per recipient in batches (one transaction each; no e-mail leaves the service) and moves a
 * campaign whose recipients all have a delivery to `sent`, notifying its owner (kind `campaignSent`;
 * Events in `api/openapi.yaml` `info.description`). Work resumes after a restart: every `sending`
 * campaign is picked up again.
 */
import type { Campaign, CampaignDelivery, CampaignRepo } from '../db/campaigns';
import type { ServiceStore } from '../db/store';
import { nextState } from '../http/transitions';
import { campaignMoves } from './calendar-campaign-rules';

/** Options of the sender. */
export interface CampaignSenderOptions {
  /** Recipients delivered per batch (one transaction). Default 500. */
  batchSize?: number;
  /** How often due scheduled campaigns are looked for, ms. Default 10000. */
  intervalMs?: number;
}

/** The background sender of one store's campaigns. */
export class CampaignSender {
  private readonly store: ServiceStore;
  private readonly campaigns: CampaignRepo;
  private readonly batchSize: number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private queued = false;
  private held = false;

  constructor(store: ServiceStore, campaigns: CampaignRepo, options: CampaignSenderOptions = {}) {
    this.store = store;
    this.campaigns = campaigns;
    this.batchSize = options.batchSize ?? 500;
    this.intervalMs = options.intervalMs ?? 10_000;
  }

  /**
   * Resumes campaigns left `sending` (e.g. by a restart) and starts looking for due scheduled ones
   * every `intervalMs` (the timer does not keep the process alive).
   */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the timer. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Holds deliveries (e.g. for maintenance): campaigns may still start `sending`, but nothing is delivered. */
  hold(): void {
    this.held = true;
  }

  /** Ends a hold and resumes deliveries. */
  release(): void {
    this.held = false;
    this.kick();
  }

  /** Runs a step soon (on the next turn of the event loop) unless one is already queued or deliveries are held. */
  kick(): void {
    if (this.queued || this.held) return;
    this.queued = true;
    setImmediate(() => {
      this.queued = false;
      if (!this.store.db.open) {
        this.stop();
        return;
      }
      if (this.held) return;
      if (this.step()) this.kick();
    });
  }

  /**
   * Moves a `draft` or `scheduled` campaign to `sending` (409 naming the current state otherwise) and
   * queues its deliveries. Returns the campaign as stored.
   */
  begin(campaign: Campaign, at = new Date().toISOString()): Campaign {
    const state = nextState(campaignMoves, 'send', campaign.state, 'campaign', campaign.id);
    const sending = this.campaigns.update(campaign, { state, deliveredCount: 0, failedCount: 0 }, at);
    this.kick();
    return sending;
  }

  /**
   * One step: starts due scheduled campaigns and delivers one batch of each sending campaign.
   * Returns true while deliveries remain.
   */
  step(now = Date.now()): boolean {
    const iso = new Date(now).toISOString();
    for (const id of this.campaigns.dueScheduled(iso)) {
      this.store.transaction(() => {
        const campaign = this.campaigns.get(id);
        if (campaign?.state === 'scheduled') this.begin(campaign, iso);
      });
    }
    let more = false;
    for (const id of this.campaigns.idsInState('sending')) more = this.deliverBatch(id) || more;
    return more;
  }

  /** Delivers one batch of a sending campaign; finishes it when none is left. Returns true when more remain. */
  private deliverBatch(id: string): boolean {
    return this.store.transaction(() => {
      const campaign = this.campaigns.get(id);
      if (campaign?.state !== 'sending') return false;
      const at = new Date().toISOString();
      for (const contactId of this.campaigns.pendingRecipients(id, this.batchSize))
        this.campaigns.recordDelivery(id, contactId, this.deliveryTo(contactId, at));
      const counts = this.campaigns.statusCounts(id);
      const done = counts.pending === 0;
      const patch = { deliveredCount: counts.delivered, failedCount: counts.failed };
      if (!done) {
        this.campaigns.update(campaign, patch, at);
        return true;
      }
      const state = nextState(campaignMoves, 'finish', campaign.state, 'campaign', id);
      const sent = this.campaigns.update(campaign, { ...patch, state, sentAt: at }, at);
      this.notifyOwner(sent);
      return false;
    });
  }

  /** The delivery to one contact as it is now: its current e-mail, or why it cannot be reached. */
  private deliveryTo(contactId: string, at: string): CampaignDelivery {
    const contact = this.store.contacts.get(contactId);
    const failed = (failureReason: CampaignDelivery['failureReason']): CampaignDelivery => ({
      status: 'failed',
      email: null,
      failureReason,
      at,
    });
    if (!contact) return failed('contactDeleted');
    if (contact.state === 'archived') return failed('contactArchived');
    if (!contact.email) return failed('noEmail');
    return { status: 'delivered', email: contact.email, failureReason: null, at };
  }

  private notifyOwner(campaign: Campaign): void {
    if (!this.store.users.currentUser(campaign.ownerId)) return;
    const failed = campaign.failedCount
      ? ` ${campaign.failedCount} could not be reached (no e-mail address, archived or deleted contacts).`
      : '';
    this.store.createNotification({
      userId: campaign.ownerId,
      kind: 'campaignSent',
      title: `Campaign "${campaign.name}" was sent`.slice(0, 200),
      body: `${campaign.deliveredCount} of ${campaign.recipientCount} recipients received "${campaign.subject}".${failed}`.slice(
        0,
        2000,
      ),
      resourceType: 'campaign',
      resourceId: campaign.id,
    });
  }
}
