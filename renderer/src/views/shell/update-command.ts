/**
 * The palette's "Check for updates": asks the installed app's update feed now and says the
 * outcome in a toast (preload/contract/updates.ts); in browser mode it says why there are none.
 */
import { errorMessage } from '../../lib/errors';
import type { AppStores } from '../../stores/app-stores';

/** Checks for an update and tells the user what came of it. */
export async function checkForUpdates({ bridge, ui }: Pick<AppStores, 'bridge' | 'ui'>): Promise<void> {
  const { pushToast, setOverlay } = ui.getState();
  setOverlay(null);
  try {
    const status = await bridge.call('updates.check', {});
    const words: Record<typeof status.state, { title: string; body: string }> = {
      unavailable: { title: 'No updates here', body: status.message ?? '' },
      idle: { title: 'BRM Desktop is up to date', body: `Checked ${status.feedUrl ?? 'the update feed'}.` },
      checking: { title: 'Checking for updates…', body: 'A new version downloads by itself if there is one.' },
      downloading: {
        title: `Downloading BRM Desktop ${status.version ?? ''}`,
        body: 'You are asked before BRM Desktop restarts.',
      },
      ready: {
        title: `BRM Desktop ${status.version ?? ''} is ready`,
        body: 'Restart now from the strip at the top, or it is installed when you quit.',
      },
      error: { title: 'Updates could not be checked', body: status.message ?? '' },
    };
    pushToast(words[status.state]);
  } catch (error) {
    pushToast({ title: 'Updates could not be checked', body: errorMessage(error) });
  }
}
