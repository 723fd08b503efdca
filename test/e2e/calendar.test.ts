/**
 * Calendar in browser mode: the month view shows the synced events of the current month, an event
 * opens its details with recipients, and the week view and Previous / Next / Today move the range.
 * The page runs in UTC (see the harness), so month and week bounds are computed in UTC here too.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import { itEndsHealthy, navItem, region, signInAndSync, stepTimeoutMs } from '../helpers/e2e-steps';

const dayMs = 86_400_000;

/** First instant of the current month, UTC. */
function utcMonthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** First instant of the next month, UTC. */
function utcNextMonthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/**
 * The days of the current week that both a Sunday-first and a Monday-first week view show
 * (Monday to Saturday, or only today when today is Sunday), as [from, to) in UTC.
 */
function utcCommonWeekDays(now = new Date()): { from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sundayFirst = today - now.getUTCDay() * dayMs;
  const mondayFirst = today - ((now.getUTCDay() + 6) % 7) * dayMs;
  return {
    from: new Date(Math.max(sundayFirst, mondayFirst)),
    to: new Date(Math.min(sundayFirst, mondayFirst) + 7 * dayMs),
  };
}

/** The calendar's heading that names the visible month or week (the heading that carries a year). */
function rangeHeading(page: Page): Locator {
  return page
    .getByRole('main')
    .getByRole('heading', { name: /\b\d{4}\b/ })
    .first();
}

/** Resolves to the events (of `events`) that the page shows as visible buttons, looking at up to 60 titles. */
async function visibleEvents(page: Page, events: CalendarEvent[]): Promise<CalendarEvent[]> {
  const seen = new Set<string>();
  const visible: CalendarEvent[] = [];
  for (const event of events) {
    if (seen.has(event.title) || seen.size >= 60) continue;
    seen.add(event.title);
    if (await page.getByRole('button', { name: event.title }).first().isVisible()) visible.push(event);
  }
  return visible;
}

describe('calendar', () => {
  let app: E2eApp;
  let monthHeading = '';

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the events of the current month in the month view', async () => {
    const { page } = app;
    await navItem(page, 'Calendar').click();
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    const monthStart = utcMonthStart();
    const events = await app.host.core.handlers['calendar.listEvents']({
      from: monthStart.toISOString(),
      to: utcNextMonthStart().toISOString(),
    });
    if (events.length === 0)
      throw new Error('The core has no events this month: the demo data should place events around today');
    const monthName = monthStart.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    await expect
      .poll(async () => (await rangeHeading(page).textContent()) ?? '', { timeout: stepTimeoutMs })
      .toContain(monthName);
    monthHeading = (await rangeHeading(page).textContent()) ?? '';
    await expect
      .poll(async () => (await visibleEvents(page, events)).length, { timeout: stepTimeoutMs })
      .toBeGreaterThan(0);
    await app.screenshot('calendar-month');
    await app.axeScan('calendar month');
  });

  it('opens an event and lists its recipients in "Event details"', async () => {
    const { page } = app;
    const monthStart = utcMonthStart();
    const events = await app.host.core.handlers['calendar.listEvents']({
      from: monthStart.toISOString(),
      to: utcNextMonthStart().toISOString(),
    });
    const shown = (await visibleEvents(page, events)).filter((event) => event.recipientCount > 0);
    if (shown.length === 0) throw new Error('No visible event of this month has recipients');
    const event = shown[0];
    await page.getByRole('button', { name: event.title }).first().click();
    const details = region(page, 'Event details');
    await details.getByText(event.title).first().waitFor({ timeout: stepTimeoutMs });
    const detail = await app.host.core.handlers['calendar.getEvent']({ id: event.id });
    expect(detail?.recipients.length).toBeGreaterThan(0);
    await details.getByText(detail!.recipients[0].name).first().waitFor({ timeout: stepTimeoutMs });
  });

  it('switches to the week view and moves with Next, Previous and Today', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect
      .poll(async () => (await rangeHeading(page).textContent()) ?? '', { timeout: stepTimeoutMs })
      .not.toBe(monthHeading);
    const weekHeading = (await rangeHeading(page).textContent()) ?? '';

    const week = utcCommonWeekDays();
    const events = await app.host.core.handlers['calendar.listEvents']({
      from: week.from.toISOString(),
      to: week.to.toISOString(),
    });
    if (events.length > 0) {
      await expect
        .poll(async () => (await visibleEvents(page, events)).length, { timeout: stepTimeoutMs })
        .toBeGreaterThan(0);
    }
    await app.screenshot('calendar-week');
    await app.axeScan('calendar week');

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect
      .poll(async () => (await rangeHeading(page).textContent()) ?? '', { timeout: stepTimeoutMs })
      .not.toBe(weekHeading);
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await expect
      .poll(async () => (await rangeHeading(page).textContent()) ?? '', { timeout: stepTimeoutMs })
      .toBe(weekHeading);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect
      .poll(async () => (await rangeHeading(page).textContent()) ?? '', { timeout: stepTimeoutMs })
      .toBe(weekHeading);
  });

  itEndsHealthy(() => app);
});
