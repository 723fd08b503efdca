/**
 * The reference service's HTTP app: Fastify with the contract's operations bound by operationId,
 * RFC 9457 problems for every error, and the contract and changelog served without auth (Versioning
 * in `api/openapi.yaml` `info.description`; docs/ARCHITECTURE.md, Layers).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { findProjectFile } from '../api/locate';
import { serviceAccessResources } from './access/resources';
import { loadContract } from './contract/spec';
import type { ComposedService } from './compose';
import { maxUploadBytes } from './files/upload';
import { createAuthenticator } from './http/auth';
import { bindOperations } from './http/bind';
import { installBodyTimeout } from './http/body-timeout';
import { clientErrorHandler } from './http/client-errors';
import { frameworkErrorHandler, installProblemHandlers } from './http/errors';
import { installJsonBodyParser } from './http/json-body';
import { installPlatform } from './http/platform';
import type { RateLimits } from './http/rate-limit';
import { createHandlers } from './operations';

/**
 * Where the service publishes its contract and changelog (Versioning in `api/openapi.yaml`
 * `info.description`); these are not operations.
 */
export const metaRoutes = {
  openapiJson: '/openapi.json',
  openapiYaml: '/openapi.yaml',
  changelog: '/changelog',
} as const;

const changelogPath = findProjectFile('docs/API-CHANGELOG.md');

/** Options for buildApp. */
export interface AppOptions {
  logger: boolean;
  /** Lifetime of access tokens, seconds. */
  accessTokenTtlSeconds: number;
  /** Request quotas (see `http/rate-limit.ts`). */
  rateLimits: RateLimits;
  /** Longest silence within a request body before it is answered 408, ms (see `http/body-timeout.ts`). */
  bodyTimeoutMs: number;
}

/** Builds (but does not start) the service's Fastify app over the composed service (`./compose.ts`). */
export async function buildApp(service: ComposedService, options: AppOptions): Promise<FastifyInstance> {
  const { store, repos, areas, campaignSender } = service;
  const app = Fastify({
    logger: options.logger,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    return503OnClosing: true,
    genReqId: () => randomUUID(),
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });
  app.decorateRequest('userId', null);
  app.decorateRequest('validated', null);
  installProblemHandlers(app);
  installBodyTimeout(app, options.bodyTimeoutMs);
  installJsonBodyParser(app);
  // Downloads are attachments of any type: never let a browser sniff them into something else.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
  });
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
  });

  const { text, contract } = loadContract();
  await installPlatform(app, store, repos.audit, contract, options.rateLimits);
  const json = JSON.stringify(contract);
  app.get(metaRoutes.openapiJson, (_req, reply) => reply.type('application/json; charset=utf-8').send(json));
  app.get(metaRoutes.openapiYaml, (_req, reply) => reply.type('application/yaml; charset=utf-8').send(text));
  app.get(metaRoutes.changelog, (_req, reply) =>
    reply.type('text/markdown; charset=utf-8').send(readFileSync(changelogPath, 'utf8')),
  );

  bindOperations(
    app,
    contract,
    createHandlers({ store, repos, campaignSender, accessTokenTtlSeconds: options.accessTokenTtlSeconds }, areas),
    createAuthenticator(store.users),
    serviceAccessResources(store, repos),
  );
  return app;
}
