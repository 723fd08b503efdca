/**
 * `search.global`: one query over every cached type (contacts, companies, calendar events,
 * documents), each with its own index and ranking, grouped by type. Works offline.
 */
import type { SearchGroup } from '../../../../preload/contract';
import type { AreaHandlers } from '../context';

/** Creates the global search handler. */
export const searchHandlers: AreaHandlers<'search.global'> = (ctx) => ({
  'search.global': async ({ query, limitPerType }) => {
    const text = query.trim();
    if (!text) return [];
    const { contacts, companies, calendar, documents } = ctx.stores;
    const groups: SearchGroup[] = [];
    const c = contacts.search(text, limitPerType);
    groups.push({
      type: 'contact',
      total: c.total,
      hits: c.rows.map((r) => ({
        id: r.id,
        title: `${r.firstName} ${r.lastName}`,
        subtitle: [r.companyName, r.email ?? r.phone].filter(Boolean).join(' · ') || null,
      })),
    });
    const co = companies.search(text, limitPerType);
    groups.push({
      type: 'company',
      total: co.total,
      hits: co.rows.map((r) => ({
        id: r.id,
        title: r.name,
        subtitle: [r.industry, r.city].filter(Boolean).join(' · ') || null,
      })),
    });
    const e = calendar.search(text, limitPerType);
    groups.push({
      type: 'calendarEvent',
      total: e.total,
      hits: e.rows.map((r) => ({ id: r.id, title: r.title, subtitle: r.startsAt })),
    });
    const d = documents.search(text, limitPerType);
    groups.push({
      type: 'document',
      total: d.total,
      hits: d.rows.map((r) => ({ id: r.id, title: r.title, subtitle: r.name })),
    });
    return groups.filter((g) => g.total > 0);
  },
});
