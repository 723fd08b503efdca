/**
 * The options of a SearchableSelect (searchable-select.tsx) that picks contacts one by one by
 * typing part of their name: a first page of the cached contacts (`contacts.list`) matching the
 * text, those already chosen left out.
 */
import type { BrmBridge, ContactRow } from '../../../../preload/contract';
import { fullName } from '../../lib/format';
import type { SelectOption } from './searchable-select';

/** Contacts offered at once while typing. */
const offeredContacts = 10;

/**
 * The contacts matching `text` (all when blank) that are not in `chosen`, at most 10, each labelled
 * by its full name with `detail(contact)` as its second line. Rejects as the bridge call does.
 */
export async function contactOptions(
  bridge: BrmBridge,
  text: string,
  chosen: readonly SelectOption[],
  detail: (contact: ContactRow) => string | null | undefined,
): Promise<SelectOption[]> {
  const found = await bridge.call('contacts.list', {
    query: text.trim() || undefined,
    offset: 0,
    limit: offeredContacts,
  });
  return found.rows
    .filter((contact) => !chosen.some((option) => option.id === contact.id))
    .map((contact) => ({ id: contact.id, label: fullName(contact), detail: detail(contact) }));
}
