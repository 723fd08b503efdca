/**
 * A service replaced under the same URL (docs/ARCHITECTURE.md, "Sync protocol"): the reference service
 * started again on the port a client knows, with another data folder or with its data folder put
 * back from an earlier copy; the edits a client makes while it is away; and the steps after which
 * the client has rebuilt its cache from the service that answers now.
 */
import { cpSync, rmSync } from 'node:fs';
import type { ContactDetail, ContactRow } from '../../preload/contract';
import type { Core } from '../../main/core/platform';
import { type RunningService, type StartServiceOptions, startService } from '../../server/start';
import { signInDemo, waitForEvent } from './core-harness';
import { rebuilt } from './core-waits';

/** The job title of a contact edited while the service was away. */
export const offlineJobTitle = 'Edited offline';

/**
 * Starts the reference service on the port of `url` (a stopped service's URL), so a client finds
 * it at the same address. Throws when it answers at another URL (the port was taken meanwhile).
 */
export async function startServiceAt(url: string, options: Omit<StartServiceOptions, 'port'>): Promise<RunningService> {
  const service = await startService({ ...options, port: Number(new URL(url).port) });
  if (service.url !== url) {
    await service.stop();
    throw new Error(`The service started at ${service.url} instead of ${url}.`);
  }
  return service;
}

/** Copies a stopped service's data folder `dataDir` to `copyDir` (a backup taken while it is stopped). */
export function copyDataFolder(dataDir: string, copyDir: string): void {
  cpSync(dataDir, copyDir, { recursive: true });
}

/** Puts the copy `copyDir` back as the stopped service's data folder `dataDir` (what it held after the copy is gone). */
export function restoreDataFolder(copyDir: string, dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(copyDir, dataDir, { recursive: true });
}

/** A contact created on the client: its names and e-mail. */
export interface NewContact {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The edits a client makes while its service is away, in this order: `existing` gets the job title
 * `offlineJobTitle`, then (when `newContact` is given) a contact is created. Both wait in the outbox.
 */
export async function editWhileAway(
  core: Core,
  existing: ContactRow,
  newContact?: NewContact,
): Promise<{ edited: ContactDetail; created: ContactDetail | null }> {
  const edited = await core.handlers['contacts.save']({
    contact: {
      id: existing.id,
      firstName: existing.firstName,
      lastName: existing.lastName,
      jobTitle: offlineJobTitle,
    },
  });
  const created = newContact ? await core.handlers['contacts.save']({ contact: newContact }) : null;
  return { edited, created };
}

/**
 * Changes on the service after a copy of its data folder was taken: a contact created, `renamed`
 * renamed, `removed` deleted; resolves with the created contact once the client synced them. The
 * restarted service may first cost a failed attempt (a kept-alive connection to the stopped one);
 * sync retries by itself.
 */
export async function changeAfterCopy(
  core: Core,
  service: RunningService,
  renamed: ContactRow,
  removed: ContactRow,
): Promise<{ id: string }> {
  const created = service.store.saveContact({ firstName: 'Only', lastName: 'After-Copy' });
  service.store.saveContact({ id: renamed.id, firstName: 'Renamed', lastName: 'After-Copy' });
  service.store.deleteContact(removed.id);
  const synced = waitForEvent(core, 'sync.status', (s) => s.state === 'idle');
  void core.handlers['sync.run']({});
  await synced;
  return created;
}

/**
 * Starts the service again at `url` on `options.dataDir` (a copy put back, say), runs sync, and
 * resolves with the service once the client rebuilt its cache from it (the feed went back, so the
 * cursor was refused with 410). Stops the service again when the rebuild does not come.
 */
export async function startAgainAndRebuild(
  core: Core,
  url: string,
  options: Omit<StartServiceOptions, 'port'>,
): Promise<RunningService> {
  const done = rebuilt(core);
  const service = await startServiceAt(url, options);
  try {
    void core.handlers['sync.run']({});
    await done;
    return service;
  } catch (err) {
    await service.stop();
    throw err;
  }
}

/**
 * After a service with another data set started at the client's URL: runs sync and waits for the
 * session to end (the old tokens mean nothing there; the edits stay), calls `whileSignedOut`, signs
 * the same user in again and resolves once the client rebuilt its cache from that service.
 */
export async function signInAgainAndRebuild(
  core: Core,
  service: RunningService,
  whileSignedOut: () => Promise<void> = async () => undefined,
): Promise<void> {
  const expired = waitForEvent(core, 'session.changed', (s) => s.state === 'signedOut');
  void core.handlers['sync.run']({});
  await expired;
  await whileSignedOut();
  const done = rebuilt(core);
  await signInDemo(core, service);
  await done;
}
