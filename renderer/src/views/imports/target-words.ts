/** The kinds of record an import file holds (api/openapi.yaml `ImportTarget`), in words. */
import type { ImportTarget } from '../../../../preload/contract';

/** Each target in words, plural ("Contacts"). */
export const targetLabel: Record<ImportTarget, string> = { contact: 'Contacts', company: 'Companies' };
