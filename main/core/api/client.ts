/**
 * The typed HTTP client of the BRM service. Operations are called by operationId (paths come from
 * the generated `api/generated/operations.ts`, never from the core), the bearer token is added,
 * a 401 refreshes the token once and retries, and failures become user-facing ServiceErrors:
 * no answer or a timeout → 'offline'; a problem document → its code (see problem.ts).
 * JSON answers are validated against the contract (answer.ts, validator.ts); `callRaw` hands over
 * the unread body bytes instead, for answers read on another thread (the change feed's pages).
 * Redirects are followed only on the service's own origin (redirects.ts), for every transport.
 */
import { Readable } from 'node:stream';
import { type OperationId, operations } from '../../../api/generated/operations';
import { isAbortError, offlineError, ServiceError } from '../errors';
import { formatBytes } from '../format-bytes';
import { parseAnswer, type RawAnswer } from './answer';
import { BodyTooLargeError, readBodyWithin } from './limited-body';
import { NoAnswerError, sendNodeRequest, type StreamedAnswer } from './node-transport';
import { errorFromResponse } from './problem';
import { followRedirects } from './redirects';
import type { JsonBodyOf, JsonResultOf, QueryOf } from './types';

/** Where the client gets bearer tokens. Implemented by the session. */
export interface TokenSource {
  /** A current access token; refreshes first when there is none or it expired. Throws ServiceError. */
  accessToken(): Promise<string>;
  /** Called after a 401 for `rejected`: returns a new token, or throws ('unauthorized' when signed out). */
  renew(rejected: string): Promise<string>;
  /** Called when a renewed token is rejected too: ends the session and returns the error to throw. */
  ended(): Promise<Error>;
}

/**
 * A request body produced afresh for each attempt (a streamed upload), with its exact length in bytes.
 * It is sent with Node's HTTP client (node-transport.ts), chunk by chunk as the socket takes them.
 */
export interface StreamBody {
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>;
  length: number;
  contentType: string;
}

/** Options of one call. */
export interface RequestOptions<K extends OperationId> {
  query?: QueryOf<K>;
  body?: JsonBodyOf<K>;
  /** A streamed body instead of JSON; called once per attempt. */
  stream?: () => StreamBody;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Total time allowed for the answer's headers and JSON body, ms; null for none (streams). Default 30 000. */
  timeoutMs?: number | null;
  /** Send without a bearer token (sign-in). Default false. */
  anonymous?: boolean;
  /**
   * `callRaw` and `call` only: the most body bytes read, bytes. A larger answer is refused without
   * being read whole (limited-body.ts). Default: no limit.
   */
  maxBodyBytes?: number;
}

/** The client of one service (base URL). */
export interface ApiClient {
  /** The service's base URL, without a trailing slash. */
  readonly serverUrl: string;
  /** Calls an operation and returns its validated JSON answer. Throws ServiceError or an AbortError. */
  call<K extends OperationId>(operationId: K, options?: RequestOptions<K>): Promise<JsonResultOf<K>>;
  /**
   * Calls an operation and returns its successful answer's status and whole body as bytes, neither
   * parsed nor validated (read them with `parseAnswer`, e.g. on a worker thread after transferring
   * the ArrayBuffer). Throws ServiceError or an AbortError, as `call` does.
   */
  callRaw<K extends OperationId>(operationId: K, options?: RequestOptions<K>): Promise<RawAnswer>;
  /** Calls an operation and returns the successful (2xx) Response with its body unread. */
  open<K extends OperationId>(operationId: K, options?: RequestOptions<K>): Promise<Response>;
  /**
   * Calls an operation through `send`, a transport that writes a successful answer's body to a file
   * itself (large downloads, on their own thread: transfers/transfer-thread.ts), and returns what it
   * made of that body. The bearer token and the 401 renewal are as for `call`; a failed answer
   * throws its ServiceError; no answer throws the 'offline' ServiceError (NoAnswerError from `send`)
   * or the signal's reason when aborted; anything else `send` throws is thrown as is.
   */
  toFile<K extends OperationId, R>(operationId: K, options: RequestOptions<K>, send: FileSender<R>): Promise<R>;
  /**
   * As `call`, but the request is sent by `send`, a transport that sends a file as its body itself
   * (uploads, on the transfer thread), and that answers with the body as text. Throws as `toFile`
   * does, and as `call` does for an answer that does not match the contract.
   */
  callVia<K extends OperationId>(
    operationId: K,
    options: RequestOptions<K>,
    send: FileSender<never>,
  ): Promise<JsonResultOf<K>>;
}

