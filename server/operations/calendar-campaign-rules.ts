/**
 * Rules of calendar entries and campaigns that need no storage: event times, the campaign state
 * table (written out in the contract's `CampaignState`) and the scheduling window. Each check returns
 * or throws problems that point at the offending field.
 */
import type { components } from '../../api/generated/schema';
import type { Campaign, CampaignState } from '../db/campaigns';
import { unrepresentableTimes } from '../http/date-times';
import { type ProblemFieldError, stateConflict } from '../http/problem';
import type { TransitionTable } from '../http/transitions';

const dayMs = 86_400_000;

/** Longest calendar event, ms (31 days). */
const maxEventMs = 31 * dayMs;
/** Latest `scheduledAt` of a campaign, ms after now (366 days). */
const maxScheduleAheadMs = 366 * dayMs;
/** Most recipients of one calendar event. */
export const maxEventRecipients = 500;
/** Most recipients of one campaign. */
export const maxCampaignRecipients = 10_000;

/**
 * Problems with an event's times (pointers under `/body`): `endsAt` must be after `startsAt` and at
 * most 31 days later; an all-day event starts and ends at 00:00 UTC (`endsAt` exclusive). Times are
 * ISO 8601 date-times that the contract has already checked.
 */
export function eventTimeProblems(input: { startsAt: string; endsAt: string; allDay: boolean }): ProblemFieldError[] {
  const unusable = unrepresentableTimes({ startsAt: input.startsAt, endsAt: input.endsAt }, '/body');
  if (unusable.length) return unusable;
  const start = Date.parse(input.startsAt);
  const end = Date.parse(input.endsAt);
  const problems: ProblemFieldError[] = [];
  if (end <= start) problems.push({ pointer: '/body/endsAt', detail: 'must be after startsAt' });
  else if (end - start > maxEventMs)
    problems.push({ pointer: '/body/endsAt', detail: 'must be at most 31 days after startsAt' });
  if (input.allDay) {
    if (start % dayMs !== 0)
      problems.push({ pointer: '/body/startsAt', detail: 'must be 00:00:00Z (midnight UTC) for an all-day event' });
    if (end % dayMs !== 0)
      problems.push({ pointer: '/body/endsAt', detail: 'must be 00:00:00Z (midnight UTC) for an all-day event' });
  }
  return problems;
}

/** Problems with a requested `scheduledAt` at `now` (ms): it must be in the future and at most 366 days ahead. */
export function scheduleProblems(scheduledAt: string, now: number): ProblemFieldError[] {
  const unusable = unrepresentableTimes({ scheduledAt }, '/body');
  if (unusable.length) return unusable;
  const at = Date.parse(scheduledAt);
  if (at <= now) return [{ pointer: '/body/scheduledAt', detail: 'must be in the future' }];
  if (at - now > maxScheduleAheadMs)
    return [{ pointer: '/body/scheduledAt', detail: 'must be at most 366 days from now' }];
  return [];
}

/** The moves of a campaign's state (the contract's `CampaignState` table). */
export const campaignMoves: TransitionTable<CampaignState, 'save' | 'unschedule' | 'schedule' | 'send' | 'finish'> = {
  save: { from: ['draft'], to: 'draft' },
  unschedule: { from: ['scheduled'], to: 'draft' },
  schedule: { from: ['draft'], to: 'scheduled' },
  send: { from: ['draft', 'scheduled'], to: 'sending' },
  finish: { from: ['sending'], to: 'sent' },
};

/** States in which recipients may be added or removed. */
export const recipientEditStates: readonly CampaignState[] = ['draft', 'scheduled'];
/** States in which a campaign may be deleted. */
export const deletableStates: readonly CampaignState[] = ['draft', 'scheduled', 'sent'];

/** Throws a 409 naming the campaign's current state unless it is one of `allowed`. */
export function requireCampaignState(campaign: Campaign, allowed: readonly CampaignState[], action: string): void {
  if (!allowed.includes(campaign.state)) throw stateConflict('campaign', campaign.id, campaign.state, action);
}

/** The contract's CampaignInput. */
export type CampaignInput = components['schemas']['CampaignInput'];

/** The fields of a campaign that a save sets, besides `scheduledAt`. */
const contentFields = ['name', 'subject', 'content', 'contentFormat', 'channel', 'audience'] as const;

/** True when a save would change none of the campaign's fields besides `scheduledAt`. */
function sameContent(campaign: Campaign, input: CampaignInput): boolean {
  return contentFields.every((k) => campaign[k] === input[k]);
}

/**
 * The action a save of `input` means for a stored campaign (or a new one, `undefined`): `save` keeps
 * or makes a draft, `schedule` schedules, `unschedule` returns an unchanged scheduled campaign to
 * draft. Returns `edit` for a save that changes a campaign in any other state (always refused).
 */
export function saveAction(
  campaign: Campaign | undefined,
  input: CampaignInput,
): 'save' | 'schedule' | 'unschedule' | 'edit' {
  if (input.scheduledAt !== null) return campaign?.state === 'scheduled' ? 'edit' : 'schedule';
  if (campaign?.state === 'scheduled') return sameContent(campaign, input) ? 'unschedule' : 'edit';
  return 'save';
}
