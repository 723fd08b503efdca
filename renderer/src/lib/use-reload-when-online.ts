/**
 * `useReloadWhenOnline`: calls `reload` when the service becomes reachable again, so a kept
 * on-demand answer shown with its age (main/core/areas/kept.ts) is replaced by the service's.
 */
import { useEffect, useRef } from 'react';
import { useOnline } from './use-online';

/** Calls `reload` each time the app goes from offline to online; returns whether it is online now. */
export function useReloadWhenOnline(reload: () => void): boolean {
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) reload();
    wasOnline.current = online;
  }, [online, reload]);
  return online;
}
