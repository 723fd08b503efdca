/**
 * Groups of contacts: the group tree (`parentId`, sibling `position`), static memberships and the
 * member counts of dynamic groups (contacts matching the group's filter, counted when read).
 */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import type { TreeRow } from './group-tree';
import { keysetPage, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Group. */
export type Group = components['schemas']['Group'];
/** The contract's GroupFilter (criteria of a dynamic group). */
export type GroupFilter = components['schemas']['GroupFilter'];
/** Sort orders of `getGroups`. */
export type GroupSort = 'name' | '-name' | 'position' | '-position' | 'updatedAt' | '-updatedAt';

/** Tables of groups and static memberships (memberships go with their group or contact). */
export const groupsDdl = `
CREATE TABLE contact_groups (
  id TEXT PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, parent_id TEXT REFERENCES contact_groups (id) DEFERRABLE INITIALLY DEFERRED,
  position INTEGER NOT NULL, kind TEXT NOT NULL, updated_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE UNIQUE INDEX contact_groups_sibling_name ON contact_groups (ifnull(parent_id, ''), name COLLATE NOCASE);
CREATE INDEX contact_groups_name ON contact_groups (name, id);
CREATE INDEX contact_groups_parent ON contact_groups (parent_id, position);
CREATE INDEX contact_groups_updated ON contact_groups (updated_at, id);
CREATE TABLE group_members (
  group_id TEXT NOT NULL REFERENCES contact_groups (id) ON DELETE CASCADE,
  contact_id TEXT NOT NULL REFERENCES contacts (id) ON DELETE CASCADE,
  added_at TEXT NOT NULL, PRIMARY KEY (group_id, contact_id)) WITHOUT ROWID;
CREATE INDEX group_members_contact ON group_members (contact_id, group_id);
`;

const sorts: Record<GroupSort, SortSpec> = {
  name: { name: 'name', columns: ['name', 'id'], desc: false },
  '-name': { name: '-name', columns: ['name', 'id'], desc: true },
  position: { name: 'position', columns: ['position', 'name', 'id'], desc: false },
  '-position': { name: '-position', columns: ['position', 'name', 'id'], desc: true },
  updatedAt: { name: 'updatedAt', columns: ['updated_at', 'id'], desc: false },
  '-updatedAt': { name: '-updatedAt', columns: ['updated_at', 'id'], desc: true },
};

/** Filters and paging of a group list. `parentId` null: top-level groups only. */
export interface GroupListQuery {
  parentId?: string | null;
  /** true: only groups with a parent; false: only top-level groups. */
  nested?: boolean;
  kind?: Group['kind'];
  q?: string;
  /** Only static groups this contact is a member of. */
  memberId?: string;
  sort?: GroupSort;
  cursor?: string;
  limit: number;
}

/** Groups repository. */
export class GroupRepo {
  readonly table: RecordTable<Group>;
  private readonly db: Db;
  private readonly staticCount;
  private readonly dynamicCount;
  private readonly childrenStmt;
  private readonly insertMember;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<Group>(db, feed, ajv, {
      table: 'contact_groups',
      schema: 'Group',
      columnNames: ['name', 'parent_id', 'position', 'kind', 'updated_at'],
      columns: (r) => ({
        name: r.name,
        parent_id: r.parentId,
        position: r.position,
        kind: r.kind,
        updated_at: r.updatedAt,
      }),
      uniqueName: { scope: (r) => r.parentId ?? '', what: () => 'group', where: () => 'at that place in the tree' },
    });
    this.staticCount = db.prepare('SELECT COUNT(*) FROM group_members WHERE group_id = ?').pluck();
    this.dynamicCount = db
      .prepare(
        `SELECT COUNT(*) FROM contacts WHERE (@companyId IS NULL OR company_id = @companyId)
         AND (@state IS NULL OR state = @state) AND (@type IS NULL OR json_extract(data, '$.type') = @type)
         AND (@country IS NULL OR json_extract(data, '$.country') = @country)
         AND (@city IS NULL OR json_extract(data, '$.city') = @city COLLATE NOCASE)`,
      )
      .pluck();
    this.childrenStmt = db
      .prepare('SELECT data FROM contact_groups WHERE parent_id IS ? ORDER BY position, name, id')
      .pluck();
    this.insertMember = db.prepare(
      'INSERT INTO group_members (group_id, contact_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    );
  }

  /** The number of members of a group now: its listed members, or the contacts matching its filter. */
  memberCount(group: Pick<Group, 'id' | 'kind' | 'filter'>): number {
    if (group.kind === 'dynamic' && group.filter) return this.dynamicCount.get(group.filter) as number;
    return this.staticCount.get(group.id) as number;
  }

  /** The group with its current member count. */
  private fresh(group: Group): Group {
    return { ...group, memberCount: this.memberCount(group) };
  }

  /** The group (member count as of now), or undefined. */
  get(id: string): Group | undefined {
    const group = this.table.get(id);
    return group && this.fresh(group);
  }

  /** Creates or replaces a group; `memberCount` is recomputed. Throws when it does not match the contract. */
  save(id: string, body: Omit<RecordBody<Group>, 'memberCount'>, times?: { createdAt?: string; updatedAt?: string }) {
    const memberCount = this.memberCount({ id, kind: body.kind, filter: body.filter });
    return this.table.write(id, { ...body, memberCount }, undefined, times);
  }

  /** Deletes a group and its memberships. False when there was none. */
  remove(id: string): boolean {
    return this.table.remove(id, undefined);
  }

  /** The children of a group (null: the top-level groups), in position order. */
  children(parentId: string | null): Group[] {
    return (this.childrenStmt.all(parentId) as string[]).map((json) => JSON.parse(json) as Group);
  }

  /** Every group's id and parent id. */
  parentMap(): Map<string, string | null> {
    const rows = this.db.prepare('SELECT id, parent_id FROM contact_groups').raw(true).all() as Array<
      [string, string | null]
    >;
    return new Map(rows);
  }

  /** Every group as the tree needs it, member counts included. */
  treeRows(): TreeRow[] {
    const counts = new Map(
      this.db.prepare('SELECT group_id, COUNT(*) FROM group_members GROUP BY group_id').raw(true).all() as Array<
        [string, number]
      >,
    );
    return (this.db.prepare('SELECT data FROM contact_groups').pluck().all() as string[]).map((json) => {
      const g = JSON.parse(json) as Group;
      const memberCount = g.kind === 'dynamic' ? this.memberCount(g) : (counts.get(g.id) ?? 0);
      const ownerId = g.ownerId ?? null;
      return { id: g.id, name: g.name, kind: g.kind, ownerId, parentId: g.parentId, position: g.position, memberCount };
    });
  }

  /** Number of groups. */
  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM contact_groups').pluck().get() as number;
  }

  /** Adds contacts to a group at `at` (ISO 8601); returns how many were not members yet. */
  addMembers(groupId: string, contactIds: readonly string[], at: string): number {
    let added = 0;
    for (const contactId of contactIds) added += this.insertMember.run(groupId, contactId, at).changes;
    return added;
  }

  /** The ids among `ids` that name no contact. */
  unknownContacts(ids: readonly string[]): Set<string> {
    const found = new Set(
      this.db
        .prepare('SELECT id FROM contacts WHERE id IN (SELECT value FROM json_each(?))')
        .pluck()
        .all(JSON.stringify(ids)) as string[],
    );
    return new Set(ids.filter((id) => !found.has(id)));
  }

  /** One page of groups, member counts as of now. */
  list(query: GroupListQuery): { items: Group[]; nextCursor: string | null } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.parentId !== undefined) {
      where.push('parent_id IS ?');
      params.push(query.parentId);
    }
    if (query.nested !== undefined) where.push(query.nested ? 'parent_id IS NOT NULL' : 'parent_id IS NULL');
    if (query.kind !== undefined) {
      where.push('kind = ?');
      params.push(query.kind);
    }
    if (query.q !== undefined) {
      where.push('instr(lower(name), lower(?)) > 0');
      params.push(query.q);
    }
    if (query.memberId !== undefined) {
      where.push('id IN (SELECT group_id FROM group_members WHERE contact_id = ?)');
      params.push(query.memberId);
    }
    const page = keysetPage(this.db, {
      list: query.memberId === undefined ? 'groups' : 'groupsOfContact',
      table: 'contact_groups',
      where,
      params,
      sort: sorts[query.sort ?? 'name'],
      cursor: query.cursor,
      limit: query.limit,
    });
    return { items: page.items.map((json) => this.fresh(JSON.parse(json) as Group)), nextCursor: page.nextCursor };
  }
}
