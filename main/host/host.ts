/**
 * The browser-mode host (docs/ARCHITECTURE.md, "Layers"): the same core as the Electron shell,
 * served to a browser by a small Node process on 127.0.0.1 only. It serves the built renderer and
 * the bridge over a WebSocket; a random per-launch token in the URL is required for the page, every
 * bridge connection and every other endpoint.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { eventNames } from '../../preload/contract';
import { appVersion } from '../app-config';
import { createCore as createRealCore } from '../core/index';
import { createKeychain } from '../core/keychain';
import type { Core, CoreOptions, Keychain } from '../core/platform';
import { createDispatcher, type Dispatcher } from '../dispatcher';
import { type EmbeddedService, startEmbeddedService } from '../embedded-service';
import { createBridgeSocketServer } from './bridge-socket';
import { createBrowserPlatform } from './browser-platform';
import { acquireDataFolderLock } from './data-folder-lock';
import { createRequestHandler } from './http-routes';
import { createOpenedFiles } from './opened-files';
import { allowedHosts } from './request-target';
import { rendererCspHeader } from './renderer-files';
import { createStagingArea, maxStagedBytes, removeStagingLeftovers } from './staging';
import { createHostToken } from './token';

/** Options for `startHost`. Paths may be relative (resolved against the working folder). */
export interface HostOptions {
  /** Port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** BRM service to use; null or absent starts the embedded demo service. */
  serverUrl?: string | null;
  /**
   * The host's data folder: cache, downloads (`downloads/`), staged uploads
   * (`staging/<launch id>/`), demo service, and the lock file that keeps a second host out.
   */
  dataDir: string;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** Builds the core; defaults to `createCore` (tests pass a stand-in). */
  createCore?: (options: CoreOptions) => Promise<Core>;
  /** Secret store; defaults to `createKeychain()`. */
  keychain?: Keychain;
  /** Largest staged upload, bytes; default 2 GiB. */
  stagingLimitBytes?: number;
  /** The longest silence within a request body (a staged upload), ms; default 30 s (body-timeout.ts). */
  bodyTimeoutMs?: number;
  /** Receives unexpected failures; defaults to console.error. */
  logError?: (context: string, error: unknown) => void;
}

/** A running host. */
export interface RunningHost {
  /** `http://127.0.0.1:PORT/?token=…`: open it in a browser. */
  url: string;
  token: string;
  /** The embedded demo service, or null when a server URL was given. */
  service: EmbeddedService['service'] | null;
  core: Core;
  /** Closes every connection, stops the core and the embedded service, removes staged uploads, releases the folder. */
  stop(): Promise<void>;
}

/**
 * Starts the host. Takes the data folder's lock first (data-folder-lock.ts): throws
 * DataFolderInUseError, naming the running host's pid and URL, when another BRM Desktop uses the
 * folder, and touches nothing then. Throws with a readable message when the port is taken or the
 * core or the embedded service cannot start; whatever had started is stopped again first.
 */
export async function startHost(options: HostOptions): Promise<RunningHost> {
  const logError = options.logError ?? ((context, error) => console.error(`BRM Desktop host: ${context}:`, error));
  const dataDir = resolve(options.dataDir);
  const rendererDir = resolve(options.rendererDir);
  const token = createHostToken();
  const cleanups: Array<() => Promise<unknown>> = [];
  const stopAll = async (): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => logError('shutdown', error));
    }
  };

  // First of all, before anything in the folder is touched: one host per data folder.
  const lock = await acquireDataFolderLock(dataDir, 'browser');
  cleanups.push(() => lock.release());
  try {
    const stagingRoot = join(dataDir, 'staging');
    await removeStagingLeftovers(stagingRoot, lock.launchId);
    const staging = await createStagingArea(
      join(stagingRoot, lock.launchId),
      options.stagingLimitBytes ?? maxStagedBytes,
    );
    cleanups.push(() => staging.clear());
    const openedFiles = createOpenedFiles();

    const embedded = options.serverUrl ? null : await startEmbeddedService(dataDir);
    if (embedded) cleanups.push(() => embedded.service.stop());
    const keychain = options.keychain ?? (await createKeychain());

    let origin = '';
    let hosts: readonly string[] = [];
    let dispatcher: Dispatcher | null = null;
    const bridge = createBridgeSocketServer({
      token,
      dispatcher: { dispatch: (name, input) => dispatcherOf(dispatcher).dispatch(name, input) },
      allowedOrigins: () => [origin, origin.replace('//127.0.0.1:', '//localhost:')],
      allowedHosts: () => hosts,
      logError,
    });
    const platform = createBrowserPlatform({
      keychain,
      staging,
      openedFiles,
      emitNotify: (payload) => bridge.broadcast('app.notify', payload),
      origin: () => origin,
      token,
    });
    const core = await (options.createCore ?? createRealCore)({
      dataDir,
      downloadsDir: join(dataDir, 'downloads'),
      defaultServerUrl: options.serverUrl ?? embedded?.url ?? null,
      demoCredentials: embedded?.credentials ?? null,
      mode: 'browser',
      version: appVersion,
      platform,
    });
    cleanups.push(() => core.stop());
    dispatcher = createDispatcher(core, { logError: (name, error) => logError(`call ${name}`, error) });
    const unsubscribes = eventNames.map((name) => core.on(name, (payload) => bridge.broadcast(name, payload)));
    cleanups.push(async () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    });

    let csp = '';
    const server = createServer(
      createRequestHandler({
        token,
        rendererDir,
        staging,
        openedFiles,
        rendererCsp: () => csp,
        allowedHosts: () => hosts,
        logError,
        bodyTimeoutMs: options.bodyTimeoutMs,
      }),
    );
    server.on('upgrade', (req, socket, head) => bridge.handleUpgrade(req, socket, head));
    server.on('clientError', (_error, socket) => socket.destroy());
    await listen(server, options.port ?? 0);
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
    );
    // Runs before the server closes (cleanups run in reverse): upgraded sockets would hold it open.
    cleanups.push(() => bridge.close());
    const port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    hosts = allowedHosts(port);
    csp = await rendererCspHeader(rendererDir, `'self' ws://127.0.0.1:${port}`);

    await core.start();
    const url = `${origin}/?token=${token}`;
    await lock.setUrl(url);
    return {
      url,
      token,
      service: embedded?.service ?? null,
      core,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function dispatcherOf(dispatcher: Dispatcher | null): Dispatcher {
  if (!dispatcher) throw new Error('The bridge was used before the core started.');
  return dispatcher;
}

async function listen(server: ReturnType<typeof createServer>, port: number): Promise<void> {
  server.listen(port, '127.0.0.1');
  try {
    await once(server, 'listening');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`Port ${port} on 127.0.0.1 is in use. Choose another with --port, or 0 for any free port.`);
    }
    throw error;
  }
}
