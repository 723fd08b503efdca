/**
 * Live changes in browser mode against the real core and reference service: a contact a colleague
 * adds on the service, and a rename, show in the open Contacts view without Sync now, because the
 * core holds a feed request the service answers as soon as something changes (contract 0.4.0).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiSchemas } from '../../preload/contract/common';
import type { ServerClient } from '../helpers/server-client';
import { itEndsHealthy, navItem, serviceClientOf, signedInApp } from '../helpers/e2e-steps';

describe('live changes', () => {
  const app = signedInApp();
  let colleague: ServerClient;
  let added: ApiSchemas['Contact'];

  beforeAll(async () => {
    colleague = await serviceClientOf(app);
  });

  // Well under the 30 s a client without live changes waits between syncs.
  const liveTimeoutMs = 8_000;
  const page = () => app.page;
  const contactList = () => page().getByRole('listbox', { name: 'Contacts', exact: true });

  it('shows a contact a colleague adds on the service, without the user syncing', async () => {
    await navItem(page(), 'Contacts').click();
    await page().getByRole('searchbox', { name: 'Search contacts' }).fill('Livingstone');
    const res = await colleague.call('saveUser', { body: { firstName: 'Lara', lastName: 'Livingstone' } });
    expect(res.status).toBe(201);
    added = res.body as ApiSchemas['Contact'];
    await contactList().getByText('Lara Livingstone').waitFor({ timeout: liveTimeoutMs });
    await app.screenshot('live-change-contact-added');
  });

  it('shows the colleague renaming it', async () => {
    const res = await colleague.call('saveUser', {
      body: { id: added.id, firstName: 'Lara', lastName: 'Livingstone-Ortiz' },
      headers: { 'If-Match': `"${added.version}"` },
    });
    expect(res.status).toBe(200);
    await contactList().getByText('Lara Livingstone-Ortiz').waitFor({ timeout: liveTimeoutMs });
    await app.axeScan('live-change-contact-renamed');
  });

  itEndsHealthy(() => app);
});
