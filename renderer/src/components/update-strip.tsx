/**
 * The installed app's update (preload/contract/updates.ts), in the strip above every screen: the
 * download's progress while a new version comes, then "ready" with **Restart now** and **Later**.
 * The app never restarts by itself (docs/PACKAGING.md, "Updates"); Later hides the strip until the
 * next version, and a version left waiting installs when the app quits. Shows nothing in browser
 * mode, while up to date, or when a check failed (the palette's "Check for updates" says why).
 */
import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';
import { useBridge } from '../stores/stores-context';
import './update-strip.css';

/** The update's status, kept current from `updates.changed`; null until the first answer. */
export function useUpdateStatus(): UpdateStatus | null {
  const bridge = useBridge();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  useEffect(() => {
    let live = true;
    const stop = bridge.on('updates.changed', setStatus);
    bridge.call('updates.get', {}).then(
      (answer) => live && setStatus((current) => current ?? answer),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, [bridge]);
  return status;
}

/** Renders the strip while a new version downloads or waits for a restart. */
export function UpdateStrip() {
  const bridge = useBridge();
  const status = useUpdateStatus();
  const [laterFor, setLaterFor] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!status?.version) return null;
  if (status.state === 'downloading')
    return (
      <section className="app-frame-strip update-strip" aria-label="App update">
        <p>
          Downloading BRM Desktop {status.version}: {status.percent ?? 0}%
        </p>
        <progress max={100} value={status.percent ?? 0} aria-label={`Download of BRM Desktop ${status.version}`} />
      </section>
    );
  if (status.state !== 'ready' || laterFor === status.version) return null;
  return (
    <section className="app-frame-strip update-strip" aria-label="App update">
      <p>
        BRM Desktop {status.version} is ready. Restart now to use it; otherwise it is installed when you quit.
        {problem ? <span role="alert"> {problem}</span> : null}
      </p>
      <button
        type="button"
        className="button button-small button-primary"
        onClick={() => bridge.call('updates.install', {}).catch((error) => setProblem(errorMessage(error)))}
      >
        Restart now
      </button>
      <button type="button" className="button button-small button-quiet" onClick={() => setLaterFor(status.version)}>
        Later
      </button>
    </section>
  );
}
