/**
 * Handlers of `campaigns.*` (api/openapi.yaml tag Campaign). Campaigns are not in the change feed
 * (ChangeType), so they are read on demand (`Get Campaigns`, `Get Recipients`), each answer kept
 * with its age (kept.ts). `Save Campaign` (edit, schedule, unschedule) and `Delete Campaign` go
 * through the write path as outbox entries of kind 'action' about no synced record, as `Save CMT`
 * does (main/core/areas/cmt/handlers.ts): kept across restarts, sent once and in order by sync, a
 * refusal kept in the service's words in the pending changes. Recipients and sending act on the
 * campaign as the service has it now, so they are sent at once and refused in words offline; a
 * refused state move (409) is said with the state the campaign is in and what can be done
 * (docs/ARCHITECTURE.md, "Decisions taken where the design was silent").
 */
import {
  BridgeError,
  type Campaign,
  type CampaignInput,
  type CampaignRecipientPage,
  type CampaignRecipientsAdded,
  type CampaignRow,
  campaignStateWords,
  type Group,
  maxRecipientsPerAdd,
} from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import type { StoredEntry } from '../../writes/outbox-store';
import { queueOrReplaceAction } from '../../writes/waiting-action';
import type { AreaHandlers, HandlerContext } from '../context';
import { sendNow } from '../service-reach';
import { keptAnswer, staleAnswers } from '../kept';
import { dynamicGroupMembers } from './group-members';
import { createdRow, isCreate, queuedCampaignEntries, rowOf, withQueued } from './queued';
import { campaignKey, sentCampaignId } from './sent-campaign';

type Names =
  | 'campaigns.list'
  | 'campaigns.get'
  | 'campaigns.save'
  | 'campaigns.delete'
  | 'campaigns.recipients'
  | 'campaigns.addRecipients'
  | 'campaigns.addGroup'
  | 'campaigns.removeRecipient'
  | 'campaigns.send';

/** Campaigns per page asked of the service. */
const pageSize = 50;
/** Recipients per page asked of the service. */
const recipientPageSize = 50;
/** How long one call may take, ms. */
const timeoutMs = 10_000;
/** The prefix of the keys of kept recipient pages. */
const recipientsPrefix = 'campaignRecipients:';

/** Refuses to change an entry that is on its way to the service. */
function notWhileSending(entry: StoredEntry | undefined): void {
  if (entry?.state === 'sending') {
    throw new BridgeError('conflict', 'This campaign is being sent to the service right now; try again in a moment.');
  }
}

/** Queues a new outbox entry about a campaign, or replaces the request of the one waiting (the newer edit wins). */
function queueEdit(
  ctx: HandlerContext,
  waiting: StoredEntry | undefined,
  request: StoredEntry['request'],
  summary: string,
  ifMatch: number | null,
): StoredEntry {
  // Campaigns are no synced record; their owner is a user, and users are contacts.
  return queueOrReplaceAction(ctx, waiting, { recordType: 'contact', request, summary, ifMatch });
}

/** Refuses an action on a campaign written here that the service does not have yet. */
function notLocal(ctx: HandlerContext, id: string): string {
  const current = sentCampaignId(ctx.cache.state, id) ?? id;
  const entry = queuedCampaignEntries(ctx).get(current);
  if (entry && isCreate(entry)) {
    throw new BridgeError(
      'conflict',
      'This campaign has not reached the service yet. It is sent with your other changes when the service can be reached; add recipients or send it after that.',
    );
  }
  return current;
}

