/** Handlers of `app.*`, `session.*` and `sync.*`. */
import type { AreaHandlers } from '../context';

type Names = 'app.getInfo' | 'session.get' | 'session.signIn' | 'session.signOut' | 'sync.getStatus' | 'sync.run';

/** Creates the app, session and sync handlers. */
export const sessionHandlers: AreaHandlers<Names> = (ctx) => {
  const { options } = ctx;
  return {
    'app.getInfo': async () => ({
      version: options.version,
      mode: options.mode,
      defaultServerUrl: options.defaultServerUrl,
      demoCredentials: options.demoCredentials,
      dataDir: options.dataDir,
      downloadsDir: options.downloadsDir,
      maxUploadBytes: ctx.maxUploadBytes,
    }),
    'session.get': async () => ctx.session.state(),
    'session.signIn': (input) => ctx.session.signIn(input.serverUrl, input.username, input.password),
    'session.signOut': () => ctx.session.signOut(),
    'sync.getStatus': async () => ctx.sync.status(),
    'sync.run': () => ctx.sync.run(),
  };
};
