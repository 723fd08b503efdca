/** The activity feed: newest first, keyset paging, kind and since filters, audience, audit-based items. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { createExtraUser, type ExtraUser } from '../../helpers/extra-user';
import { type Page, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type FeedItem = components['schemas']['FeedItem'];

let t: TestService;
let other: ExtraUser;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  other = await createExtraUser(t, 'Fiona', ['sales']);
});
afterAll(() => t.stop());

async function feed(query: Record<string, string | number> = {}, client = t.client): Promise<FeedItem[]> {
  return client.allPages<FeedItem>('getFeedItems', { query: { ...query, limit: 25 } });
}

describe('getFeedItems', () => {
  it('pages through demo items of every kind, newest first, each once', async () => {
    const items = await feed();
    expect(items.length).toBeGreaterThan(100);
    const keys = items.map((i) => `${i.occurredAt}/${i.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(new Set(items.map((i) => i.kind))).toEqual(
      new Set(['storyPublished', 'commentAdded', 'documentApproved', 'documentRejected']),
    );
  });

  it('filters by kind and since', async () => {
    const stories = await feed({ kind: 'storyPublished' });
    expect(stories.length).toBeGreaterThan(0);
    expect(stories.every((i) => i.kind === 'storyPublished' && i.resourceType === 'story')).toBe(true);
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const recent = await feed({ since });
    expect(recent.every((i) => i.occurredAt >= since)).toBe(true);
    expect(recent.length).toBeLessThan((await feed()).length);
  });

  it('shows an item addressed to one user only to that user', async () => {
    const item = t.service.store.transaction(() =>
      t.service.repos.feedItems.record({
        kind: 'commentAdded',
        actorId: other.id,
        title: 'Only for Fiona',
        summary: 'A private item',
        resourceType: 'contact',
        resourceId: other.id,
        audienceUserId: other.id,
      }),
    );
    expect((await feed({ kind: 'commentAdded' }, other.client))[0]).toEqual(item);
    expect((await feed({ kind: 'commentAdded' })).map((i) => i.id)).not.toContain(item.id);
  });

  it('shows successful document approvals recorded in the audit records', async () => {
    const document = JSON.parse(
      t.service.store.db.prepare('SELECT data FROM documents LIMIT 1').pluck().get() as string,
    ) as { id: string; title: string };
    const record = t.service.repos.audit.append({
      occurredAt: new Date().toISOString(),
      actorId: other.id,
      operationId: 'approveDocument',
      method: 'POST',
      tag: 'Documents',
      resourceType: 'document',
      resourceId: document.id,
      status: 200,
      requestId: 'req-1',
      summary: `Approve Document (document ${document.id})`,
    });
    const [latest] = await feed({ kind: 'documentApproved' });
    expect(latest).toEqual({
      id: record.id,
      kind: 'documentApproved',
      actorId: other.id,
      title: document.title,
      summary: record.summary,
      resourceType: 'document',
      resourceId: document.id,
      occurredAt: record.occurredAt,
    });
  });

  it('answers 400 for an unknown kind, a bad since or a cursor of another list', async () => {
    expect((await t.client.call('getFeedItems', { query: { kind: 'birthday' } })).status).toBe(400);
    expect((await t.client.call('getFeedItems', { query: { since: 'yesterday' } })).status).toBe(400);
    const page = (await t.client.call('getFeedItems', { query: { limit: 1 } })).body as Page<FeedItem>;
    const res = await t.client.call('getFeedItems', {
      query: { kind: 'storyPublished', cursor: page.nextCursor as string },
    });
    expect(res.status).toBe(400);
  });
});
