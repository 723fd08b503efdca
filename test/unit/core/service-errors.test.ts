import { describe, expect, it } from 'vitest';
import { errorFromResponse, parseProblem, parseRetryAfter } from '../../../main/core/api/problem';
import { normalizeServerUrl } from '../../../main/core/session/server-url';

describe('errorFromResponse', () => {
  it.each([
    [400, 'invalid_input'],
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'not_found'],
    [409, 'conflict'],
    [412, 'conflict'],
    [413, 'too_large'],
    [429, 'server_error'],
    [500, 'server_error'],
    [503, 'server_error'],
  ])('maps %i to %s', (status, code) => {
    expect(errorFromResponse(status, null, null).code).toBe(code);
  });

  it('says what the problem document says, with the bad fields', () => {
    const err = errorFromResponse(
      400,
      {
        type: '/problems/validation',
        title: 'Invalid request',
        status: 400,
        detail: 'Fix the fields.',
        errors: [{ pointer: '/body/username', detail: 'must be an e-mail' }],
      },
      null,
    );
    expect(err.message).toContain('Invalid request — Fix the fields.');
    expect(err.message).toContain('username: must be an e-mail');
    expect(err.status).toBe(400);
  });

  it('keeps Retry-After for backoff', () => {
    expect(errorFromResponse(503, null, '7').retryAfterMs).toBe(7000);
  });
});

describe('parseProblem', () => {
  it('ignores what is not a problem document', () => {
    expect(parseProblem('oops')).toEqual({ title: null, detail: null, errors: [], current: null });
    expect(parseProblem({ title: 5, errors: [{ pointer: 1 }] })).toEqual({
      title: null,
      detail: null,
      errors: [],
      current: null,
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates (RFC 9110 §10.2.3)', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('normalizeServerUrl', () => {
  it.each([
    ['http://127.0.0.1:4010/', 'http://127.0.0.1:4010'],
    ['  https://brm.example.com/base//  ', 'https://brm.example.com/base'],
    ['brm.example.com', 'https://brm.example.com'],
    ['localhost:8080', 'https://localhost:8080'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normalizeServerUrl(input)).toBe(expected);
  });

  it.each([
    ['', /empty/],
    ['not a url', /not a valid server URL/],
    ['htp//nonsense', /not a valid server URL/],
    ['ftp://files.example.com', /must start with https:\/\/ or http:\/\//],
    ['file:///etc/passwd', /must start with https:\/\/ or http:\/\//],
    ['https://user:secret@brm.example.com', /must not contain a user name or password/],
    ['https://brm.example.com/?a=1', /must not contain "\?" or "#"/],
  ])('refuses %j clearly', (input, message) => {
    expect(() => normalizeServerUrl(input)).toThrow(message);
    try {
      normalizeServerUrl(input);
    } catch (err) {
      expect((err as { code: string }).code).toBe('invalid_input');
    }
  });
});
