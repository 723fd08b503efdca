/**
 * Live changes on the change feed (`Get changes` with `Prefer: wait=N`, RFC 7240): a delta request
 * with nothing new is held until a change for the caller comes, or the wait is over; bootstraps and
 * requests without the preference are answered at once; stopping the service ends held requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { preferredWaitSeconds } from '../../../server/sync/feed-waits';
import { startTestService, type TestService } from '../../helpers/server-client';

type ChangePage = components['schemas']['ChangePage'];

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

/** The cursor at the feed's end (a drained bootstrap). */
async function endCursor(): Promise<string> {
  let cursor: string | undefined;
  for (;;) {
    const res = await t.client.call('getChanges', { query: { cursor, limit: 2000 } });
    const page = res.body as ChangePage;
    cursor = page.nextCursor;
    if (!page.hasMore) return cursor;
  }
}

describe('held feed requests', () => {
  it('answer as soon as a change is recorded, naming the wait they were granted', async () => {
    const cursor = await endCursor();
    const held = t.client.call('getChanges', { query: { cursor }, headers: { prefer: 'wait=20' } });
    let answered = false;
    void held.then(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    const created = t.service.store.saveContact({ firstName: 'Live', lastName: 'Change' });
    const res = await held;
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('wait=20');
    const page = res.body as ChangePage;
    expect(page.changes.map((c) => [c.type, c.id])).toEqual([['contact', created.id]]);
  });

  it('answer an empty page once the wait is over', async () => {
    const cursor = await endCursor();
    const res = await t.client.call('getChanges', { query: { cursor }, headers: { prefer: 'wait=1' } });
    expect(res.headers.get('preference-applied')).toBe('wait=1');
    expect((res.body as ChangePage).changes).toEqual([]);
  });

  it('are answered at once when changes are already there, and bootstraps never wait', async () => {
    const cursor = await endCursor();
    t.service.store.saveContact({ firstName: 'Already', lastName: 'There' });
    const res = await t.client.call('getChanges', { query: { cursor }, headers: { prefer: 'wait=30' } });
    expect((res.body as ChangePage).changes).toHaveLength(1);
    const bootstrap = await t.client.call('getChanges', { query: { limit: 1 }, headers: { prefer: 'wait=30' } });
    expect(bootstrap.headers.get('preference-applied')).toBeNull();
    expect((bootstrap.body as ChangePage).changes).toHaveLength(1);
  });

  it('say so for wait=0 too, answering at once', async () => {
    const cursor = await endCursor();
    const res = await t.client.call('getChanges', { query: { cursor }, headers: { prefer: 'wait=0' } });
    expect(res.headers.get('preference-applied')).toBe('wait=0');
    expect((res.body as ChangePage).changes).toEqual([]);
  });

  it('are not held without the preference', async () => {
    const cursor = await endCursor();
    const res = await t.client.call('getChanges', { query: { cursor } });
    expect(res.headers.get('preference-applied')).toBeNull();
    expect((res.body as ChangePage).changes).toEqual([]);
  });
});

describe('the wait preference', () => {
  it('is read from a Prefer header as RFC 7240 writes it, capped at 30 seconds', () => {
    expect(preferredWaitSeconds('wait=10')).toBe(10);
    expect(preferredWaitSeconds('respond-async, wait=5')).toBe(5);
    expect(preferredWaitSeconds('WAIT = "7"; x=1')).toBe(7);
    expect(preferredWaitSeconds('wait=600')).toBe(30);
    expect(preferredWaitSeconds('return=minimal')).toBeNull();
    expect(preferredWaitSeconds(undefined)).toBeNull();
  });
});

describe('stopping the service', () => {
  it('answers held requests at once', async () => {
    const own = await startTestService();
    let cursor: string | undefined;
    for (;;) {
      const page = (await own.client.call('getChanges', { query: { cursor, limit: 2000 } })).body as ChangePage;
      cursor = page.nextCursor;
      if (!page.hasMore) break;
    }
    const held = own.client.call('getChanges', { query: { cursor }, headers: { prefer: 'wait=30' } }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await own.stop();
    await held;
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
