/**
 * Handlers of `updates.*` (preload/contract/updates.ts): the host's updates when it has them
 * (the installed Electron app, `Platform.updates`), else the status that says why there are none.
 */
import { BridgeError, type UpdateStatus } from '../../../../preload/contract';
import type { AreaHandlers } from '../context';

/** The status of an app that cannot update itself. */
function unavailable(mode: 'electron' | 'browser'): UpdateStatus {
  return {
    state: 'unavailable',
    message:
      mode === 'browser'
        ? 'Browser mode runs BRM Desktop from its source folder: update it there (git pull, npm install).'
        : 'This copy of BRM Desktop was not installed from an installer, so it does not update itself.',
    feedUrl: null,
    version: null,
    percent: null,
    checkedAt: null,
  };
}

/** Creates the update handlers. */
export const updatesHandlers: AreaHandlers<'updates.get' | 'updates.check' | 'updates.install'> = (ctx) => {
  const host = () => ctx.options.platform.updates;
  return {
    'updates.get': async () => host()?.status() ?? unavailable(ctx.options.mode),
    'updates.check': async () => host()?.check() ?? unavailable(ctx.options.mode),
    'updates.install': async () => {
      const updates = host();
      if (updates?.status().state !== 'ready')
        throw new BridgeError('conflict', 'No update has been downloaded yet. Wait until it is ready, then restart.');
      updates.install();
      return { restarting: true };
    },
  };
};
