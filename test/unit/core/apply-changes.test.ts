import BetterSqlite3 from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiContact, ApiNotification } from '../../../main/core/api/types';
import { type ChangeApplier, type ChangeToApply, createChangeApplier } from '../../../main/core/cache/apply-changes';
import { createContactsStore } from '../../../main/core/areas/contacts/store';
import { migrate } from '../../../main/core/cache/database';
import { apiCompany, apiContact } from '../../helpers/api-records';

const at = '2026-03-01T10:00:00.000Z';
const companyId = '00000000-0000-4000-8000-00000000c001';

function contact(id: string, version: number, patch: Partial<ApiContact> = {}): ChangeToApply {
  const data = apiContact({
    id,
    version,
    email: 'dana@example.com',
    companyId,
    createdAt: at,
    updatedAt: at,
    ...patch,
  });
  return { type: 'contact', id, op: 'upsert', version, data };
}

function company(version: number, name: string): ChangeToApply {
  const data = apiCompany({ id: companyId, version, name, createdAt: at, updatedAt: at });
  return { type: 'company', id: companyId, op: 'upsert', version, data };
}

function notification(id: string, version: number, state: ApiNotification['state']): ChangeToApply {
  const data: ApiNotification = {
    id,
    version,
    kind: 'comment',
    title: `Note ${id}`,
    body: '',
    state,
    resourceType: null,
    resourceId: null,
    createdAt: at,
    updatedAt: at,
  };
  return { type: 'notification', id, op: 'upsert', version, data };
}

const tombstone = (type: ChangeToApply['type'], id: string, version: number): ChangeToApply => ({
  type,
  id,
  op: 'delete',
  version,
  data: null,
});

describe('applying changes (version-newer rule)', () => {
  let db: BetterSqlite3.Database;
  let applier: ChangeApplier;
  const versionOf = (id: string) => db.prepare('SELECT version FROM contacts WHERE id = ?').pluck().get(id);
  const firstNameOf = (id: string) => db.prepare('SELECT first_name FROM contacts WHERE id = ?').pluck().get(id);

  beforeEach(() => {
    db = new BetterSqlite3(':memory:');
    migrate(db);
    applier = createChangeApplier(db);
  });

  it('inserts a new record and counts it', () => {
    const result = applier.apply([contact('c1', 1)]);
    expect(result.applied).toEqual({ contact: 1 });
    expect([...result.changedTypes]).toEqual(['contact']);
    expect(versionOf('c1')).toBe(1);
  });

  it('applies an upsert only when its version is newer', () => {
    applier.apply([contact('c1', 3, { firstName: 'Three' })]);
    expect(applier.apply([contact('c1', 2, { firstName: 'Two' })]).applied).toEqual({});
    expect(applier.apply([contact('c1', 3, { firstName: 'Again' })]).applied).toEqual({});
    expect(firstNameOf('c1')).toBe('Three');
    expect(applier.apply([contact('c1', 4, { firstName: 'Four' })]).applied).toEqual({ contact: 1 });
    expect(firstNameOf('c1')).toBe('Four');
    expect(versionOf('c1')).toBe(4);
  });

  it('deletes on a tombstone unless the cache holds a newer version', () => {
    applier.apply([contact('c1', 5)]);
    expect(applier.apply([tombstone('contact', 'c1', 4)]).applied).toEqual({});
    expect(versionOf('c1')).toBe(5);
    expect(applier.apply([tombstone('contact', 'c1', 6)]).applied).toEqual({ contact: 1 });
    expect(versionOf('c1')).toBeUndefined();
    expect(applier.apply([tombstone('contact', 'unknown', 1)]).applied).toEqual({});
  });

  it("keeps contacts' company name and its search index in step with the company", () => {
    applier.apply([contact('c1', 1)]);
    applier.apply([company(1, 'Blue Ridge Manufacturing')]);
    const contacts = createContactsStore(db);
    expect(contacts.list({ query: 'blue ridge' }, 0, 10).rows.map((r) => r.companyName)).toEqual([
      'Blue Ridge Manufacturing',
    ]);
    const renamed = applier.apply([company(2, 'Green Valley Foods')]);
    expect([...renamed.changedTypes].sort()).toEqual(['company', 'contact']);
    expect(contacts.list({ query: 'blue' }, 0, 10).total).toBe(0);
    expect(contacts.list({ query: 'green val' }, 0, 10).rows.map((r) => r.id)).toEqual(['c1']);
    applier.apply([tombstone('company', companyId, 3)]);
    expect(contacts.get('c1')?.companyName).toBeNull();
    expect(contacts.get('c1')?.company).toBeNull();
    // A contact arriving after its company gets the name at once.
    applier.apply([company(4, 'Late Co'), contact('c2', 1)]);
    expect(contacts.get('c2')?.companyName).toBe('Late Co');
  });

  it('reports notifications that are new and unread, not updates or read ones', () => {
    const first = applier.apply([notification('n1', 1, 'unread'), notification('n2', 1, 'read')]);
    expect(first.newUnreadNotifications.map((n) => n.id)).toEqual(['n1']);
    const second = applier.apply([notification('n1', 2, 'unread')]);
    expect(second.newUnreadNotifications).toEqual([]);
  });

  it('marks folders changed when documents change (their counts)', () => {
    const result = applier.apply([
      {
        type: 'document',
        id: 'd1',
        op: 'upsert',
        version: 1,
        data: {
          id: 'd1',
          version: 1,
          folderId: 'f1',
          name: 'a.pdf',
          title: 'A',
          contentType: 'application/pdf',
          size: 1,
          sha256: 'a'.repeat(64),
          crc32: '0a1b2c3d',
          state: 'draft',
          ownerId: 'o1',
          approval: null,
          createdAt: at,
          updatedAt: at,
        },
      },
    ]);
    expect([...result.changedTypes].sort()).toEqual(['document', 'folder']);
  });
});
