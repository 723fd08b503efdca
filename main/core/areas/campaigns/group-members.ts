/**
 * The members of a dynamic group, from the cache: the contacts matching its filter as the service
 * matches them (server/db/groups.ts: every non-null criterion must hold; the city compared without
 * case), split into those a campaign takes and those it refuses (no e-mail address, archived:
 * api/openapi.yaml, `Add Campaign Recipient`). Contacts created here and not yet sent are left out
 * (the service does not know them yet).
 */
import type { Group } from '../../../../preload/contract';
import type { HandlerContext } from '../context';

/** The contact ids a campaign can take, and how many members it would refuse. */
export interface GroupMembers {
  contactIds: string[];
  leftOut: number;
}

/** The cached members of `group`'s filter (a dynamic group). */
export function dynamicGroupMembers(ctx: HandlerContext, filter: NonNullable<Group['filter']>): GroupMembers {
  const where: string[] = [];
  const params: string[] = [];
  for (const [column, value] of [
    ['company_id', filter.companyId],
    ['type', filter.type],
    ['state', filter.state],
    ['country', filter.country],
  ] as const) {
    if (value !== null) {
      where.push(`${column} = ?`);
      params.push(value);
    }
  }
  if (filter.city !== null) {
    where.push('city = ? COLLATE NOCASE');
    params.push(filter.city);
  }
  const rows = ctx.cache.db
    .prepare(`SELECT id, email, state FROM contacts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`)
    .all(...params) as { id: string; email: string | null; state: string }[];
  const found: GroupMembers = { contactIds: [], leftOut: 0 };
  for (const row of rows) {
    if (ctx.outbox.serviceIdOf(row.id) === null) continue;
    if (!row.email || row.state === 'archived') found.leftOut += 1;
    else found.contactIds.push(row.id);
  }
  return found;
}
