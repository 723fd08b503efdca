import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as fake from '../../helpers/electron-fake';
import { createRendererFixture, fixtureMetaCsp, type RendererFixture } from '../../helpers/host-fixtures';

vi.mock('electron', () => import('../../helpers/electron-fake'));

const { createMainWindow, secureWebPreferences } = await import('../../../main/electron/window');
const { appEntryUrl, createAppProtocolHandler, isAppUrl, registerAppProtocol, registerAppScheme } = await import(
  '../../../main/electron/protocol'
);
const { handlePermissionRequest, hardenWebContents, installSecurity, openExternalSafely } = await import(
  '../../../main/electron/security'
);

let fixture: RendererFixture;
beforeAll(async () => {
  fixture = await createRendererFixture();
});
afterAll(() => fixture.remove());
beforeEach(() => {
  vi.clearAllMocks();
});

describe('window', () => {
  it('uses exactly the secure web preferences, the preload and a minimum size', () => {
    const window = createMainWindow({
      preload: '/app/out/preload/index.cjs',
      url: appEntryUrl,
    }) as unknown as fake.FakeBrowserWindow;
    expect(window.options.webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      safeDialogs: true,
    });
    expect(window.options).toMatchObject({ minWidth: 960, minHeight: 600, show: false });
    expect(window.loadURL).toHaveBeenCalledWith('app://brm/index.html');
    expect(secureWebPreferences('/p')).toEqual({ ...(window.options.webPreferences as object), preload: '/p' });
  });
});

describe('app:// protocol', () => {
  it('is registered as standard and secure, with CORS for module scripts', () => {
    registerAppScheme();
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
    ]);
  });

  it('serves the renderer with the CSP header and security headers', async () => {
    await registerAppProtocol(fixture.rendererDir);
    const handler = fake.protocol.handlers.get('app');
    if (!handler) throw new Error('app: handler not registered');
    const response = await handler(new Request('app://brm/index.html'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(
      `${fixtureMetaCsp.replace("connect-src 'self' ws: wss:", "connect-src 'self'")}; frame-ancestors 'none'`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>BRM Desktop</title>');
    const script = await handler(new Request('app://brm/assets/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    'app://brm/%2e%2e/secret.txt',
    'app://brm/assets/..%2f..%2fsecret.txt',
    'app://brm/assets/link.txt',
    'app://other/index.html',
    'app://brm/missing.html',
  ])('refuses %s', async (url) => {
    const handler = createAppProtocolHandler(fixture.rendererDir, "default-src 'none'");
    const response = await handler(new Request(url));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('top secret');
  });

  it('refuses methods other than GET and HEAD', async () => {
    const handler = createAppProtocolHandler(fixture.rendererDir, "default-src 'none'");
    expect((await handler(new Request('app://brm/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('recognises only app://brm as the app', () => {
    expect(isAppUrl('app://brm/index.html')).toBe(true);
    expect(isAppUrl('app://evil/index.html')).toBe(false);
    expect(isAppUrl('https://brm/index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});

describe('security', () => {
  function navigate(contents: fake.FakeWebContents, eventName: string, url: string): boolean {
    const event = { url, preventDefault: vi.fn() };
    contents.emit(eventName, event, url);
    return event.preventDefault.mock.calls.length > 0;
  }

  it('prevents navigation and redirects away from the app', () => {
    const contents = new fake.FakeWebContents();
    hardenWebContents(contents as never);
    expect(navigate(contents, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate(contents, 'will-redirect', 'app://other/index.html')).toBe(true);
    expect(navigate(contents, 'will-navigate', 'app://brm/index.html')).toBe(false);
  });

  it('denies every new window and opens only https/mailto links outside', () => {
    const contents = new fake.FakeWebContents();
    hardenWebContents(contents as never);
    const open = contents.windowOpenHandler;
    if (!open) throw new Error('no window-open handler');
    expect(open({ url: 'https://brm.example.com/help' })).toEqual({ action: 'deny' });
    expect(open({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(fake.shell.openExternal).toHaveBeenCalledExactlyOnceWith('https://brm.example.com/help');
  });

  it('opens only parsed https: and mailto: URLs', () => {
    expect(openExternalSafely('mailto:ada@example.com')).toBe(true);
    for (const url of [
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'https//x',
      '',
    ]) {
      expect(openExternalSafely(url)).toBe(false);
    }
    expect(fake.shell.openExternal.mock.calls).toEqual([['mailto:ada@example.com']]);
  });

  it('refuses <webview> tags', () => {
    const contents = new fake.FakeWebContents();
    hardenWebContents(contents as never);
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('denies camera, microphone, geolocation and the rest; allows notifications', () => {
    const decide = (permission: string) => {
      const callback = vi.fn();
      handlePermissionRequest({} as never, permission, callback);
      return callback.mock.calls[0][0] as boolean;
    };
    for (const permission of [
      'media',
      'geolocation',
      'clipboard-read',
      'openExternal',
      'display-capture',
      'midi',
      'unknown',
    ]) {
      expect(decide(permission)).toBe(false);
    }
    expect(decide('notifications')).toBe(true);
  });

  it('hardens every WebContents the app creates and installs the permission handlers', () => {
    installSecurity(fake.session.defaultSession as never);
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalledWith(handlePermissionRequest);
    const check = fake.session.defaultSession.setPermissionCheckHandler.mock.calls[0][0] as (
      c: unknown,
      p: string,
    ) => boolean;
    expect(check({}, 'media')).toBe(false);
    expect(check({}, 'notifications')).toBe(true);
    const contents = new fake.FakeWebContents();
    fake.app.emit('web-contents-created', {}, contents);
    expect(navigate(contents, 'will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.windowOpenHandler).not.toBeNull();
  });
});
