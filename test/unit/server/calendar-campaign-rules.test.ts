/** Pure rules of calendar entries and campaigns. */
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../../server/db/campaigns';
import {
  type CampaignInput,
  campaignMoves,
  eventTimeProblems,
  saveAction,
  scheduleProblems,
} from '../../../server/operations/calendar-campaign-rules';
import { nextState } from '../../../server/http/transitions';

const campaign: Campaign = {
  id: '5a0c3e1f-2b4d-4c6e-8f10-1a2b3c4d5e6f',
  version: 1,
  name: 'Winter update',
  subject: 'What is new',
  content: 'Hello',
  contentFormat: 'text',
  channel: 'email',
  audience: null,
  state: 'draft',
  scheduledAt: null,
  sentAt: null,
  ownerId: '1b7e4a52-3c1d-4e0f-8a9b-6c5d4e3f2a10',
  recipientCount: 1,
  deliveredCount: 0,
  failedCount: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const input: CampaignInput = {
  name: 'Winter update',
  subject: 'What is new',
  content: 'Hello',
  contentFormat: 'text',
  channel: 'email',
  audience: null,
  scheduledAt: null,
};

describe('eventTimeProblems', () => {
  it('accepts a one-hour event and a two-day all-day event', () => {
    expect(
      eventTimeProblems({ startsAt: '2026-11-24T14:00:00Z', endsAt: '2026-11-24T15:00:00Z', allDay: false }),
    ).toEqual([]);
    expect(
      eventTimeProblems({ startsAt: '2026-11-24T00:00:00Z', endsAt: '2026-11-26T00:00:00Z', allDay: true }),
    ).toEqual([]);
  });

  it('refuses an end at or before the start, and more than 31 days', () => {
    expect(
      eventTimeProblems({ startsAt: '2026-11-24T14:00:00Z', endsAt: '2026-11-24T14:00:00Z', allDay: false }),
    ).toEqual([{ pointer: '/body/endsAt', detail: 'must be after startsAt' }]);
    expect(
      eventTimeProblems({ startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-12-02T00:00:01Z', allDay: false }),
    ).toEqual([{ pointer: '/body/endsAt', detail: 'must be at most 31 days after startsAt' }]);
    expect(
      eventTimeProblems({ startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-12-02T00:00:00Z', allDay: false }),
    ).toEqual([]);
  });

  it('wants all-day events to start and end at midnight UTC, offsets included', () => {
    const problems = eventTimeProblems({
      startsAt: '2026-11-24T00:00:00+01:00',
      endsAt: '2026-11-25T12:00:00Z',
      allDay: true,
    });
    expect(problems.map((p) => p.pointer)).toEqual(['/body/startsAt', '/body/endsAt']);
  });
});

describe('unrepresentable times', () => {
  it('refuses a leap second, which the date-time format admits but Date cannot hold', () => {
    expect(
      eventTimeProblems({ startsAt: '2026-12-31T23:59:60Z', endsAt: '2027-01-01T01:00:00Z', allDay: false }),
    ).toEqual([{ pointer: '/body/startsAt', detail: expect.any(String) }]);
    expect(scheduleProblems('2026-12-31T23:59:60Z', 0).map((p) => p.pointer)).toEqual(['/body/scheduledAt']);
  });
});

describe('scheduleProblems', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('accepts the future up to 366 days ahead', () => {
    expect(scheduleProblems('2026-11-22T10:00:01Z', now)).toEqual([]);
    expect(scheduleProblems('2027-11-23T10:00:00Z', now)).toEqual([]);
  });
  it('refuses the past and more than 366 days ahead', () => {
    expect(scheduleProblems('2026-11-22T10:00:00Z', now)[0].detail).toBe('must be in the future');
    expect(scheduleProblems('2027-11-23T10:00:01Z', now)[0].detail).toBe('must be at most 366 days from now');
  });
});

describe('campaign moves', () => {
  it('maps a save onto save, schedule, unschedule or a refused edit', () => {
    expect(saveAction(undefined, input)).toBe('save');
    expect(saveAction(campaign, input)).toBe('save');
    expect(saveAction(campaign, { ...input, scheduledAt: '2026-12-01T08:00:00Z' })).toBe('schedule');
    const scheduled = { ...campaign, state: 'scheduled' as const, scheduledAt: '2026-12-01T08:00:00.000Z' };
    expect(saveAction(scheduled, input)).toBe('unschedule');
    expect(saveAction(scheduled, { ...input, subject: 'Changed' })).toBe('edit');
    expect(saveAction(scheduled, { ...input, scheduledAt: '2026-12-02T08:00:00Z' })).toBe('edit');
    expect(saveAction({ ...campaign, state: 'sent' }, input)).toBe('save');
  });

  it('allows exactly the moves of the state table', () => {
    const states = ['draft', 'scheduled', 'sending', 'sent'] as const;
    const allowed: Record<string, string[]> = {
      save: ['draft'],
      unschedule: ['scheduled'],
      schedule: ['draft'],
      send: ['draft', 'scheduled'],
      finish: ['sending'],
    };
    for (const [action, from] of Object.entries(allowed)) {
      for (const state of states) {
        const move = () => nextState(campaignMoves, action as keyof typeof campaignMoves, state, 'campaign', 'c1');
        if (from.includes(state)) expect(move()).toBe(campaignMoves[action as keyof typeof campaignMoves].to);
        else expect(move).toThrow(expect.objectContaining({ status: 409, members: { currentState: state } }));
      }
    }
  });
});
