import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncedType } from '../../../preload/contract';
import { createChangeNotifier, createEventBus } from '../../../main/core/events';

describe('change notifier', () => {
  let emitted: SyncedType[][];
  let notifier: ReturnType<typeof createChangeNotifier>;

  beforeEach(() => {
    vi.useFakeTimers();
    const bus = createEventBus();
    emitted = [];
    bus.on('data.changed', (e) => emitted.push(e.types));
    notifier = createChangeNotifier(bus, 250);
  });
  afterEach(() => vi.useRealTimers());

  it('emits the first change at once and coalesces a burst into one trailing event', () => {
    notifier.changed(['contact']);
    expect(emitted).toEqual([['contact']]);
    for (let i = 0; i < 50; i++) notifier.changed(i % 2 ? ['company'] : ['contact', 'company']);
    expect(emitted).toHaveLength(1);
    vi.advanceTimersByTime(249);
    expect(emitted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(emitted).toEqual([['contact'], ['contact', 'company']]);
  });

  it('ignores empty changes and flushes what is pending', () => {
    notifier.changed([]);
    expect(emitted).toEqual([]);
    notifier.changed(['document']);
    notifier.changed(['folder']);
    notifier.flush();
    expect(emitted).toEqual([['document'], ['folder']]);
    vi.advanceTimersByTime(1000);
    expect(emitted).toHaveLength(2);
  });

  it('keeps other listeners going when one throws', () => {
    const bus = createEventBus();
    const seen: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    bus.on('app.notify', () => {
      throw new Error('listener bug');
    });
    bus.on('app.notify', (n) => seen.push(n.title));
    bus.emit('app.notify', { title: 'Hello', body: '' });
    expect(seen).toEqual(['Hello']);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
