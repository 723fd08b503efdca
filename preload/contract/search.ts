/** The global search: one box over every cached type, results grouped by type. */
import { z } from 'zod';
import { call, maxSearchLength } from './common';

/** One hit: enough to show it and open it. */
export interface SearchHit {
  id: string;
  title: string;
  subtitle: string | null;
}

/**
 * The hits of one type, best first, and how many match: counted up to 1,000, with `more` when
 * more do (main/core/areas/search/search-window.ts).
 */
export interface SearchGroup {
  type: 'contact' | 'company' | 'calendarEvent' | 'document';
  hits: SearchHit[];
  total: number;
  more: boolean;
}

export const searchCalls = {
  'search.global': call<SearchGroup[]>()(
    z
      .object({ query: z.string().max(maxSearchLength), limitPerType: z.number().int().min(1).max(50).default(5) })
      .strict(),
  ),
} as const;
