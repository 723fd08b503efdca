/**
 * Campaigns in browser mode against the real core and reference service: open Campaigns from the
 * navigation and see the campaigns; create a draft in the form (queued, sent, the page follows it
 * to the service's id); add recipients from a dynamic group and from a contact; schedule it (the
 * service has it scheduled at the time chosen), then send it now after asking and see its progress
 * until the service reports it sent with its delivered and failed counts. The core's handlers and
 * the service are the oracle.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../preload/contract';
import { itEndsHealthy, navItem, region, signedInApp, stepTimeoutMs } from '../helpers/e2e-steps';

/** How long a change may take to be sent and read back, and how often to look. */
const waitOptions = { timeout: stepTimeoutMs, interval: 250 };

describe('campaigns', () => {
  const app = signedInApp();
  let created: Campaign | undefined;

  const page = () => app.page;
  const campaignPage = (name: string) => region(page(), 'Campaign').getByRole('article', { name });
  /** The service's campaign named `name`, as the core reads it. */
  async function onService(name: string): Promise<Campaign | undefined> {
    const list = await app.host.core.handlers['campaigns.list']({ q: name, cursor: null });
    return list.value.rows.map((row) => row.campaign).find((c) => c.name === name && c.version > 0);
  }

  it('opens Campaigns from the navigation and lists the campaigns with their state', async () => {
    await navItem(page(), 'Campaigns').click();
    const list = page().getByRole('list', { name: 'Campaigns, last changed first' });
    await list.getByRole('button').first().waitFor({ timeout: stepTimeoutMs });
    const first = (await app.host.core.handlers['campaigns.list']({ cursor: null })).value.rows[0].campaign;
    await list
      .getByRole('button', { name: new RegExp(first.name) })
      .first()
      .click();
    await campaignPage(first.name).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('campaigns-list');
    await app.axeScan('campaigns');
  });

  it('creates a draft in the form; it is sent and the page follows it', async () => {
    await page().getByRole('button', { name: 'New campaign' }).click();
    const dialog = page().getByRole('dialog', { name: 'New campaign' });
    await dialog.getByLabel(/^Name/).fill('Spring pump launch');
    await dialog.getByLabel(/^Subject/).fill('Meet the new pump');
    await dialog.getByLabel(/^Message$/).fill('Dear customer,\n\nour new pump is here.');
    await dialog.getByLabel(/^Audience/).fill('Suppliers and key customers');
    await app.screenshot('campaigns-new-dialog');
    await app.axeScan('new campaign dialog');
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await campaignPage('Spring pump launch').waitFor({ timeout: stepTimeoutMs });
    await vi.waitFor(async () => {
      created = await onService('Spring pump launch');
      expect(created).toMatchObject({ state: 'draft', audience: 'Suppliers and key customers' });
    }, waitOptions);
    // Once sent, the page shows the service's campaign and offers its recipients.
    await campaignPage('Spring pump launch')
      .getByRole('heading', { name: 'Recipients' })
      .waitFor({ timeout: stepTimeoutMs });
  });

  it('adds recipients from a dynamic group and from a contact', async () => {
    const article = campaignPage('Spring pump launch');
    const groups = await app.host.core.handlers['groups.list']({ kind: 'dynamic' });
    const suppliers = groups.value.groups.find((g) => g.name === 'Suppliers')!;
    await article.getByLabel(/^Add the members of a group/).selectOption(suppliers.id);
    await article.getByRole('button', { name: 'Add group members' }).click();
    await article.getByText(/recipients? added/).waitFor({ timeout: stepTimeoutMs });
    const afterGroup = (await onService('Spring pump launch'))!;
    expect(afterGroup.recipientCount).toBeGreaterThan(0);

    const contacts = await app.host.core.handlers['contacts.list']({ state: 'active', offset: 0, limit: 100 });
    const recipients = await app.host.core.handlers['campaigns.recipients']({
      campaignId: afterGroup.id,
      cursor: null,
    });
    const contact = contacts.rows.find(
      (c) => c.email && c.type !== 'supplier' && !recipients.value.items.some((r) => r.contactId === c.id),
    )!;
    const name = `${contact.firstName} ${contact.lastName}`;
    await article.getByRole('combobox', { name: 'Add a contact' }).fill(contact.lastName);
    await page()
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
    await article.getByRole('button', { name: 'Add 1 contact' }).click();
    await article.getByText(`1 recipient added. It has ${afterGroup.recipientCount + 1} recipients now.`).waitFor({
      timeout: stepTimeoutMs,
    });
    const all = await app.host.core.handlers['campaigns.recipients']({ campaignId: afterGroup.id, cursor: null });
    expect(all.value.items.some((r) => r.contactId === contact.id)).toBe(true);
    await article.getByRole('table').scrollIntoViewIfNeeded();
    await app.screenshot('campaigns-recipients');
    await app.axeScan('campaign page with recipients');
  });

  it('schedules it in the user time zone; the service has it scheduled at that time', async () => {
    const article = campaignPage('Spring pump launch');
    await article.getByRole('button', { name: 'Schedule…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Schedule "Spring pump launch"' });
    const at = new Date(Date.now() + 5 * 86_400_000);
    at.setSeconds(0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    await dialog.getByLabel(/^Send on/).fill(local);
    await app.screenshot('campaigns-schedule-dialog');
    await app.axeScan('schedule dialog');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await vi.waitFor(async () => {
      const campaign = await onService('Spring pump launch');
      expect(campaign?.state).toBe('scheduled');
      expect(Date.parse(campaign!.scheduledAt!)).toBe(at.getTime());
      expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
    }, waitOptions);
    await article.getByRole('button', { name: 'Unschedule' }).waitFor({ timeout: stepTimeoutMs });
  });

  it('sends it now after asking and shows the progress until it is sent', async () => {
    const article = campaignPage('Spring pump launch');
    await article.getByRole('button', { name: 'Send now…' }).click();
    const ask = page().getByRole('dialog', { name: 'Send this campaign now?' });
    await ask.getByText('instead of at its scheduled time', { exact: false }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('campaigns-send-dialog');
    await app.axeScan('send campaign dialog');
    await ask.getByRole('button', { name: 'Send now' }).click();
    await article.getByText(/delivered, \d+ failed\./).waitFor({ timeout: 60_000 });
    const sent = (await onService('Spring pump launch'))!;
    expect(sent.state).toBe('sent');
    expect(sent.deliveredCount + sent.failedCount).toBe(sent.recipientCount);
    await article
      .getByText(`${sent.deliveredCount} delivered, ${sent.failedCount} failed.`, { exact: false })
      .waitFor();
    expect(await article.locator('.campaign-state').first().textContent()).toBe('Sent');
    // The list and the recipients follow: the campaign listed as sent, each recipient with its delivery.
    const listed = page()
      .getByRole('list', { name: 'Campaigns, last changed first' })
      .getByRole('button', { name: /Spring pump launch/ });
    await listed.getByText('Sent', { exact: true }).waitFor({ timeout: stepTimeoutMs });
    await article
      .getByRole('table')
      .getByText(/^Delivered to /)
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    expect(await article.getByRole('table').getByText('Not sent yet').count()).toBe(0);
    await app.screenshot('campaigns-sent');
    await app.axeScan('sent campaign');
  });

  itEndsHealthy(() => app);
});
