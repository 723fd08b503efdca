/** Operations of the Campaign group: campaigns, their recipients and sending (see the contract's `CampaignState`). */
import { randomUUID } from 'node:crypto';
import type { Campaign } from '../db/campaigns';
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { notFound, ProblemError, type ProblemFieldError, stateConflict, validationProblem } from '../http/problem';
import { nextState } from '../http/transitions';
import {
  campaignMoves,
  deletableStates,
  maxCampaignRecipients,
  recipientEditStates,
  requireCampaignState,
  saveAction,
  scheduleProblems,
} from './calendar-campaign-rules';
import { type OperationDeps, versionETag } from './deps';

type CampaignOperation =
  | 'saveCampaign'
  | 'getCampaigns'
  | 'deleteCampaign'
  | 'addCampaignRecipient'
  | 'getCampaignRecipients'
  | 'removeCampaignRecipient'
  | 'sendCampaign';

function unprocessable(detail: string): ProblemError {
  return new ProblemError(422, '/problems/unprocessable', detail);
}

/** Handlers of the Campaign group (campaigns through `deps.repos.campaigns`, sending through `deps.campaignSender`). */
export function campaignHandlers(deps: OperationDeps): Pick<OperationHandlers, CampaignOperation> {
  const { store, campaignSender: sender } = deps;
  const { campaigns } = deps.repos;
  const existing = (id: string): Campaign => {
    const campaign = campaigns.get(id);
    if (!campaign) throw notFound('campaign', id);
    return campaign;
  };
  /** Stores the campaign's recipient count after recipients changed. */
  const recount = (campaign: Campaign): Campaign =>
    campaigns.update(campaign, { recipientCount: campaigns.recipientCount(campaign.id) });

  return {
    saveCampaign: ({ body, headers, reply, userId }) => {
      const { id, ...input } = body;
      const campaign = store.transaction(() => {
        const current = id === undefined ? undefined : existing(id);
        checkIfMatch(headers['If-Match'], current, 'campaign');
        const action = saveAction(current, input);
        if (action === 'edit')
          throw stateConflict(
            'campaign',
            id ?? '',
            'scheduled',
            'edited; save it unchanged with scheduledAt null to unschedule it first',
          );
        const state = current ? nextState(campaignMoves, action, current.state, 'campaign', current.id) : 'draft';
        if (action === 'schedule') {
          const problems = scheduleProblems(input.scheduledAt as string, Date.now());
          if (problems.length) throw validationProblem(problems);
          if (!current?.recipientCount)
            throw unprocessable('A campaign without recipients cannot be scheduled: add recipients first.');
        }
        const fields = {
          ...input,
          scheduledAt: input.scheduledAt === null ? null : new Date(input.scheduledAt).toISOString(),
          state,
        };
        if (current) return campaigns.update(current, fields);
        return campaigns.save(randomUUID(), {
          ...fields,
          sentAt: null,
          ownerId: userId,
          recipientCount: 0,
          deliveredCount: 0,
          failedCount: 0,
        });
      });
      reply.code(id === undefined ? 201 : 200).header('ETag', versionETag(campaign));
      return campaign;
    },

    getCampaigns: ({ body }) => pageJson(campaigns.search(body)),

    deleteCampaign: ({ query, headers, reply }) => {
      store.transaction(() => {
        const campaign = existing(query.id);
        checkIfMatch(headers['If-Match'], campaign, 'campaign');
        requireCampaignState(campaign, deletableStates, 'deleted while it is being sent; wait until it is sent');
        campaigns.delete(campaign.id);
      });
      reply.code(204);
      return reply.send();
    },

    addCampaignRecipient: ({ body }) =>
      store.transaction(() => {
        const campaign = existing(body.campaignId);
        requireCampaignState(campaign, recipientEditStates, 'given recipients');
        const problems: ProblemFieldError[] = [];
        const rows = body.contactIds.map((contactId, i) => {
          const contact = store.contacts.get(contactId);
          if (!contact) throw notFound('contact', contactId);
          const pointer = `/body/contactIds/${i}`;
          if (!contact.email) problems.push({ pointer, detail: 'has no e-mail address; add one to the contact first' });
          else if (contact.state === 'archived') problems.push({ pointer, detail: 'is archived' });
          return { contactId, name: `${contact.firstName} ${contact.lastName}`, email: contact.email };
        });
        if (problems.length) throw validationProblem(problems);
        const fresh = rows.filter((r) => !campaigns.hasRecipient(campaign.id, r.contactId));
        if (campaign.recipientCount + fresh.length > maxCampaignRecipients)
          throw unprocessable(
            `The campaign has ${campaign.recipientCount} recipients; adding ${fresh.length} would exceed the limit of ${maxCampaignRecipients}.`,
          );
        const added = campaigns.addRecipients(campaign.id, fresh, new Date().toISOString());
        return {
          added,
          alreadyAdded: rows.length - added,
          campaign: added ? recount(campaign) : campaign,
        };
      }),

    getCampaignRecipients: ({ query }) => {
      existing(query.campaignId);
      return pageJson(
        campaigns.recipients(query.campaignId, {
          status: query.status,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },

    removeCampaignRecipient: ({ query, reply }) => {
      store.transaction(() => {
        const campaign = existing(query.campaignId);
        requireCampaignState(campaign, recipientEditStates, 'changed');
        if (!campaigns.hasRecipient(campaign.id, query.contactId))
          throw new ProblemError(
            404,
            '/problems/not-found',
            `The contact ${query.contactId} is not a recipient of the campaign ${campaign.id}.`,
          );
        if (campaign.state === 'scheduled' && campaign.recipientCount <= 1)
          throw new ProblemError(
            409,
            '/problems/conflict',
            `This is the last recipient of the scheduled campaign ${campaign.id}; unschedule it (save it with scheduledAt null) before removing it.`,
          );
        campaigns.removeRecipient(campaign.id, query.contactId);
        recount(campaign);
      });
      reply.code(204);
      return reply.send();
    },

    sendCampaign: ({ body, reply }) => {
      const campaign = store.transaction(() => {
        const current = existing(body.id);
        nextState(campaignMoves, 'send', current.state, 'campaign', current.id);
        if (current.recipientCount === 0)
          throw unprocessable('The campaign has no recipients: add recipients before sending it.');
        return sender.begin(current);
      });
      reply.code(202).header('ETag', versionETag(campaign));
      return campaign;
    },
  };
}
