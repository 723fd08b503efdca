/**
 * The pieces the upload queue decides with: what a failed attempt means (upload-outcome.ts), the
 * one shared wait for the service (service-wait.ts), and when sync says the service answers again
 * (sync/service-answered.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type SyncStatus } from '../../../preload/contract';
import { offlineError, ServiceError, signedOutError } from '../../../main/core/errors';
import { createEventBus } from '../../../main/core/events';
import { onServiceAnswered } from '../../../main/core/sync/service-answered';
import { createServiceWait } from '../../../main/core/transfers/service-wait';
import { uploadOutcome, waitingForServiceReason } from '../../../main/core/transfers/upload-outcome';

const answered = (status: number, retryAfterMs: number | null = null) =>
  new ServiceError(
    'server_error',
    `The BRM service answered ${status}: No folder with id f exists.`,
    status,
    retryAfterMs,
  );

describe('upload outcome', () => {
  it('waits through no answer, 408, 429, 5xx and a 409 of the same key, keeping Retry-After', () => {
    expect(uploadOutcome('a.pdf', offlineError('http://brm'))).toEqual({
      kind: 'wait',
      reason: waitingForServiceReason,
      retryAfterMs: null,
      offline: true,
    });
    for (const status of [408, 429, 500, 502, 503, 504]) {
      expect(uploadOutcome('a.pdf', answered(status, 5000))).toMatchObject({
        kind: 'wait',
        retryAfterMs: 5000,
        offline: false,
        reason: expect.stringContaining(`it answered ${status}`),
      });
    }
    expect(uploadOutcome('a.pdf', answered(409))).toMatchObject({
      kind: 'wait',
      reason: expect.stringContaining('earlier try of this upload'),
    });
  });

  it('waits for a sign-in when the session ended, and fails for good on other refusals with the service words', () => {
    expect(uploadOutcome('a.pdf', signedOutError())).toMatchObject({ kind: 'signIn' });
    for (const status of [400, 403, 404, 413]) {
      const outcome = uploadOutcome('a.pdf', answered(status));
      expect(outcome).toMatchObject({ kind: 'refused', answered: true });
      expect(outcome.kind === 'refused' && outcome.message).toBe(
        `Uploading a.pdf failed. The BRM service answered ${status}: No folder with id f exists.`,
      );
    }
    expect(uploadOutcome('a.pdf', new BridgeError('unauthorized', 'Not allowed.', undefined))).toMatchObject({
      kind: 'signIn',
    });
    expect(uploadOutcome('a.pdf', new Error('The copy is gone.'))).toMatchObject({ kind: 'refused', answered: false });
  });
});

describe('service wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits one growing delay for many failures, and never less than Retry-After', () => {
    const elapsed = vi.fn();
    const wait = createServiceWait({ baseMs: 1000, maxMs: 60_000 }, elapsed);
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    wait.failed('away');
    wait.failed('away');
    wait.failed('away');
    expect(wait.reason()).toBe('away');
    vi.advanceTimersByTime(999);
    expect(elapsed).toHaveBeenCalledTimes(1);
    expect(wait.waiting()).toBe(false);
    // The second delay is up to 2 s; a Retry-After of 30 s lengthens the wait under way.
    wait.failed('busy');
    wait.failed('busy', 30_000);
    vi.advanceTimersByTime(29_999);
    expect(elapsed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(elapsed).toHaveBeenCalledTimes(2);
    // An answer starts the delays over; a cancelled wait never elapses.
    wait.answered();
    wait.failed('away');
    wait.cancel();
    vi.advanceTimersByTime(120_000);
    expect(elapsed).toHaveBeenCalledTimes(2);
    expect(wait.reason()).toBeNull();
  });
});

describe('service answered', () => {
  const status = (state: SyncStatus['state'], counts: SyncStatus['counts'] = {}): SyncStatus => ({
    state,
    phase: null,
    counts,
    lastSyncedAt: null,
    message: null,
    nextRetryAt: null,
    pendingCount: 0,
  });

  it('fires once per return of the service, not for a sync that only started', () => {
    const bus = createEventBus();
    const listener = vi.fn();
    onServiceAnswered(bus, listener);
    bus.emit('sync.status', status('syncing'));
    expect(listener).not.toHaveBeenCalled();
    bus.emit('sync.status', status('syncing', { contact: 1000 }));
    bus.emit('sync.status', status('idle'));
    bus.emit('sync.status', status('syncing'));
    bus.emit('sync.status', status('idle'));
    expect(listener).toHaveBeenCalledTimes(1);
    bus.emit('sync.status', status('offline'));
    bus.emit('sync.status', status('offline'));
    bus.emit('sync.status', status('syncing'));
    expect(listener).toHaveBeenCalledTimes(2);
    bus.emit('sync.status', status('error'));
    bus.emit('sync.status', status('syncing'));
    expect(listener).toHaveBeenCalledTimes(2);
    bus.emit('sync.status', status('idle'));
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
