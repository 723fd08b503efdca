import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transfer } from '../../../preload/contract';
import { createEventBus } from '../../../main/core/events';
import { createTransferRegistry, progressIntervalMs } from '../../../main/core/transfers/registry';

describe('transfer registry', () => {
  let events: Transfer[];
  let registry: ReturnType<typeof createTransferRegistry>;

  beforeEach(() => {
    vi.useFakeTimers();
    const bus = createEventBus();
    events = [];
    bus.on('transfer.progress', (t) => events.push(t));
    registry = createTransferRegistry(bus);
  });
  afterEach(() => vi.useRealTimers());

  const init = { kind: 'upload' as const, name: 'a.bin', folderId: null, documentId: null, bytesTotal: 1000 };

  it('throttles progress to one event per interval and always reports state changes', () => {
    const handle = registry.create(init);
    handle.update({ state: 'running' });
    for (let i = 1; i <= 100; i++) handle.progress(i * 10);
    expect(events.map((e) => [e.state, e.bytesDone])).toEqual([
      ['queued', 0],
      ['running', 0],
    ]);
    vi.advanceTimersByTime(progressIntervalMs);
    handle.progress(1000);
    handle.update({ state: 'done' });
    expect(events.map((e) => [e.state, e.bytesDone]).slice(2)).toEqual([
      ['running', 1000],
      ['done', 1000],
    ]);
  });

  it('cancels: aborts the signal, reports cancelled, and ignores later updates', () => {
    const handle = registry.create(init);
    expect(registry.cancel(handle.transfer.id)?.state).toBe('cancelled');
    expect(handle.signal.aborted).toBe(true);
    handle.update({ state: 'failed', error: 'late' });
    expect(registry.list()[0]).toMatchObject({ state: 'cancelled', error: null });
    expect(registry.cancel('unknown')).toBeNull();
  });

  it('does not cancel a finished transfer', () => {
    const handle = registry.create(init);
    handle.update({ state: 'done' });
    registry.cancelAll();
    expect(registry.list()[0].state).toBe('done');
    expect(handle.signal.aborted).toBe(false);
  });

  it('reports nothing after a final state and progress only while running', () => {
    const handle = registry.create(init);
    handle.progress(500);
    vi.advanceTimersByTime(progressIntervalMs);
    handle.update({ state: 'running' });
    handle.update({ state: 'done', bytesDone: 1000 });
    vi.advanceTimersByTime(progressIntervalMs);
    handle.progress(10);
    handle.update({ state: 'failed', error: 'late' });
    expect(events.map((e) => [e.state, e.bytesDone])).toEqual([
      ['queued', 0],
      ['running', 0],
      ['done', 1000],
    ]);
  });

  it.each(['upload', 'download'] as const)(
    'reports nothing of a%s after done, cancelled or failed, but a failed one may be queued again',
    (kind) => {
      const finals = (['done', 'cancelled', 'failed'] as const).map((state) => {
        const handle = registry.create({ ...init, kind, name: `${state}.bin` });
        handle.update({ state: 'running' });
        handle.progress(300);
        if (state === 'cancelled') registry.cancel(handle.transfer.id);
        else handle.update({ state, error: state === 'failed' ? 'The BRM service answered 404.' : null });
        return handle;
      });
      const before = events.length;
      vi.advanceTimersByTime(progressIntervalMs * 10);
      for (const handle of finals) {
        handle.progress(900);
        handle.update({ bytesDone: 950 });
        handle.update({ state: 'running', error: null });
        handle.update({ state: 'failed', error: 'late' });
        handle.update({ state: 'done' });
      }
      registry.cancelAll();
      expect(events.slice(before)).toEqual([]);
      expect(registry.list().map((t) => [t.name, t.state, t.bytesDone])).toEqual([
        ['done.bin', 'done', 300],
        ['cancelled.bin', 'cancelled', 300],
        ['failed.bin', 'failed', 300],
      ]);
      // A failed transfer sent again (an upload's retry) reports again.
      const failed = finals[2];
      failed.update({ state: 'queued', bytesDone: 0, error: null });
      failed.update({ state: 'running' });
      expect(events.slice(before).map((e) => [e.name, e.state])).toEqual([
        ['failed.bin', 'queued'],
        ['failed.bin', 'running'],
      ]);
    },
  );

  it('keeps a given id and cancels only the transfers a filter accepts', () => {
    const upload = registry.create({ ...init, id: 'kept-upload' });
    const download = registry.create({ ...init, kind: 'download' });
    expect(upload.transfer.id).toBe('kept-upload');
    registry.cancelAll((t) => t.kind !== 'upload');
    expect(download.transfer.state).toBe('cancelled');
    expect(upload.transfer.state).toBe('queued');
    expect(upload.signal.aborted).toBe(false);
  });

  it('hands out copies, so callers cannot change its state', () => {
    const handle = registry.create(init);
    registry.list()[0].state = 'failed';
    expect(registry.list()[0].state).toBe('queued');
    expect(handle.transfer.state).toBe('queued');
  });
});
