/**
 * Bridge calls of Campaigns (api/openapi.yaml tag Campaign: `Get Campaigns`, `Save Campaign`,
 * `Delete Campaign`, `Add Campaign Recipient`, `Get Recipients`, `Remove Campaign Recipient`,
 * `Send Campaign`). Campaigns are not in the change feed (ChangeType), so they are read on demand
 * and the last answer is kept with its age for offline use. Saving a draft (and scheduling or
 * unscheduling it, which are saves) and deleting go through the write path (queued in the outbox,
 * sent once by sync), so they work offline; adding and removing recipients and sending act on the
 * campaign as the service has it now, so they are sent at once and need the service.
 * See docs/ARCHITECTURE.md, "Decisions taken where the design was silent".
 */
import { z } from 'zod';
import { writeSchemas } from '../../api/generated/write-schemas';
import { type ApiSchemas, call, type KeptAnswer, uuid } from './common';
import { fromContract } from './write-inputs';

/** A campaign as the service keeps it (the contract's Campaign). */
export type Campaign = ApiSchemas['Campaign'];
/** The body of `Save Campaign` (the contract's CampaignInput). */
export type CampaignInput = ApiSchemas['CampaignInput'];
/** A campaign's state (the contract's CampaignState). */
export type CampaignState = ApiSchemas['CampaignState'];
/** One recipient of a campaign with its delivery (the contract's CampaignRecipient). */
export type CampaignRecipient = ApiSchemas['CampaignRecipient'];
/** A recipient's delivery status (the contract's CampaignRecipientStatus). */
export type CampaignRecipientStatus = ApiSchemas['CampaignRecipientStatus'];

/** The contract's CampaignState values, in the order a campaign moves through them. */
export const campaignStates = ['draft', 'scheduled', 'sending', 'sent'] as const satisfies readonly CampaignState[];
/** The contract's CampaignRecipientStatus values. */
export const campaignRecipientStatuses = [
  'pending',
  'delivered',
  'failed',
] as const satisfies readonly CampaignRecipientStatus[];
/** Most contacts one `Add Campaign Recipient` takes (api/openapi.yaml, CampaignRecipientsAdd). */
export const maxRecipientsPerAdd = 500;
/** Most recipients a campaign has (api/openapi.yaml, `Add Campaign Recipient`). */
export const maxCampaignRecipients = 10_000;

/**
 * Body of `Save Campaign` (CampaignInput) as a zod schema built from the contract's own JSON Schema
 * (`api/generated/write-schemas.ts`), so a campaign is refused before it is queued with exactly the
 * limits the service applies.
 */
export const campaignInputSchema = fromContract<CampaignInput>(writeSchemas.CampaignInput);

/**
 * What a campaign in `state` is, and what can be done with it, in words (the moves of
 * api/openapi.yaml, CampaignState). Used for the state shown and for a refused move (409).
 */
export function campaignStateWords(state: CampaignState): { label: string; can: string } {
  switch (state) {
    case 'draft':
      return { label: 'Draft', can: 'It can be edited, given recipients, scheduled, sent or deleted.' };
    case 'scheduled':
      return {
        label: 'Scheduled',
        can: 'It is sent by the service at its time. Unschedule it to edit it; recipients can still be added or removed; it can be sent now or deleted.',
      };
    case 'sending':
      return {
        label: 'Sending',
        can: 'The service is sending it now: it cannot be changed or deleted until it is sent.',
      };
    case 'sent':
      return { label: 'Sent', can: 'It was sent and cannot be changed or sent again; it can only be deleted.' };
  }
}

/** True for a state the service moves no further by itself (polling stops there). */
export const isFinalCampaignState = (state: CampaignState): boolean => state !== 'sending' && state !== 'scheduled';

/** An edit of a campaign made here and not yet accepted by the service. */
export interface QueuedCampaignEdit {
  /** The outbox entry (its id is the request's Idempotency-Key). */
  entryId: string;
  kind: 'create' | 'update' | 'delete';
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  /** Why the service refused it, in its words (null while waiting). */
  message: string | null;
}

