/**
 * A loopback HTTP proxy in front of a test service, so a test can cut the client's connection
 * while the service keeps running (and edit data on the service meanwhile), hold one answer
 * after the service produced it (to kill a client between sending a request and reading its answer),
 * slow request bodies or answers down (to cut an upload or a download in the middle), and see which
 * requests passed.
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';

/** A request the proxy received: method, path with query, headers, and the body bytes passed on so far. */
export interface ProxiedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bodyBytes: number;
}

/** The proxy's controls. */
export interface SwitchableProxy {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Requests are answered by the service. */
  up(): void;
  /**
   * Connections are cut at once (the client sees no answer), open ones too. A request whose body was
   * still arriving is cut on the service's side as well, as a broken network would.
   */
  down(): void;
  /** Passes request bodies on at most `bytesPerSecond` (null: at full speed), bodies in flight too. */
  throttle(bytesPerSecond: number | null): void;
  /** Passes answer bodies on at most `bytesPerSecond` (null: at full speed), answers in flight too. */
  throttleAnswers(bytesPerSecond: number | null): void;
  /** Every request received, in order. */
  readonly requests: readonly ProxiedRequest[];
  /**
   * The next request for which `match` is true is forwarded and answered by the service, but its
   * answer is never passed on; the promise resolves once the service has answered it.
   */
  holdNext(match: (req: IncomingMessage) => boolean): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 to `target` (http://host:port), on `port` (0, the default: a free
 * one). Throws when `port` cannot be bound.
 */
export async function startSwitchableProxy(target: string, port = 0): Promise<SwitchableProxy> {
  const to = new URL(target);
  let isUp = true;
  const sockets = new Set<Socket>();
  let hold: { match: (req: IncomingMessage) => boolean; reached: () => void } | null = null;
  let bytesPerSecond: number | null = null;
  let answerBytesPerSecond: number | null = null;
  const requests: ProxiedRequest[] = [];

  /**
   * Counts the bytes passed (`count`) and, while `rate()` is not null, passes them on in 16 KiB slices
   * at that rate. Each slice waits until its due time counted from the first throttled slice, never
   * faster: timers round a wait down to whole milliseconds (3.9 ms per slice at 4 MiB/s became 3.1,
   * 5 MiB/s), so waiting a slice's share after the last one would pass more than `rate()`.
   */
  function throttled(rate: () => number | null, count: (bytes: number) => void): Transform {
    let pace: { since: number; bytes: number; perSecond: number } | null = null;
    return new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        void (async () => {
          for (let at = 0; at < chunk.length; at += 16 * 1024) {
            const slice = chunk.subarray(at, at + 16 * 1024);
            const perSecond = rate();
            if (perSecond === null) pace = null;
            else {
              if (pace?.perSecond !== perSecond) pace = { since: performance.now(), bytes: 0, perSecond };
              pace.bytes += slice.length;
              const wait = pace.since + (pace.bytes / perSecond) * 1000 - performance.now();
              if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
            }
            count(slice.length);
            this.push(slice);
          }
          callback();
        })();
      },
    });
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!isUp) {
      req.socket.destroy();
      return;
    }
    const held = hold?.match(req) ? hold : null;
    if (held) hold = null;
    const seen: ProxiedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      bodyBytes: 0,
    };
    requests.push(seen);
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: to.host },
      },
      (answer) => {
        if (held) {
          answer.resume();
          answer.on('end', () => held.reached());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        const pass = throttled(
          () => answerBytesPerSecond,
          () => undefined,
        );
        res.on('close', () => {
          pass.destroy();
          answer.destroy();
        });
        answer.pipe(pass).pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    const body = throttled(
      () => bytesPerSecond,
      (bytes) => {
        seen.bodyBytes += bytes;
      },
    );
    req.on('close', () => {
      if (!req.complete) {
        body.destroy();
        upstream.destroy();
      }
    });
    req.pipe(body).pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (!isUp) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    up: () => {
      isUp = true;
    },
    down() {
      isUp = false;
      for (const socket of sockets) socket.destroy();
    },
    throttle(rate) {
      bytesPerSecond = rate;
    },
    throttleAnswers(rate) {
      answerBytesPerSecond = rate;
    },
    requests,
    holdNext: (match) =>
      new Promise<void>((resolve) => {
        hold = { match, reached: resolve };
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
