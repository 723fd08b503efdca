import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../main/core/events';
import { createRecordLinkInbox } from '../../main/core/record-links';
import { parseRecordLink, recordLinkOf } from '../../preload/contract/record-links';

const id = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

describe('record links', () => {
  it('name a contact, company, calendar event, document or deal by its id', () => {
    expect(parseRecordLink(`brm://contact/${id}`)).toEqual({ type: 'contact', id });
    expect(parseRecordLink(`brm://company/${id}/`)).toEqual({ type: 'company', id });
    expect(parseRecordLink(`brm://event/${id}`)).toEqual({ type: 'calendarEvent', id });
    expect(parseRecordLink(`brm://document/${id}`)).toEqual({ type: 'document', id });
    expect(parseRecordLink(`BRM://Deal/${id.toUpperCase()}`)).toEqual({ type: 'deal', id });
  });

  it('refuse other schemes, kinds, ids and anything after the id', () => {
    for (const url of [
      `https://contact/${id}`,
      `brm://folder/${id}`,
      'brm://contact/42',
      `brm://contact/${id}/notes`,
      `brm://contact/${id}?x=1`,
      `brm:contact/${id}`,
      `brm://contact/${id.replace(/-/g, '')}----`,
      '',
    ])
      expect([url, parseRecordLink(url)]).toEqual([url, null]);
  });

  it('are written back in the form they are read', () => {
    for (const type of ['contact', 'company', 'calendarEvent', 'document', 'deal'] as const)
      expect(parseRecordLink(recordLinkOf(type, id))).toEqual({ type, id });
  });
});

describe('the core inbox of record links', () => {
  it('keeps the last link for the window, tells it, and gives it once', () => {
    const bus = createEventBus();
    const told: unknown[] = [];
    bus.on('app.recordLink', (payload) => told.push(payload));
    const inbox = createRecordLinkInbox(bus);
    expect(inbox.open(`brm://contact/${id}`)).toBe(true);
    expect(inbox.open(`brm://event/${id}`)).toBe(true);
    expect(told).toHaveLength(2);
    expect(inbox.take()).toEqual({ type: 'calendarEvent', id });
    expect(inbox.take()).toBeNull();
  });

  it('keeps nothing from a link that names no record', () => {
    const bus = createEventBus();
    const inbox = createRecordLinkInbox(bus);
    let told = 0;
    bus.on('app.recordLink', () => told++);
    expect(inbox.open('brm://contact/not-an-id')).toBe(false);
    expect(told).toBe(0);
    expect(inbox.take()).toBeNull();
  });
});
