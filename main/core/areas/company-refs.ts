/** Companies as the on-demand reads (rebates, spend) name them: by service id, and by name. */
import type { HandlerContext } from './context';

/** The service id of company `id` (after any id swap), or null when it was created here and not sent yet. */
export function companyServiceId(ctx: HandlerContext, id: string): string | null {
  const current = ctx.writes.currentId(id);
  return ctx.outbox.serviceIdOf(current) === null ? null : current;
}

/** Company id → name for the cached companies among `ids` (ids not cached are left out). */
export function companyNames(ctx: HandlerContext, ids: Iterable<string>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const id of ids) {
    const company = ctx.stores.companies.get(id);
    if (company) names[id] = company.name;
  }
  return names;
}
