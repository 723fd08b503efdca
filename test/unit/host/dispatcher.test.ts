import { describe, expect, it, vi } from 'vitest';
import {
  createDispatcher,
  describeInputIssues,
  internalErrorMessage,
  toBridgeErrorShape,
} from '../../../main/dispatcher';
import { BridgeError, calls } from '../../../preload/contract';

const folderId = '6f1c2b8e-3d4a-4c5b-9e6f-7a8b9c0d1e2f';

/** The BridgeError a dispatch rejected with (fails the test when it resolved). */
async function rejectionOf(promise: Promise<unknown>): Promise<BridgeError> {
  const outcome = await promise.then(
    () => new Error('expected the call to reject'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof BridgeError)) throw outcome;
  return outcome;
}

/** A core stand-in: only the handlers the tests call. */
function fakeCore(handlers: Record<string, (input: unknown) => Promise<unknown>>) {
  return { handlers } as unknown as Parameters<typeof createDispatcher>[0];
}

describe('createDispatcher', () => {
  it('passes validated input to the handler and returns its result', async () => {
    const list = vi.fn(async (input: unknown) => ({ rows: [], total: 0, echo: input }));
    const dispatcher = createDispatcher(fakeCore({ 'contacts.list': list }));
    const result = await dispatcher.dispatch('contacts.list', { query: 'ada', offset: 0, limit: 50 });
    expect(result).toEqual({ rows: [], total: 0, echo: { query: 'ada', offset: 0, limit: 50 } });
    expect(list).toHaveBeenCalledOnce();
  });

  it('treats an omitted input of an empty-input call as {}', async () => {
    const getInfo = vi.fn(async () => ({ version: '0.1.0' }));
    const dispatcher = createDispatcher(fakeCore({ 'app.getInfo': getInfo }));
    await expect(dispatcher.dispatch('app.getInfo', undefined)).resolves.toEqual({ version: '0.1.0' });
    expect(getInfo).toHaveBeenCalledWith({});
  });

  it('rejects an unknown call name with invalid_input', async () => {
    const dispatcher = createDispatcher(fakeCore({}));
    const error = await dispatcher.dispatch('contacts.explode', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'invalid_input', message: 'Unknown call "contacts.explode".' });
  });

  it('rejects wrong argument types with a readable message before the core sees them', async () => {
    const upload = vi.fn();
    const dispatcher = createDispatcher(fakeCore({ 'documents.upload': upload }));
    const error = await dispatcher
      .dispatch('documents.upload', { folderId, files: [{ ref: '/tmp/a.pdf', name: 42 }] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: 'documents.upload: files[0].name: expected a string',
    });
    expect(upload).not.toHaveBeenCalled();
  });

  it('lists every bad field: unknown keys, bounds, formats', async () => {
    const dispatcher = createDispatcher(fakeCore({}));
    const listError = await rejectionOf(
      dispatcher.dispatch('contacts.list', { offset: -1, limit: 1000, sort: 'name' }),
    );
    expect(listError.message).toBe(
      'contacts.list: offset: must be at least 0; contacts.list: limit: must be at most 500; contacts.list: input: unknown field "sort"',
    );
    const eventsError = await rejectionOf(
      dispatcher.dispatch('calendar.listEvents', { from: '2026-01-01', to: '2026-02-01T00:00:00Z' }),
    );
    expect(eventsError.message).toBe(
      'calendar.listEvents: from: expected an ISO 8601 UTC date-time such as 2026-01-31T09:00:00Z',
    );
    const nullError = await rejectionOf(dispatcher.dispatch('session.get', null));
    expect(nullError.message).toBe('session.get: input: expected an object');
  });

  it('passes BridgeErrors from the core through unchanged', async () => {
    const thrown = new BridgeError('unauthorized', 'Your session ended. Sign in again.');
    const dispatcher = createDispatcher(
      fakeCore({
        'sync.run': async () => {
          throw thrown;
        },
      }),
    );
    await expect(dispatcher.dispatch('sync.run', {})).rejects.toBe(thrown);
  });

  it('wraps unexpected errors as internal and logs them', async () => {
    const logError = vi.fn();
    const cause = new TypeError('cannot read properties of undefined');
    const dispatcher = createDispatcher(
      fakeCore({
        'transfers.list': async () => {
          throw cause;
        },
      }),
      { logError },
    );
    const error = await dispatcher.dispatch('transfers.list', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'internal', message: internalErrorMessage });
    expect(logError).toHaveBeenCalledWith('transfers.list', cause);
  });
});

describe('describeInputIssues', () => {
  it('caps the list at five problems and says how many more', () => {
    const result = calls['contacts.list'].input.safeParse({ a: 1, b: 2, offset: 'x', limit: 'y', query: 3 });
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    const many = [...issues, ...issues, ...issues];
    const text = describeInputIssues('contacts.list', many);
    expect(text.split('; ')).toHaveLength(6);
    expect(text.endsWith(`contacts.list: and ${many.length - 5} more problems`)).toBe(true);
  });
});

describe('toBridgeErrorShape', () => {
  it('keeps a BridgeError and hides anything else behind the internal message', () => {
    expect(toBridgeErrorShape(new BridgeError('conflict', 'Changed elsewhere.'))).toEqual({
      code: 'conflict',
      message: 'Changed elsewhere.',
    });
    expect(toBridgeErrorShape(new Error('SQLITE_BUSY'))).toEqual({ code: 'internal', message: internalErrorMessage });
  });
});
