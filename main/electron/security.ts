/**
 * Electron hardening (docs/SECURITY.md, Electron's security checklist): pages never navigate away from
 * the app, never open windows, open only https/mailto links outside (in the system's browser or
 * mail client), and get no permission except notifications.
 */
import { app, type PermissionRequest, type Session, shell, type WebContents } from 'electron';
import { isAppUrl } from './protocol';

/** Protocols `openExternalSafely` hands to the OS. */
const externalProtocols = new Set(['https:', 'mailto:']);

/**
 * Opens `url` in the system's browser or mail client when it parses as an `https:` or `mailto:`
 * URL; ignores anything else. Returns whether it was opened.
 */
export function openExternalSafely(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!externalProtocols.has(parsed.protocol)) return false;
  shell.openExternal(parsed.href).catch((error: unknown) => console.error('BRM Desktop could not open a link:', error));
  return true;
}

/** Only notifications are allowed; camera, microphone, geolocation and the rest are denied. */
export function isPermissionAllowed(permission: string): boolean {
  return permission === 'notifications';
}

/** Permission request handler for the app's session (see `isPermissionAllowed`). */
export function handlePermissionRequest(
  _contents: WebContents,
  permission: string,
  callback: (granted: boolean) => void,
  _details?: PermissionRequest,
): void {
  callback(isPermissionAllowed(permission));
}

/**
 * Locks down one WebContents: navigation and redirects stay on `app://brm`, new windows are
 * denied (https/mailto links open outside instead), `<webview>` is refused.
 */
export function hardenWebContents(contents: WebContents): void {
  const keepInApp = (event: { url: string; preventDefault(): void }) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', keepInApp);
  contents.on('will-redirect', keepInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url);
    return { action: 'deny' };
  });
}

/** Applies the above to every WebContents the app creates and to `session`'s permission checks. */
export function installSecurity(session: Session): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  session.setPermissionRequestHandler(handlePermissionRequest);
  session.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));
}
