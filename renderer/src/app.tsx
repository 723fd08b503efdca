/**
 * The app root: creates the stores for the given bridge, loads the session, and shows the sign-in
 * screen or the app shell.
 */
import { useEffect, useState } from 'react';
import type { BrmBridge } from '../../preload/contract';
import { ErrorBanner } from './components/error-banner';
import { LoadingState } from './components/loading-state';
import { StorageNotices } from './components/storage-notices';
import { UpdateStrip } from './components/update-strip';
import { connectAppStores, createAppStores } from './stores/app-stores';
import { StoresProvider, useSession, useStores } from './stores/stores-context';
import { viewOfRecord, views } from './views/registry';
import { AppShell } from './views/shell/app-shell';
import { Toasts } from './views/shell/toasts';
import { SignInView } from './views/sign-in/sign-in-view';

/** Mounts the whole renderer on `bridge` (the Electron preload's `window.brm` or the browser-mode client). */
export function App({ bridge }: { bridge: BrmBridge }) {
  const [stores] = useState(() => createAppStores(bridge, { initialView: views[0].name, viewOfRecord }));

  useEffect(() => {
    const disconnect = connectAppStores(stores);
    void stores.session.getState().load();
    void stores.storage.getState().load();
    return disconnect;
  }, [stores]);

  return (
    <StoresProvider stores={stores}>
      <div className="app-frame">
        <StorageNotices />
        <UpdateStrip />
        <div className="app-frame-body">
          <Root />
        </div>
      </div>
      <Toasts />
    </StoresProvider>
  );
}

function Root() {
  const stores = useStores();
  const phase = useSession((state) => state.phase);
  const loadError = useSession((state) => state.loadError);
  const signedIn = useSession((state) => state.session?.state === 'signedIn');

  if (phase === 'loading') {
    return (
      <main className="splash">
        <LoadingState label="Starting BRM Desktop…" />
      </main>
    );
  }
  if (phase === 'failed') {
    return (
      <main className="splash">
        <ErrorBanner
          message={loadError ?? 'BRM Desktop could not start. Try again.'}
          onRetry={() => void stores.session.getState().load()}
        />
      </main>
    );
  }
  return signedIn ? <AppShell /> : <SignInView />;
}
