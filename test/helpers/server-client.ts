/**
 * Test access to a running reference service: calls operations by operationId (method and path from
 * the generated operation map, never written by hand) and checks every answer against the contract.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OperationId, operations } from '../../api/generated/operations';
import type { components } from '../../api/generated/schema';
import { type RunningService, type StartServiceOptions, startService } from '../../server/start';
import { readContractResponse, type WireResponse } from './server-contract';

/** One call's inputs. `token` null sends no Authorization; undefined uses the client's token. */
export interface CallOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body (serialized with JSON.stringify). */
  body?: unknown;
  /** A raw body (string, FormData, ...); overrides `body`. */
  rawBody?: RequestInit['body'];
  headers?: Record<string, string>;
  token?: string | null;
}

/** A checked response: status, headers and the parsed body (JSON) or a Buffer. */
export type CheckedResponse = WireResponse & { headers: Headers };

/** A `{ items, nextCursor }` page of a list operation. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The contract's Problem body (RFC 9457 problem details). */
export type Problem = components['schemas']['Problem'];

/** A well-formed id that no record has. */
export const unknownId = '00000000-0000-4000-8000-000000000000';

/** A contract-checking client of one service. */
export class ServerClient {
  readonly baseUrl: string;
  token: string | null = null;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** The URL of an operation with query parameters. */
  url(operationId: OperationId, query: CallOptions['query'] = {}): string {
    const url = new URL(operations[operationId].path, this.baseUrl);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  /** Calls an operation and checks the answer against the contract (throws when it departs from it). */
  async call(operationId: OperationId, options: CallOptions = {}): Promise<CheckedResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    let body = options.rawBody;
    if (body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.url(operationId, options.query), {
      method: operations[operationId].method,
      headers,
      body,
    });
    return readContractResponse(operationId, res);
  }

  /**
   * Pages through a list operation and returns all its items in order. The cursor goes in the query for
   * GET operations and in the JSON body for the others; throws when a page is not answered with 200.
   */
  async allPages<T>(
    operationId: OperationId,
    options: { query?: CallOptions['query']; body?: Record<string, unknown> } = {},
    maxPages = 1000,
  ): Promise<T[]> {
    const inQuery = operations[operationId].method === 'GET';
    const items: T[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < maxPages; pages++) {
      const res = await this.call(
        operationId,
        inQuery
          ? { query: { ...options.query, cursor } }
          : { query: options.query, body: { ...options.body, ...(cursor === undefined ? {} : { cursor }) } },
      );
      if (res.status !== 200) {
        throw new Error(`${operationId} answered a page with ${res.status}: ${JSON.stringify(res.body)}`);
      }
      const page = res.body as Page<T>;
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
      if (!cursor) return items;
    }
    throw new Error(`${operationId} still had more pages after ${maxPages}`);
  }

  /** Signs in with a password and keeps the access token for later calls. Returns the AuthTokens body. */
  async signIn(credentials: {
    username: string;
    password: string;
  }): Promise<{ accessToken: string; refreshToken: string }> {
    const res = await this.call('authenticateUser', { token: null, body: { grantType: 'password', ...credentials } });
    if (res.status !== 200) throw new Error(`Sign-in failed with ${res.status}: ${JSON.stringify(res.body)}`);
    const tokens = res.body as { accessToken: string; refreshToken: string };
    this.token = tokens.accessToken;
    return tokens;
  }
}

/** A service started for a test in its own temp data dir, with a signed-in client. */
export interface TestService {
  service: RunningService;
  client: ServerClient;
  dataDir: string;
  /** Stops the service and deletes its data dir. */
  stop(): Promise<void>;
}

/** Starts a service on 127.0.0.1:0 in a fresh temp dir (demo set as given) and signs the demo user in. */
export async function startTestService(options: Omit<StartServiceOptions, 'dataDir'> = {}): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brm-server-test-'));
  const service = await startService({ ...options, dataDir, port: 0 });
  const client = new ServerClient(service.url);
  await client.signIn(service.credentials);
  return {
    service,
    client,
    dataDir,
    stop: async () => {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small demo set that seeds fast, for tests that do not count the default set. */
export const smallDemo = { contacts: 300, companies: 30, events: 60, documents: 40, notifications: 20 };
