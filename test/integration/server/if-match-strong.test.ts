/**
 * `If-Match` over HTTP (RFC 9110 §13.1.1, strong comparison): a weak ETag never matches, `*`
 * matches an existing record and never a create, a list matches when one strong tag does, and a
 * malformed value is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { type Problem, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type Contact = components['schemas']['Contact'];

let t: TestService;
let contact: Contact;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  const created = await t.client.call('saveUser', { body: { firstName: 'Etta', lastName: 'Tag' } });
  contact = created.body as Contact;
});
afterAll(() => t.stop());

const save = (ifMatch: string, body: Record<string, unknown>) =>
  t.client.call('saveUser', { body, headers: { 'If-Match': ifMatch } });

describe('If-Match on a save', () => {
  it('refuses the weak form of the current ETag with 412 and the current record', async () => {
    const res = await save(`W/"${contact.version}"`, { id: contact.id, firstName: 'Weak', lastName: 'Tag' });
    expect(res.status).toBe(412);
    const problem = res.body as Problem;
    expect(problem.type).toBe('/problems/precondition-failed');
    expect(problem.current).toMatchObject({ id: contact.id, firstName: 'Etta', version: contact.version });
  });

  it('accepts a list in which one strong tag is current', async () => {
    const res = await save(`W/"${contact.version}", "99", "${contact.version}"`, {
      id: contact.id,
      firstName: 'Listed',
      lastName: 'Tag',
    });
    expect(res.status).toBe(200);
    contact = res.body as Contact;
    expect(res.headers.get('etag')).toBe(`"${contact.version}"`);
  });

  it('accepts * for an existing record and refuses it for a create', async () => {
    const update = await save('*', { id: contact.id, firstName: 'Starred', lastName: 'Tag' });
    expect(update.status).toBe(200);
    contact = update.body as Contact;
    const before = t.service.store.db.prepare('SELECT count(*) FROM contacts').pluck().get();
    const create = await save('*', { firstName: 'Never', lastName: 'Created' });
    expect(create.status).toBe(412);
    expect((create.body as Problem).type).toBe('/problems/precondition-failed');
    expect(t.service.store.db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(before);
  });

  it('answers a malformed If-Match with 400 at /header/If-Match and changes nothing', async () => {
    const res = await save(String(contact.version), { id: contact.id, firstName: 'Bare', lastName: 'Number' });
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors?.[0].pointer).toBe('/header/If-Match');
    const now = await t.client.call('getUser', { query: { id: contact.id } });
    expect((now.body as Contact).firstName).toBe('Starred');
  });
});
