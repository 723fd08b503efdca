import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SinceAway } from '../../preload/contract';
import { installNews, makeFeedItem, makeStory } from './fakes-news';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

/** A bridge with three stories (one of them carrying HTML in its body) and a feed about a contact. */
function newsBridge(digest: SinceAway | null = null) {
  const bridge = signedInBridge();
  const contact = bridge.data.contacts[0];
  const stories = [
    makeStory(3, 'New plant opens in May', { pinned: true }),
    makeStory(2, 'Holiday schedule', { body: 'Closed on <img src=x onerror="alert(1)"> the 24th.' }),
    makeStory(1, 'Quality award'),
  ];
  const feed = [
    makeFeedItem(1, 'contact', contact.id, `Comment on ${contact.firstName} ${contact.lastName}`),
    makeFeedItem(2, 'story', stories[0].id, stories[0].title),
    makeFeedItem(3, 'campaign', stories[0].id, 'Spring mailing sent'),
  ];
  const rows = installNews(bridge, stories, feed, digest);
  return { bridge, contact, stories, rows };
}

async function openNews(user: User) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^News/ }));
  return screen.findByRole('list', { name: 'Stories, newest first' });
}

describe('news view', () => {
  it('lists stories newest first with author, date and excerpt, and reads one with its HTML as text', async () => {
    const { bridge } = newsBridge();
    const { user } = renderApp(bridge);
    const list = await openNews(user);
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.querySelector('.story-list-title')?.textContent)).toEqual([
      'PinnedNew plant opens in May',
      'Holiday schedule',
      'Quality award',
    ]);
    expect(items[0].textContent).toContain('Dana Demo');
    expect(items[0].textContent).toContain('Summary of New plant opens in May.');

    await user.click(items[1]);
    const story = await screen.findByRole('article', { name: 'Holiday schedule' });
    expect(within(story).getByText('Closed on <img src=x onerror="alert(1)"> the 24th.')).toBeTruthy();
    expect(story.querySelector('img')).toBeNull();

    await user.click(items[0]);
    const other = await screen.findByRole('article', { name: 'New plant opens in May' });
    expect(within(other).getByRole('heading', { name: 'What changes' })).toBeTruthy();
    expect(
      within(other)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['company', 'one point', 'another point']);
  });

  it('refuses a story without a title next to the field, then queues one and lists it marked as pending', async () => {
    const { bridge } = newsBridge();
    const { user } = renderApp(bridge);
    await openNews(user);
    await user.click(screen.getByRole('button', { name: 'Write a story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a story' });
    await user.type(within(dialog).getByLabelText(/^Story/), 'The body.');
    await user.click(within(dialog).getByRole('button', { name: 'Publish story' }));
    const title = within(dialog).getByLabelText(/^Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsTo('news.save')).toEqual([]);

    await user.type(title, 'Trade fair in Hanover');
    await user.type(within(dialog).getByLabelText(/^Tags/), 'events, sales');
    await user.click(within(dialog).getByRole('button', { name: 'Publish story' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('news.save')).toEqual([
      {
        story: {
          title: 'Trade fair in Hanover',
          summary: '',
          body: 'The body.',
          tags: ['events', 'sales'],
          state: 'published',
        },
        version: null,
      },
    ]);
    const list = screen.getByRole('list', { name: 'Stories, newest first' });
    const first = within(list).getAllByRole('button')[0];
    expect(first.textContent).toContain('Trade fair in Hanover');
    expect(within(first).getByText('Pending')).toBeTruthy();
    const story = await screen.findByRole('article', { name: 'Trade fair in Hanover' });
    expect(within(story).getByText(/Written here; it is sent to the service/)).toBeTruthy();
  });

  it('asks before deleting a story and queues the delete only when confirmed', async () => {
    const { bridge, stories } = newsBridge();
    const { user } = renderApp(bridge);
    const list = await openNews(user);
    await user.click(within(list).getAllByRole('button')[2]);
    const story = await screen.findByRole('article', { name: 'Quality award' });
    await user.click(within(story).getByRole('button', { name: 'Delete story' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this story?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('news.delete')).toEqual([]);

    await user.click(within(story).getByRole('button', { name: 'Delete story' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this story?' })).getByRole('button', {
        name: 'Delete story',
      }),
    );
    await waitFor(() => expect(bridge.callsTo('news.delete')).toEqual([{ id: stories[2].id, version: 1 }]));
    expect(await screen.findByText('Story deleted')).toBeTruthy();
  });

  it("opens a feed item's record in its view and a story in the Stories tab; a campaign says where it opens", async () => {
    const { bridge, contact } = newsBridge();
    const { user } = renderApp(bridge);
    await openNews(user);
    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    const feed = await screen.findByRole('list', { name: 'Activity, newest first' });
    expect(within(feed).getByText('This campaign opens on the service only.')).toBeTruthy();
    await user.click(within(feed).getByRole('button', { name: /^Open story/ }));
    expect(await screen.findByRole('article', { name: 'New plant opens in May' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    const again = await screen.findByRole('list', { name: 'Activity, newest first' });
    await user.click(within(again).getByRole('button', { name: /^Open contact/ }));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(
        within(nav)
          .getByRole('button', { name: /^Contacts/ })
          .getAttribute('aria-current'),
      ).toBe('page'),
    );
    expect((await screen.findAllByText(`${contact.firstName} ${contact.lastName}`)).length).toBeGreaterThan(0);
  });

  it('shows "Since you were away" once at the start, opens a record from it, and again in News', async () => {
    const digest: SinceAway = {
      since: '2026-11-19T17:00:00.000Z',
      madeAt: '2026-11-20T08:00:00.000Z',
      sections: [],
      unread: { value: 4, fetchedAt: new Date().toISOString() },
      announce: false,
    };
    const { bridge, contact } = newsBridge(digest);
    digest.sections = [
      {
        type: 'contact',
        added: 2,
        changed: 3,
        items: [
          {
            id: contact.id,
            label: `${contact.firstName} ${contact.lastName}`,
            opens: { type: 'contact', id: contact.id },
          },
        ],
      },
      { type: 'document', added: 0, changed: 1, items: [{ id: 'x', label: 'Price list', opens: null }] },
    ];
    const { user } = renderApp(bridge);
    const dialog = await screen.findByRole('dialog', { name: 'Since you were away' });
    expect(within(dialog).getByRole('heading', { name: '2 new and 3 changed contacts' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: '1 changed document' })).toBeTruthy();
    expect(within(dialog).getByText('and 4 more')).toBeTruthy();
    expect(within(dialog).getByText(/4 unread notifications in all/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: `${contact.firstName} ${contact.lastName}` }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Since you were away' })).toBeNull());

    await openNews(user);
    await user.click(screen.getByRole('tab', { name: 'Since you were away' }));
    const panel = await screen.findByRole('region', { name: 'Since you were away' });
    expect(within(panel).getByRole('heading', { name: '2 new and 3 changed contacts' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Since you were away' })).toBeNull();
  });

  it('shows no digest when nothing changed', async () => {
    const { bridge } = newsBridge({
      since: '2026-11-19T17:00:00.000Z',
      madeAt: '2026-11-20T08:00:00.000Z',
      sections: [],
      unread: { value: 0, fetchedAt: null },
      announce: false,
    });
    renderApp(bridge);
    await waitFor(() => expect(bridge.callsTo('news.digest')).toEqual([{ announce: true }]));
    expect(screen.queryByRole('dialog', { name: 'Since you were away' })).toBeNull();
  });
});

describe('news view, editing', () => {
  it('edits a story from its page with its values and version, and says where the change goes', async () => {
    const { bridge, stories } = newsBridge();
    const { user } = renderApp(bridge);
    const list = await openNews(user);
    await user.click(within(list).getAllByRole('button')[0]);
    const story = await screen.findByRole('article', { name: 'New plant opens in May' });
    await user.click(within(story).getByRole('button', { name: 'Edit story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit "New plant opens in May"' });
    const title = within(dialog).getByLabelText(/^Title/) as HTMLInputElement;
    expect(title.value).toBe('New plant opens in May');
    expect((within(dialog).getByLabelText(/^Tags/) as HTMLInputElement).value).toBe('company');
    await user.clear(title);
    await user.type(title, 'New plant opens in June');
    await user.selectOptions(within(dialog).getByLabelText(/^Who sees it/), 'draft');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('news.save')).toEqual([
      {
        story: {
          id: stories[0].id,
          title: 'New plant opens in June',
          summary: stories[0].summary,
          body: stories[0].body,
          tags: ['company'],
          state: 'draft',
        },
        version: 1,
      },
    ]);
    expect(await screen.findByText('Draft saved')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'New plant opens in June' })).toBeTruthy();
  });
});

describe('news view, refusals', () => {
  it("shows a refused change in the service's words on the story, with what to do", async () => {
    const { bridge, rows } = newsBridge();
    rows[1].queued = {
      entryId: 'e1',
      kind: 'update',
      state: 'refused',
      message: 'Only the author or an administrator may change this story.',
    };
    const { user } = renderApp(bridge);
    const list = await openNews(user);
    const item = within(list).getAllByRole('button')[1];
    expect(within(item).getByText('Refused')).toBeTruthy();
    await user.click(item);
    const story = await screen.findByRole('article', { name: 'Holiday schedule' });
    expect(
      within(story).getByText(
        'The service refused this change: Only the author or an administrator may change this story. Fix it and save again, or discard it in Pending changes.',
      ),
    ).toBeTruthy();
  });
});
