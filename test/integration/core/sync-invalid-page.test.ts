/**
 * A change-feed page that does not match the contract (read and validated on the sync writer
 * thread) stops sync with the user-facing error, writes nothing and keeps the cursor; once the
 * service sends valid data again, sync resumes by itself from the same cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  readCacheDirectly,
  signInDemo,
  startTestCore,
  waitForIdle,
} from '../../helpers/core-harness';

describe('sync with an invalid page', () => {
  const dir = createTempDir();
  const data = `${dir.path}/client/data`;
  let service: RunningService;
  let core: Core;

  beforeAll(async () => {
    service = await startService({
      dataDir: `${dir.path}/service`,
      demo: { contacts: 40, companies: 5, events: 5, documents: 5, notifications: 3 },
    });
    core = await startTestCore(`${dir.path}/client`, createTestPlatform());
    await signInDemo(core, service);
    await waitForIdle(core);
  });
  afterAll(async () => {
    await core.stop();
    await service.stop();
    dir.remove();
  });

  it('reports the contract violation, keeps the cursor, and resumes once the data is valid', async () => {
    const cursor = () => readCacheDirectly(data, 'SELECT cursor FROM sync_state');
    const before = cursor();
    const { id } = (await core.handlers['contacts.list']({ offset: 0, limit: 1 })).rows[0];
    const contact = service.store.contacts.get(id)!;
    const broken = { ...contact, version: contact.version + 1, email: 'not an e-mail address' };
    // The service's feed carries the record as stored JSON: a different server version could send this.
    service.store.feed.record('contact', id, 'upsert', broken.version, JSON.stringify(broken), null, broken.updatedAt);

    const failed = await core.handlers['sync.run']({});
    expect(failed.state).toBe('error');
    expect(failed.message).toMatch(
      /^The BRM service sent a page of changes that BRM Desktop does not understand \(\/changes\/0\/data\/email must match format "email"\)\. .*contact your administrator\.$/,
    );
    expect(failed.nextRetryAt).toEqual(expect.any(String));
    expect(cursor()).toEqual(before);
    expect((await core.handlers['contacts.get']({ id }))?.email).toBe(contact.email);

    service.store.saveContact({
      id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: 'fixed@example.com',
    });
    const resumed = await waitForIdle(core);
    expect(resumed).toMatchObject({ state: 'idle', message: null, counts: { contact: 1 } });
    expect((await core.handlers['contacts.get']({ id }))?.email).toBe('fixed@example.com');
    expect(cursor()).not.toEqual(before);
  });
});
