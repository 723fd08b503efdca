/** The contract-response checker used by the service tests catches departures from the contract. */
import { describe, expect, it } from 'vitest';
import { contractViolations } from '../../helpers/server-contract';

const company = {
  id: '7d5a2b8e-6f1c-4c3e-9a7b-2e4d6f8a0b1c',
  version: 1,
  name: 'Acme',
  industry: null,
  website: 'https://acme.example',
  phone: null,
  address: { street: null, city: null, postalCode: null, country: 'DE' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('contractViolations', () => {
  it('accepts a conforming response', () => {
    expect(
      contractViolations('getCompany', { status: 200, contentType: 'application/json; charset=utf-8', body: company }),
    ).toEqual([]);
  });
  it('reports an undeclared status, a wrong media type and a schema mismatch', () => {
    expect(
      contractViolations('getCompany', { status: 418, contentType: 'application/json', body: company })[0],
    ).toMatch(/418/);
    expect(contractViolations('getCompany', { status: 200, contentType: 'text/plain', body: 'x' })[0]).toMatch(
      /media type/,
    );
    const bad = contractViolations('getCompany', {
      status: 200,
      contentType: 'application/json',
      body: { ...company, version: 0, extra: 1 },
    });
    expect(bad.join('\n')).toMatch(/version/);
    expect(bad.join('\n')).toMatch(/additional/);
  });
  it('checks problem documents against the Problem schema', () => {
    const problem = { type: '/problems/not-found', title: 'Not found', status: 404 };
    expect(
      contractViolations('getCompany', { status: 404, contentType: 'application/problem+json', body: problem }),
    ).toEqual([]);
    expect(
      contractViolations('getCompany', {
        status: 404,
        contentType: 'application/problem+json',
        body: { ...problem, type: 'oops' },
      }),
    ).not.toEqual([]);
  });
});
