/**
 * News in browser mode against the real core and reference service: the stories newest first and
 * one read, a story written and listed (and then on the service), an activity feed item opening its
 * record, and "Since you were away" after changes made on the service between two sessions (a
 * sign-out and a sign-in). The core's handlers and the service itself are the oracles.
 */
import { describe, expect, it } from 'vitest';
import type { Story } from '../../preload/contract';
import {
  eventually,
  itEndsHealthy,
  mainNav,
  navItem,
  signedInApp,
  stepTimeoutMs,
  submitSignIn,
  waitForCount,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { ServerClient, smallDemo } from '../helpers/server-client';

describe('news', () => {
  const app = signedInApp({ demo: smallDemo });

  const page = () => app.page;
  const stories = () => page().getByRole('list', { name: 'Stories, newest first', exact: true });
  /** A client of the service signed in as the demo user (a colleague on another computer). */
  async function colleague() {
    const client = new ServerClient(app.service.url);
    await client.signIn(app.service.credentials);
    return client;
  }

  it('opens News with the stories newest first and reads one', async () => {
    await navItem(page(), 'News').click();
    const { value } = await app.host.core.handlers['news.stories']({ state: 'published', cursor: null });
    expect(value.rows.length).toBeGreaterThan(3);
    expect(await waitForCount(stories().getByRole('button'), value.rows.length)).toBe(value.rows.length);
    const titles = await stories().locator('.story-list-title').allTextContents();
    expect(titles.map((t) => t.replace(/^Pinned/, ''))).toEqual(value.rows.map((r) => r.story.title));

    const first = value.rows[0].story;
    await stories().getByRole('button').first().click();
    const article = page().getByRole('article', { name: first.title, exact: true });
    await article.getByRole('button', { name: 'Edit story' }).waitFor({ timeout: stepTimeoutMs });
    expect(await article.locator('.story-body').textContent()).toContain(first.summary);
    await app.screenshot('news-story');
    await app.axeScan('news stories');
  });

  /** Opens "Write a story", fills it in and publishes it; `beforeSubmit` runs with the form filled. */
  async function writeStory(
    title: string,
    summary: string,
    body: string,
    tags: string,
    beforeSubmit?: () => Promise<void>,
  ) {
    await page().getByRole('button', { name: 'Write a story', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'Write a story' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Summary').fill(summary);
    await dialog.getByLabel('Story', { exact: true }).fill(body);
    await dialog.getByLabel('Tags').fill(tags);
    await beforeSubmit?.();
    await dialog.getByRole('button', { name: 'Publish story' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: stepTimeoutMs });
  }
  /** The service's published stories titled `title`. */
  async function onService(title: string): Promise<Story[]> {
    const client = await colleague();
    return (await client.allPages<Story>('listNewsStories', { query: { limit: 500 } })).filter(
      (s) => s.title === title,
    );
  }

  it('writes a story, sees it listed at once and then on the service', async () => {
    await writeStory(
      'Trade fair in Hanover',
      'Meet us in hall 4, stand B12.',
      '## Where\n\nHall 4, stand B12.\n\n- Monday to Friday\n- 9:00 to 18:00',
      'events, sales',
      async () => {
        await app.screenshot('news-write');
        await app.axeScan('news story form');
      },
    );
    const article = page().getByRole('article', { name: 'Trade fair in Hanover', exact: true });
    await article.getByRole('heading', { name: 'Where' }).waitFor({ timeout: stepTimeoutMs });
    // Newest first below the pinned stories (api/openapi.yaml, Story `pinned`), once it was sent.
    const unpinned = stories().getByRole('button').filter({ hasNotText: 'Pinned' });
    expect(await unpinned.first().textContent()).toContain('Trade fair in Hanover');

    const sent = await eventually(
      'the story on the service',
      () => onService('Trade fair in Hanover'),
      (found) => found.length > 0,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ summary: 'Meet us in hall 4, stand B12.', tags: ['events', 'sales'] });
    // Once sent, the list shows the service's story (below the pinned ones), no longer pending.
    await eventually(
      'the story listed as sent',
      async () => stories().getByRole('button').filter({ hasText: 'Trade fair in Hanover' }).allTextContents(),
      (texts) => texts.length === 1 && !texts[0].includes('Pending'),
    );
    // The story stays open under the id the service gave it.
    await article.getByRole('button', { name: 'Edit story' }).waitFor({ timeout: stepTimeoutMs });
    expect(await article.textContent()).not.toContain('Pending');
    await app.screenshot('news-written');
  });

  it('writes a story offline: listed at once as pending, and sent once when the service is back', async () => {
    await app.stopService();
    await waitForSyncState(page(), 'Offline');
    await writeStory('Notes from the road', 'Written without a connection.', 'Three visits today.', 'field');
    // Listed first, pending, once the list has re-read the outbox.
    const listed = await eventually(
      'the offline story listed first',
      async () => (await stories().getByRole('button').first().textContent()) ?? '',
      (text) => text.includes('Notes from the road'),
    );
    expect(listed).toContain('Pending');
    const article = page().getByRole('article', { name: 'Notes from the road', exact: true });
    await article.getByText(/^Written here; it is sent to the service/).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('news-offline-written');
    await app.axeScan('news story written offline');

    await app.restartService();
    await waitForSyncState(page(), 'Synced');
    const sent = await eventually(
      'the offline story on the service',
      () => onService('Notes from the road'),
      (found) => found.length > 0,
    );
    expect(sent).toHaveLength(1);
    await article.getByRole('button', { name: 'Edit story' }).waitFor({ timeout: stepTimeoutMs });
    await eventually(
      'the offline story listed as sent',
      async () => stories().getByRole('button').filter({ hasText: 'Notes from the road' }).allTextContents(),
      (texts) => texts.length === 1 && !texts[0].includes('Pending'),
    );
  });

  it("opens a feed item's record from the activity feed", async () => {
    await page().getByRole('tab', { name: 'Activity' }).click();
    const { value } = await app.host.core.handlers['news.feed']({ cursor: null });
    const item = value.rows.map((r) => r.item).find((i) => i.resourceType === 'document');
    expect(item).toBeDefined();
    const feed = page().getByRole('list', { name: 'Activity, newest first', exact: true });
    await feed.getByRole('listitem').first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('news-activity');
    await app.axeScan('news activity');
    const open = feed
      .getByRole('listitem')
      .filter({ hasText: item!.title })
      .getByRole('button', { name: /^Open document/ });
    await open.first().click();
    await eventually(
      'the Documents view',
      () => navItem(page(), 'Documents').getAttribute('aria-current'),
      (current) => current === 'page',
    );
    await app.screenshot('news-activity-opened');
  });

  it('tells what changed on the service between two sessions, and opens a record from it', async () => {
    await page().getByRole('button', { name: 'Sign out' }).click();
    await page().getByLabel('Password', { exact: true }).waitFor({ timeout: stepTimeoutMs });
    const client = await colleague();
    const company = (await client.call('saveCompany', { body: { name: 'Away Industries' } })).body as { id: string };
    await client.call('saveUser', { body: { firstName: 'Erin', lastName: 'Away', companyId: company.id } });

    await submitSignIn(app, app.service.credentials);
    await mainNav(page()).waitFor({ timeout: stepTimeoutMs });
    const dialog = page().getByRole('dialog', { name: 'Since you were away' });
    await dialog.waitFor({ timeout: 120_000 });
    await dialog.getByRole('heading', { name: '1 new company', exact: true }).waitFor({ timeout: stepTimeoutMs });
    await dialog.getByRole('heading', { name: '1 new contact', exact: true }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('news-since-away');
    await app.axeScan('since you were away');
    await dialog.getByRole('button', { name: 'Away Industries', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: stepTimeoutMs });
    await page().getByRole('heading', { name: 'Away Industries' }).first().waitFor({ timeout: stepTimeoutMs });

    await navItem(page(), 'News').click();
    await page().getByRole('tab', { name: 'Since you were away' }).click();
    const panel = page().getByRole('region', { name: 'Since you were away', exact: true });
    await panel.getByRole('heading', { name: '1 new company', exact: true }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('news-since-away-tab');
    await app.axeScan('news since you were away');
  });

  itEndsHealthy(() => app);
});
