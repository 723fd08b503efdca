/**
 * Problems for requests Node refuses before Fastify routes them (`server/http/client-errors.ts`):
 * each is a valid Problem of the contract with the status the failure calls for.
 */
import { describe, expect, it } from 'vitest';
import { compileContractSchema, createContractAjv } from '../../../server/contract/ajv';
import { loadContract } from '../../../server/contract/spec';
import { type ClientError, clientErrorProblem } from '../../../server/http/client-errors';

const isProblem = compileContractSchema(createContractAjv(loadContract().contract), {
  $ref: '#/components/schemas/Problem',
});

function clientError(code: string, reason?: string): ClientError {
  return Object.assign(new Error(reason ?? code), { code, reason });
}

describe('clientErrorProblem', () => {
  it.each([
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, '/problems/request-timeout', undefined],
    ['HPE_HEADER_OVERFLOW', 431, '/problems/too-large', undefined],
    ['HPE_UNEXPECTED_CONTENT_LENGTH', 400, '/problems/validation', '/header/Content-Length'],
    ['HPE_INVALID_CONTENT_LENGTH', 400, '/problems/validation', '/header/Content-Length'],
    ['HPE_INVALID_CHUNK_SIZE', 400, '/problems/validation', '/header/Transfer-Encoding'],
    ['HPE_INVALID_METHOD', 400, '/problems/validation', undefined],
  ])('%s → %i %s', (code, status, type, pointer) => {
    const problem = clientErrorProblem(clientError(code, 'what llhttp said'));
    expect(isProblem(problem), JSON.stringify(isProblem.errors)).toBe(true);
    expect(problem).toMatchObject({ status, type });
    expect(problem.errors?.[0]?.pointer).toBe(pointer);
  });

  it('names what llhttp found in the detail', () => {
    expect(
      clientErrorProblem(clientError('HPE_UNEXPECTED_CONTENT_LENGTH', 'Duplicate Content-Length')).detail,
    ).toContain('Duplicate Content-Length');
  });
});