/** A request with its final URL and headers, for a transport that writes the answer's body to a file. */
export interface FileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

/** A file transport's answer: its status and headers, the body as text when it failed, else what the transport made of it. */
export interface FileAnswer<R> {
  status: number;
  headers: Headers;
  text?: string;
  result?: R;
}

/** Sends a FileRequest (see `ApiClient.toFile`). */
export type FileSender<R> = (req: FileRequest) => Promise<FileAnswer<R>>;

/** Statuses whose answers have no body (a Response refuses one for them). */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

const defaultTimeoutMs = 30_000;

/** Creates the client for `serverUrl` (http/https, no trailing slash), taking tokens from `tokens`. */
export function createApiClient(serverUrl: string, tokens: TokenSource | null): ApiClient {
  function urlFor(operationId: OperationId, query: object | undefined): string {
    const url = new URL(serverUrl + operations[operationId].path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /** The headers, body and signal of one attempt (a fresh streamed body each time). */
  function prepare<K extends OperationId>(options: RequestOptions<K>, token: string | null) {
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json',
      ...options.headers,
    };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | StreamBody['body'] | undefined;
    if (options.stream) {
      const stream = options.stream();
      body = stream.body;
      headers['content-type'] = stream.contentType;
      headers['content-length'] = String(stream.length);
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const timeoutMs = options.timeoutMs === undefined ? defaultTimeoutMs : options.timeoutMs;
    const signals = [options.signal, timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs)].filter(
      (s): s is AbortSignal => s !== undefined,
    );
    return { headers, body, signal: signals.length > 0 ? AbortSignal.any(signals) : undefined };
  }

  /** Sends one attempt to `url` with Node's HTTP client; the answer's body is unread. */
  async function attemptNode<K extends OperationId>(
    operationId: K,
    options: RequestOptions<K>,
    token: string | null,
    url: string,
  ): Promise<StreamedAnswer> {
    const { headers, body, signal } = prepare(options, token);
    try {
      return await sendNodeRequest({
        method: operations[operationId].method,
        url,
        headers,
        body: body as string | AsyncIterable<Uint8Array> | undefined,
        signal,
      });
    } catch (err) {
      throw transportError(err, options.signal);
    }
  }

  /**
   * Sends one attempt to `url`: streamed bodies with Node's HTTP client (no copy of the body), the
   * rest with fetch. Neither follows a redirect (redirects.ts decides).
   */
  async function attempt<K extends OperationId>(
    operationId: K,
    options: RequestOptions<K>,
    token: string | null,
    url: string,
  ): Promise<Response> {
    if (options.stream) {
      const answer = await attemptNode(operationId, options, token, url);
      const body = nullBodyStatuses.has(answer.status) ? null : (Readable.toWeb(answer.body) as ReadableStream);
      if (body === null) answer.body.resume();
      return new Response(body, { status: answer.status, headers: answer.headers });
    }
    const { headers, body, signal } = prepare(options, token);
    try {
      return await fetch(url, {
        method: operations[operationId].method,
        headers,
        body: body as string | undefined,
        signal,
        redirect: 'manual',
      });
    } catch (err) {
      throw transportError(err, options.signal);
    }
  }

  function transportError(err: unknown, signal: AbortSignal | undefined): unknown {
    if (signal?.aborted) return signal.reason ?? err;
    if (isAbortError(err) || (err instanceof Error && err.name === 'TimeoutError')) {
      return offlineError(serverUrl, 'It did not answer in time.');
    }
    return offlineError(serverUrl);
  }

  /** The user-facing error for an answer over its `maxBodyBytes`. */
  function tooLargeError(operationId: OperationId, maxBytes: number): ServiceError {
    return new ServiceError(
      'server_error',
      `The BRM service sent an answer to ${operationId} larger than ${formatBytes(maxBytes)}, the most BRM Desktop reads at once, so it was not read. BRM Desktop tries again later; if it keeps happening, contact your administrator.`,
      502,
    );
  }

  /** The ServiceError of a failed answer, from its problem document when it sent one. */
  async function failure(status: number, headers: Headers, text: () => Promise<string>): Promise<ServiceError> {
    let body: unknown = null;
    try {
      const read = await text();
      body = read ? JSON.parse(read) : null;
    } catch {
      body = null;
    }
    return errorFromResponse(status, body, headers.get('retry-after'));
  }

  /**
   * Sends with `send`, adding the bearer token; a 401 renews the token once and sends again, a second
   * 401 ends the session. `discard` drops an answer's unread body.
   */
  async function authorized<K extends OperationId, A extends { status: number }>(
    options: RequestOptions<K>,
    send: (token: string | null) => Promise<A>,
    discard: (answer: A) => Promise<void>,
  ): Promise<A> {
    const useToken = !options.anonymous && tokens !== null;
    let token = useToken ? await tokens.accessToken() : null;
    let answer = await send(token);
    if (answer.status === 401 && useToken && token) {
      await discard(answer);
      token = await tokens.renew(token);
      answer = await send(token);
      if (answer.status === 401) {
        await discard(answer);
        throw await tokens.ended();
      }
    }
    return answer;
  }

  async function open<K extends OperationId>(operationId: K, options: RequestOptions<K> = {}): Promise<Response> {
    const url = urlFor(operationId, options.query as object | undefined);
    const cancel = async (r: Response) => {
      await r.body?.cancel();
    };
    const response = await authorized(
      options,
      (token) =>
        followRedirects(operations[operationId].method, url, {
          send: (to) => attempt(operationId, options, token, to),
          status: (r) => r.status,
          location: (r) => r.headers.get('location'),
          discard: cancel,
        }),
      cancel,
    );
    if (!response.ok) throw await failure(response.status, response.headers, () => response.text());
    return response;
  }

  /** Sends through `send` with the bearer token (renewed once after a 401); throws the failed answer's ServiceError. */
  async function viaSender<K extends OperationId, R>(
    operationId: K,
    options: RequestOptions<K>,
    send: FileSender<R>,
  ): Promise<FileAnswer<R>> {
    const answer = await authorized(
      options,
      (token) => {
        const { headers, signal } = prepare(options, token);
        const method = operations[operationId].method;
        return followRedirects(method, urlFor(operationId, options.query as object | undefined), {
          async send(url) {
            try {
              return await send({ method, url, headers, signal });
            } catch (err) {
              throw err instanceof NoAnswerError ? transportError(err.cause, options.signal) : err;
            }
          },
          status: (answer) => answer.status,
          location: (answer) => answer.headers.get('location'),
          discard: async () => undefined,
        });
      },
      async () => undefined,
    );
    if (answer.status >= 200 && answer.status < 300) return answer;
    throw await failure(answer.status, answer.headers, async () => answer.text ?? '');
  }

  async function toFile<K extends OperationId, R>(
    operationId: K,
    options: RequestOptions<K>,
    send: FileSender<R>,
  ): Promise<R> {
    const answer = await viaSender(operationId, options, send);
    if (answer.result === undefined) throw new Error(`The transfer of ${operationId} ended without a result.`);
    return answer.result;
  }

  async function callVia<K extends OperationId>(
    operationId: K,
    options: RequestOptions<K>,
    send: FileSender<never>,
  ): Promise<JsonResultOf<K>> {
    const answer = await viaSender(operationId, options, send);
    return parseAnswer(operationId, answer.status, Buffer.from(answer.text ?? '', 'utf8'));
  }

  async function callRaw<K extends OperationId>(operationId: K, options: RequestOptions<K> = {}): Promise<RawAnswer> {
    const response = await open(operationId, options);
    try {
      const body =
        options.maxBodyBytes === undefined
          ? await response.arrayBuffer()
          : await readBodyWithin(response, options.maxBodyBytes);
      return { status: response.status, body, headers: response.headers };
    } catch (err) {
      if (err instanceof BodyTooLargeError) throw tooLargeError(operationId, err.maxBytes);
      throw transportError(err, options.signal);
    }
  }

  async function call<K extends OperationId>(
    operationId: K,
    options: RequestOptions<K> = {},
  ): Promise<JsonResultOf<K>> {
    const answer = await callRaw(operationId, options);
    return parseAnswer(operationId, answer.status, answer.body);
  }

  return { serverUrl, call, callRaw, open, toFile, callVia };
}
