/**
 * Campaigns written here keep their place on screen once sent: when the service accepts a campaign
 * created on this computer (`Save Campaign` without `id`, answered 201 with the Campaign), the
 * campaign is kept as the answer for its id and the outbox entry's id (the campaign's id until then)
 * is mapped to the service's, in the query cache (cleared with the user's data). Called by the push
 * (main/core/writes/push.ts, `sent`) inside the transaction that removes the sent entry.
 */
import type { Campaign } from '../../../../preload/contract';
import type { StateStore } from '../../cache/state-store';
import type { StoredEntry } from '../../writes/outbox-store';

/** The query cache key of the service id of a campaign written here under `localId`. */
const sentKey = (localId: string) => `sentCampaign:${localId}`;
/** The query cache key of one campaign's kept answer. */
export const campaignKey = (id: string) => `campaign:${id}`;

/** Keeps a created campaign's answer and its id mapping; ignores every other entry. */
export function keepSentCampaign(state: StateStore, entry: StoredEntry, answer: unknown): void {
  if (entry.request.operationId !== 'saveCampaign' || entry.request.body?.id) return;
  const campaign = answer as Campaign | undefined;
  if (!campaign || typeof campaign.id !== 'string') return;
  const now = new Date().toISOString();
  state.putCached(campaignKey(campaign.id), campaign, now);
  state.putCached(sentKey(entry.id), campaign.id, now);
}

/** The service's id of the campaign written here under `localId`, once sent; null otherwise. */
export function sentCampaignId(state: StateStore, localId: string): string | null {
  return state.getCached<string>(sentKey(localId))?.value ?? null;
}
