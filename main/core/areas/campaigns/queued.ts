/**
 * Campaign edits waiting in the outbox (`Save Campaign` and `Delete Campaign` entries of kind
 * 'action'; see main/core/areas/campaigns/handlers.ts) and the campaigns as this computer shows them
 * with those edits applied.
 */
import type { Campaign, CampaignInput, CampaignRow, QueuedCampaignEdit } from '../../../../preload/contract';
import type { StoredEntry } from '../../writes/outbox-store';
import type { HandlerContext } from '../context';
import { personName } from '../news/queued';

/** True for an outbox entry about a campaign. */
function isCampaignEntry(entry: StoredEntry): boolean {
  return entry.request.operationId === 'saveCampaign' || entry.request.operationId === 'deleteCampaign';
}

/** True for a save that creates a campaign (its body has no id). */
export const isCreate = (entry: StoredEntry): boolean =>
  entry.request.operationId === 'saveCampaign' && !entry.request.body?.id;

/** The id of the campaign an entry is about: its body's or query's id, or the entry's own for a create. */
function campaignIdOf(entry: StoredEntry): string {
  const named = entry.request.body?.id ?? entry.request.query?.id;
  return typeof named === 'string' ? named : entry.id;
}

/** Every campaign entry in the outbox, keyed by campaign id (the latest entry wins). */
export function queuedCampaignEntries(ctx: HandlerContext): Map<string, StoredEntry> {
  const found = new Map<string, StoredEntry>();
  for (const entry of ctx.outbox.all()) if (isCampaignEntry(entry)) found.set(campaignIdOf(entry), entry);
  return found;
}

function toQueued(entry: StoredEntry): QueuedCampaignEdit {
  const kind = entry.request.operationId === 'deleteCampaign' ? 'delete' : isCreate(entry) ? 'create' : 'update';
  return { entryId: entry.id, kind, state: entry.state, message: entry.message };
}

/**
 * The campaign a queued save makes of `base` (the service's; null for one written here, owned by
 * the signed-in user), as the service will: `scheduledAt` set makes it `scheduled`, null a `draft`
 * (api/openapi.yaml, CampaignState).
 */
function applied(ctx: HandlerContext, entry: StoredEntry, base: Campaign | null): Campaign {
  const { id: _id, ...fields } = entry.request.body as CampaignInput;
  const session = ctx.session.state();
  const start: Campaign = base ?? {
    id: campaignIdOf(entry),
    version: 0,
    name: '',
    subject: '',
    content: '',
    contentFormat: 'text',
    channel: 'email',
    audience: null,
    state: 'draft',
    scheduledAt: null,
    sentAt: null,
    ownerId: session.state === 'signedIn' ? session.user.id : entry.id,
    recipientCount: 0,
    deliveredCount: 0,
    failedCount: 0,
    createdAt: entry.createdAt,
    updatedAt: entry.createdAt,
  };
  const campaign: Campaign = { ...start, ...fields };
  // Only drafts and scheduled campaigns accept a save; a refused one keeps the service's state.
  if (start.state === 'draft' || start.state === 'scheduled')
    campaign.state = fields.scheduledAt ? 'scheduled' : 'draft';
  return campaign;
}

/** A campaign and its queued edit as a row. */
export function rowOf(ctx: HandlerContext, campaign: Campaign, entry: StoredEntry | undefined): CampaignRow {
  const shown = entry && entry.request.operationId === 'saveCampaign' ? applied(ctx, entry, campaign) : campaign;
  return { campaign: shown, queued: entry ? toQueued(entry) : null, ownerName: personName(ctx, shown.ownerId) };
}

/**
 * The rows of `campaigns` (the service's) with the queued edits applied; with `withCreated`, the
 * campaigns written here and not yet sent come first, newest first.
 */
export function withQueued(ctx: HandlerContext, campaigns: Campaign[], withCreated = false): CampaignRow[] {
  const entries = queuedCampaignEntries(ctx);
  const rows = campaigns.map((campaign) => rowOf(ctx, campaign, entries.get(campaign.id)));
  if (!withCreated) return rows;
  const fresh: CampaignRow[] = [];
  for (const entry of entries.values()) {
    if (!isCreate(entry)) continue;
    fresh.unshift(freshRow(ctx, entry));
  }
  return [...fresh, ...rows];
}

/** The campaign `id` written here and not yet sent, as a row; null when `id` names no such campaign. */
export function createdRow(ctx: HandlerContext, id: string): CampaignRow | null {
  const entry = queuedCampaignEntries(ctx).get(id);
  if (!entry || !isCreate(entry)) return null;
  return freshRow(ctx, entry);
}

/** The row of a campaign written here (a create entry) and not yet sent. */
function freshRow(ctx: HandlerContext, entry: StoredEntry): CampaignRow {
  const campaign = applied(ctx, entry, null);
  return { campaign, queued: toQueued(entry), ownerName: personName(ctx, campaign.ownerId) };
}
