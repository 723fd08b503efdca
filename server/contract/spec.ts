/**
 * Loads the HTTP contract `api/openapi.yaml` (OpenAPI 3.1), the single source of truth for paths,
 * parameters and schemas, and resolves the `$ref`s the binder and the tests need.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { findProjectFile } from '../../api/locate';

/** Absolute path of the contract file. */
export const contractPath = findProjectFile('api/openapi.yaml');

/** A JSON Schema (2020-12) as found in the contract. */
export type JsonSchema = Record<string, unknown>;

/** An OpenAPI parameter object (after `$ref` resolution). */
export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

/** An OpenAPI response object (after `$ref` resolution). */
export interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: JsonSchema }>;
}

/** An OpenAPI operation object, with the fields this project reads. */
export interface OperationObject {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<ParameterObject | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, ResponseObject | { $ref: string }>;
}

/** The parts of the OpenAPI document this project reads. */
export interface Contract {
  openapi: string;
  info: { title: string; version: string };
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters?: Record<string, ParameterObject>;
    responses?: Record<string, ResponseObject>;
    headers?: Record<string, unknown>;
  };
}

/** One operation of the contract with its method and path. */
export interface ContractOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  operation: OperationObject;
  /** False when the operation declares `security: []` (no bearer token needed). */
  requiresAuth: boolean;
  parameters: ParameterObject[];
}

const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;

let cached: { text: string; contract: Contract } | null = null;

/** Reads and parses the contract (cached). Returns the YAML text too, for serving it as-is. */
export function loadContract(): { text: string; contract: Contract } {
  if (!cached) {
    const text = readFileSync(contractPath, 'utf8');
    cached = { text, contract: parse(text) as Contract };
  }
  return cached;
}

/**
 * Resolves a local `$ref` (`#/components/...`) in the contract. Throws when the target is missing,
 * which means the contract itself is broken.
 */
export function resolveRef<T>(contract: Contract, value: T | { $ref: string }): T {
  if (!value || typeof value !== 'object' || !('$ref' in value)) return value as T;
  const ref = (value as { $ref: string }).$ref;
  if (!ref.startsWith('#/')) throw new Error(`Contract: only local references are supported, got ${ref}`);
  let node: unknown = contract;
  for (const part of ref.slice(2).split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (node === undefined) throw new Error(`Contract: unresolved reference ${ref}`);
  return node as T;
}

/** Every operation of the contract, in document order. */
export function listOperations(contract: Contract): ContractOperation[] {
  const result: ContractOperation[] = [];
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      const security = operation.security ?? contract.security ?? [];
      result.push({
        operationId: operation.operationId,
        method: method.toUpperCase() as ContractOperation['method'],
        path,
        operation,
        requiresAuth: security.length > 0,
        parameters: (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(contract, p)),
      });
    }
  }
  return result;
}
