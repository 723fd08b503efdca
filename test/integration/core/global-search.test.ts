/**
 * The global search (`search.global`, the command palette's box) over the cache: one query over
 * contacts, companies, calendar events and documents, grouped by type, offline too; text without a
 * letter or digit matches nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import type { RunningService } from '../../../server/start';
import { createTempDir } from '../../helpers/core-harness';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';
import { smallDemo } from '../../helpers/server-client';

describe('global search', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { demo: smallDemo }));
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it('finds a company, its contacts and a document in one query, grouped by type, offline too', async () => {
    const company = (await core.handlers['companies.list']({ offset: 2, limit: 1 })).rows[0];
    await service.stop();
    const groups = await core.handlers['search.global']({ query: company.name, limitPerType: 5 });
    const companies = groups.find((g) => g.type === 'company');
    expect(companies?.hits.map((h) => h.id)).toContain(company.id);
    const contacts = groups.find((g) => g.type === 'contact');
    const members = await core.handlers['contacts.list']({ companyId: company.id, offset: 0, limit: 500 });
    if (members.total > 0) {
      expect(contacts?.total).toBeGreaterThanOrEqual(members.total);
      expect(contacts?.hits[0].subtitle).toContain(company.name);
    }
    for (const group of groups) expect(group.hits.length).toBeLessThanOrEqual(5);

    const folder = (await core.handlers['documents.listFolders']({})).find((f) => f.documentCount > 0)!;
    const document = (await core.handlers['documents.list']({ folderId: folder.id, offset: 0, limit: 1 })).rows[0];
    const byTitle = await core.handlers['search.global']({ query: document.title, limitPerType: 3 });
    expect(byTitle.find((g) => g.type === 'document')?.hits.map((h) => h.id)).toContain(document.id);
  });

  it('finds an event by a word of its title and matches nothing for punctuation alone', async () => {
    const [event] = await core.handlers['calendar.listEvents']({
      from: '2000-01-01T00:00:00Z',
      to: '2100-01-01T00:00:00Z',
    });
    const groups = await core.handlers['search.global']({ query: event.title, limitPerType: 50 });
    expect(groups.find((g) => g.type === 'calendarEvent')?.hits.map((h) => h.id)).toContain(event.id);
    expect(await core.handlers['search.global']({ query: '!?.,; -- ()', limitPerType: 5 })).toEqual([]);
  });
});
