/**
 * `useGroupWrite`: runs one group change (a `groups.*` write call, queued in the outbox), keeping
 * the refusal's words to show where the user typed (the dialog stays open, nothing typed is lost)
 * and telling with a toast that it was saved here and will be sent.
 */
import type { QueuedGroupWrite } from '../../../../preload/contract';
import { useAsyncAction } from '../../lib/use-async-action';
import { useUi } from '../../stores/stores-context';

/** What a queued change's toast says: true online and offline (sync sends it when it can). */
export const savedWords =
  'Saved on this computer; sent to the service as soon as it can be reached (see the pending changes, P).';

/** The state of one write: `run` resolves true when the change was queued. */
export function useGroupWrite() {
  const action = useAsyncAction();
  const pushToast = useUi((s) => s.pushToast);

  async function run(write: () => Promise<QueuedGroupWrite>): Promise<boolean> {
    const queued = await action.run(write);
    if (!queued) return false;
    pushToast({ title: queued.summary, body: savedWords });
    return true;
  }
  return { run, error: action.error, setError: action.setError, busy: action.busy };
}
