/**
 * `search.global`: one query over every cached type (contacts, companies, calendar events,
 * documents), each with its own index and ranking, grouped by type. Works offline.
 */
import type { SearchGroup, SearchHit } from '../../../../preload/contract';
import type { AreaHandlers } from '../context';
import type { SearchWindow } from './search-window';

/** The words that are there, joined with " · ", or null when none is. */
function joined(parts: ReadonlyArray<string | null>): string | null {
  return parts.filter(Boolean).join(' · ') || null;
}

/** One type's group: its hits (best first) and how many match (up to a limit, `more` beyond). */
function group<R>(type: SearchGroup['type'], found: SearchWindow<R>, hit: (row: R) => SearchHit): SearchGroup {
  return { type, total: found.total, more: found.more, hits: found.rows.map(hit) };
}

/** Creates the global search handler. */
export const searchHandlers: AreaHandlers<'search.global'> = (ctx) => ({
  'search.global': async ({ query, limitPerType }) => {
    const text = query.trim();
    if (!text) return [];
    const { contacts, companies, calendar, documents } = ctx.stores;
    const groups: SearchGroup[] = [
      group('contact', contacts.search(text, limitPerType), (r) => ({
        id: r.id,
        title: `${r.firstName} ${r.lastName}`,
        subtitle: joined([r.companyName, r.email ?? r.phone]),
      })),
      group('company', companies.search(text, limitPerType), (r) => ({
        id: r.id,
        title: r.name,
        subtitle: joined([r.industry, r.city]),
      })),
      group('calendarEvent', calendar.search(text, limitPerType), (r) => ({
        id: r.id,
        title: r.title,
        subtitle: r.startsAt,
      })),
      group('document', documents.search(text, limitPerType), (r) => ({ id: r.id, title: r.title, subtitle: r.name })),
    ];
    return groups.filter((g) => g.total > 0);
  },
});
