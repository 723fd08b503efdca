/**
 * `useGroupWrite`: runs one group change (a `groups.*` write call, queued in the outbox), keeping
 * the refusal's words to show where the user typed (the dialog stays open, nothing typed is lost)
 * and telling with a toast that it was saved here and will be sent.
 */
import { useState } from 'react';
import type { QueuedGroupWrite } from '../../../../preload/contract';
import { errorMessage } from '../../lib/errors';
import { useUi } from '../../stores/stores-context';

/** What a queued change's toast says: true online and offline (sync sends it when it can). */
export const savedWords =
  'Saved on this computer; sent to the service as soon as it can be reached (see the pending changes, P).';

/** The state of one write: `run` resolves true when the change was queued. */
export function useGroupWrite() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pushToast = useUi((s) => s.pushToast);

  async function run(write: () => Promise<QueuedGroupWrite>): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      const queued = await write();
      pushToast({ title: queued.summary, body: savedWords });
      return true;
    } catch (reason) {
      setError(errorMessage(reason));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { run, error, setError, busy };
}