/**
 * A campaign as this computer shows it: the service's (kept) campaign with the queued edit applied.
 * One written here and not yet sent has its outbox entry's id as `id` and `version` 0.
 */
export interface CampaignRow {
  campaign: Campaign;
  queued: QueuedCampaignEdit | null;
  /** The owner's name from the cache (users are contacts); null when the contact is not cached. */
  ownerName: string | null;
}

/** One page of campaigns and the cursor of the next (null: the last page). */
export interface CampaignListPage {
  rows: CampaignRow[];
  nextCursor: string | null;
}

/** One page of a campaign's recipients by name (the contract's CampaignRecipientPage). */
export type CampaignRecipientPage = ApiSchemas['CampaignRecipientPage'];

/** What adding recipients did: counts and the campaign after the change. */
export interface CampaignRecipientsAdded {
  added: number;
  alreadyAdded: number;
  /** Members of the group left out because the service refuses them (no e-mail address, archived). */
  leftOut: number;
  campaign: Campaign;
}

const cursor = z.string().min(1).max(512).nullable().default(null);
const version = z.number().int().min(0).nullable();

/** Which campaigns to list (api/openapi.yaml, CampaignSearch). */
export const campaignListInput = z
  .object({
    q: z.string().trim().min(1).max(200).optional(),
    states: z.array(z.enum(campaignStates)).max(4).optional(),
    cursor,
  })
  .strict();

export const campaignsCalls = {
  /**
   * A page of campaigns (`Get Campaigns`, last changed first), narrowed by words of the name or
   * subject and by states. The first page lists the campaigns written here and not yet sent at its
   * top. Online from the service, else the last answer with its age.
   */
  'campaigns.list': call<KeptAnswer<CampaignListPage>>()(campaignListInput),
  /**
   * One campaign (`Get Campaigns` with `ids`) with its queued edit, asked again at every call while
   * online (its counters grow while it is sent); null when it no longer exists. A campaign written
   * here and sent since is answered under the id the service gave it.
   */
  'campaigns.get': call<KeptAnswer<CampaignRow | null>>()(z.object({ id: uuid }).strict()),
  /**
   * Saves a campaign through the write path (creates one without `id`); `scheduledAt` set schedules
   * it, null keeps it (or makes it again) a draft. `version` is the version the edit was made
   * against (If-Match; null when creating). An edit still waiting for the same campaign is replaced.
   */
  'campaigns.save': call<CampaignRow>()(z.object({ campaign: campaignInputSchema, version }).strict()),
  /** Deletes a campaign through the write path (at once for one written here and not yet sent). */
  'campaigns.delete': call<{ deleted: true }>()(z.object({ id: uuid, version }).strict()),
  /** A page of a campaign's recipients (`Get Recipients`), by name; kept for offline with its age. */
  'campaigns.recipients': call<KeptAnswer<CampaignRecipientPage>>()(
    z.object({ campaignId: uuid, status: z.enum(campaignRecipientStatuses).optional(), cursor }).strict(),
  ),
  /** Adds contacts (`Add Campaign Recipient`, 1 to 500); needs the service. */
  'campaigns.addRecipients': call<CampaignRecipientsAdded>()(
    z.object({ campaignId: uuid, contactIds: z.array(uuid).min(1).max(maxRecipientsPerAdd) }).strict(),
  ),
  /**
   * Adds the members of a dynamic group (`Get Group`, its filter applied to the cached contacts as
   * the service applies it; those without an e-mail address or archived left out and counted), 500
   * at a time; needs the service. A static group is refused in words (the contract lists no members).
   */
  'campaigns.addGroup': call<CampaignRecipientsAdded>()(z.object({ campaignId: uuid, groupId: uuid }).strict()),
  /** Removes one recipient (`Remove Campaign Recipient`); needs the service. */
  'campaigns.removeRecipient': call<{ removed: true }>()(z.object({ campaignId: uuid, contactId: uuid }).strict()),
  /** Starts sending a draft or scheduled campaign now (`Send Campaign`); needs the service. */
  'campaigns.send': call<Campaign>()(z.object({ id: uuid }).strict()),
} as const;
