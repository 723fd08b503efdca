/** Asks again when the service can be reached again, so a kept answer is replaced by today's. */
import { useEffect, useRef } from 'react';
import { useOnline } from './use-online';

/** Calls `reload` each time the app goes from offline to online. */
export function useReloadOnReconnect(reload: () => void): void {
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) reload();
    wasOnline.current = online;
  }, [online, reload]);
}