/** Creates the campaign handlers. */
export const campaignsHandlers: AreaHandlers<Names> = (ctx) => {
  const api = () => ctx.session.api();

  /** The campaign `id` as the service has it now (null: it does not exist), kept for offline. */
  const keptCampaign = (id: string) =>
    keptAnswer<Campaign | null>(
      ctx,
      campaignKey(id),
      async () => {
        const page = await api().call('getCampaigns', { body: { ids: [id], sort: '-updatedAt', limit: 1 }, timeoutMs });
        return page.items[0] ?? null;
      },
      null,
    );

  /**
   * Sends `send` to the service and gives its answer. A 409 (a move the campaign's state does not
   * allow) is said with the state the campaign is in now and what can be done.
   */
  async function act<T>(campaignId: string, what: string, send: () => Promise<T>): Promise<T> {
    try {
      return await sendNow(ctx, what, send);
    } catch (err) {
      if (err instanceof ServiceError && err.status === 409) {
        const now = await keptCampaign(campaignId).catch(() => null);
        const state = now?.value?.state;
        if (state) {
          const words = campaignStateWords(state);
          throw new BridgeError(
            'conflict',
            `${what} was refused: the campaign is ${words.label.toLowerCase()} on the service now. ${words.can}`,
          );
        }
      }
      throw err;
    } finally {
      staleAnswers(ctx.freshness, `${recipientsPrefix}${campaignId}:`);
    }
  }

  /** Adds `contactIds` 500 at a time; sums the counts. */
  async function addAll(campaignId: string, contactIds: string[], leftOut: number): Promise<CampaignRecipientsAdded> {
    let added = 0;
    let alreadyAdded = 0;
    let campaign: Campaign | null = null;
    for (let start = 0; start < contactIds.length; start += maxRecipientsPerAdd) {
      const chunk = contactIds.slice(start, start + maxRecipientsPerAdd);
      const answer = await act(campaignId, 'Adding recipients', () =>
        api().call('addCampaignRecipient', {
          body: { campaignId, contactIds: chunk },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
          timeoutMs,
        }),
      );
      added += answer.added;
      alreadyAdded += answer.alreadyAdded;
      campaign = answer.campaign;
    }
    if (!campaign) throw new BridgeError('invalid_input', 'There is nobody to add.');
    ctx.cache.state.putCached(campaignKey(campaignId), campaign, new Date().toISOString());
    return { added, alreadyAdded, leftOut, campaign };
  }

  return {
    'campaigns.list': async ({ q, states, cursor = null }) => {
      const body = {
        ...(q ? { q } : {}),
        ...(states?.length ? { states } : {}),
        sort: '-updatedAt' as const,
        limit: pageSize,
        ...(cursor ? { cursor } : {}),
      };
      const page = await keptAnswer<{ items: Campaign[]; nextCursor: string | null }>(
        ctx,
        `campaigns:${JSON.stringify(body)}`,
        () => api().call('getCampaigns', { body, timeoutMs }),
        { items: [], nextCursor: null },
      );
      // Campaigns written here and not yet sent are listed on the first page when they fit its filter.
      const rows = withQueued(ctx, page.value.items, !cursor && !q).filter(
        (row) => row.campaign.version > 0 || !states?.length || states.includes(row.campaign.state),
      );
      return { value: { rows, nextCursor: page.value.nextCursor }, fetchedAt: page.fetchedAt };
    },

    'campaigns.get': async ({ id: given }) => {
      const created = createdRow(ctx, given);
      if (created) return { value: created, fetchedAt: null };
      const id = sentCampaignId(ctx.cache.state, given) ?? given;
      const kept = await keptCampaign(id);
      const entry = queuedCampaignEntries(ctx).get(id);
      return { value: kept.value ? rowOf(ctx, kept.value, entry) : null, fetchedAt: kept.fetchedAt };
    },

    'campaigns.save': async ({ campaign, version }): Promise<CampaignRow> => {
      const body: CampaignInput = { ...campaign };
      const entries = queuedCampaignEntries(ctx);
      const waiting = body.id ? entries.get(body.id) : undefined;
      notWhileSending(waiting);
      if (waiting?.request.operationId === 'deleteCampaign') {
        throw new BridgeError(
          'conflict',
          'This campaign waits to be deleted. Discard the delete in Pending changes first to edit it.',
        );
      }
      const verb = body.scheduledAt ? 'Schedule' : 'Save';
      const summary = `${verb} the campaign "${body.name}"`;
      if (waiting && isCreate(waiting)) {
        // A campaign written here stays a create: its id is the entry's until the service gives one.
        const { id: _id, ...fields } = body;
        const entry = queueEdit(ctx, waiting, { operationId: 'saveCampaign', body: fields }, summary, null);
        return createdRow(ctx, entry.id)!;
      }
      if (!body.id)
        return createdRow(ctx, queueEdit(ctx, undefined, { operationId: 'saveCampaign', body }, summary, null).id)!;
      // An edit is shown over the campaign as it was read: one never read here cannot be edited.
      const base = ctx.cache.state.getCached<Campaign | null>(campaignKey(body.id))?.value ?? null;
      if (!base)
        throw new BridgeError('not_found', 'This campaign is not on this computer; open it again and save once more.');
      return rowOf(ctx, base, queueEdit(ctx, waiting, { operationId: 'saveCampaign', body }, summary, version));
    },

    'campaigns.delete': async ({ id, version }) => {
      const waiting = queuedCampaignEntries(ctx).get(id);
      notWhileSending(waiting);
      if (waiting && isCreate(waiting)) {
        // Never sent: deleting it is forgetting it.
        ctx.writes.discard(waiting.id);
        return { deleted: true };
      }
      const name = ctx.cache.state.getCached<Campaign | null>(campaignKey(id))?.value?.name;
      const summary = `Delete the campaign${name ? ` "${name}"` : ''}`;
      queueEdit(ctx, waiting, { operationId: 'deleteCampaign', query: { id } }, summary, version);
      return { deleted: true };
    },

    'campaigns.recipients': async ({ campaignId: given, status, cursor = null }) => {
      const campaignId = sentCampaignId(ctx.cache.state, given) ?? given;
      const empty: CampaignRecipientPage = { items: [], nextCursor: null };
      if (createdRow(ctx, campaignId)) return { value: empty, fetchedAt: null };
      return keptAnswer<CampaignRecipientPage>(
        ctx,
        `${recipientsPrefix}${campaignId}:${status ?? ''}:${cursor ?? ''}`,
        () =>
          api().call('getCampaignRecipients', {
            query: {
              campaignId,
              limit: recipientPageSize,
              ...(status ? { status } : {}),
              ...(cursor ? { cursor } : {}),
            },
            timeoutMs,
          }),
        empty,
      );
    },

    'campaigns.addRecipients': async ({ campaignId, contactIds }) => {
      const id = notLocal(ctx, campaignId);
      const ids = contactIds.map((contactId) => ctx.outbox.serviceIdOf(contactId) ?? contactId);
      if (ids.some((contactId) => ctx.outbox.serviceIdOf(contactId) === null)) {
        throw new BridgeError(
          'conflict',
          'A contact you chose has not reached the service yet; add it once your changes are sent.',
        );
      }
      return addAll(id, ids, 0);
    },

    'campaigns.addGroup': async ({ campaignId, groupId }) => {
      const id = notLocal(ctx, campaignId);
      const group: Group = await sendNow(ctx, 'Adding a group', () =>
        api().call('getGroup', { query: { id: groupId }, timeoutMs }),
      );
      if (group.kind !== 'dynamic' || !group.filter) {
        throw new BridgeError(
          'invalid_input',
          `"${group.name}" is a static group: the service does not list its members, so they cannot be added from here. Add its contacts one by one, or choose a dynamic group.`,
        );
      }
      const members = dynamicGroupMembers(ctx, group.filter);
      if (members.contactIds.length === 0) {
        throw new BridgeError(
          'invalid_input',
          members.leftOut
            ? `None of the members of "${group.name}" can receive it: ${members.leftOut} have no e-mail address or are archived.`
            : `"${group.name}" has no members on this computer yet; wait for the next sync or choose another group.`,
        );
      }
      return addAll(id, members.contactIds, members.leftOut);
    },

    'campaigns.removeRecipient': async ({ campaignId, contactId }) => {
      const id = notLocal(ctx, campaignId);
      await act(id, 'Removing a recipient', () =>
        api().call('removeCampaignRecipient', { query: { campaignId: id, contactId }, timeoutMs }),
      );
      staleAnswers(ctx.freshness, campaignKey(id));
      return { removed: true };
    },

    'campaigns.send': async ({ id: given }) => {
      const id = notLocal(ctx, given);
      const waiting = queuedCampaignEntries(ctx).get(id);
      if (waiting) {
        throw new BridgeError(
          'conflict',
          'An edit of this campaign has not reached the service yet. Send it first (Pending changes), then send the campaign.',
        );
      }
      const campaign = await act(id, 'Sending the campaign', () =>
        api().call('sendCampaign', { body: { id }, headers: { 'Idempotency-Key': crypto.randomUUID() }, timeoutMs }),
      );
      ctx.cache.state.putCached(campaignKey(id), campaign, new Date().toISOString());
      return campaign;
    },
  };
};
