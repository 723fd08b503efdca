/**
 * Whether the service can be reached, as sync last found it. Controls that need the service
 * (downloading, sending now, on-demand lookups) say so while this is false; everything else keeps
 * working and queues its edits.
 */
import { useSync } from '../stores/stores-context';

/** The words a control shows when it needs the service and the app is offline. */
export const needsServiceMessage =
  'Needs a connection to the service; you are offline. Your edits are kept and sent later.';

/** True unless sync reports the service unreachable (`offline`) or the user signed out. */
export function useOnline(): boolean {
  return useSync((state) => state.status?.state !== 'offline' && state.status?.state !== 'signedOut');
}
