/**
 * `useRecipientPicker`: the state of the recipient picker: the search text, the contacts chosen
 * (at most `maxRecipientsPerCall`, the bridge's limit per `calendar.addRecipients`), a pasted list
 * matched to contacts, and the message that says what happened. Nothing typed is dropped: entries
 * that did not match, or that did not fit under the limit, stay in the search field. The search
 * text and the choice are kept as a draft (`drafts.*`) until the invitation is sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CalendarEventDetail, type ContactRow, maxRecipientsPerCall } from '../../../../preload/contract';
import { errorMessage } from '../../lib/errors';
import { fullName, pluralize } from '../../lib/format';
import { useBridge } from '../../stores/stores-context';
import { matchEntries, splitPastedList, type UnmatchedEntry } from './pasted-list';

/** A message under the search field; `limit` offers to match the first entries that fit. */
export interface PickerMessage {
  tone: 'info' | 'error';
  text: string;
  limit?: number;
}

/** Why a contact cannot be chosen, in words; null when it can. */
export type Unavailable = 'no e-mail address' | 'already invited' | null;

/** True when the search text holds a list (a comma, semicolon or line break between entries). */
export function isList(text: string): boolean {
  return /[\n\r,;]/.test(text) && splitPastedList(text).length > 0;
}

function describeLeftovers(unmatched: readonly UnmatchedEntry[], skipped: readonly string[]): string {
  const parts = [
    ...unmatched.map((u) => `${u.entry} (${u.reason === 'not found' ? 'no contact found' : 'several contacts match'})`),
    ...skipped,
  ];
  return parts.length ? ` Not chosen, still in the search field: ${parts.join(', ')}.` : '';
}

interface PickerDraft {
  query: string;
  selected: ContactRow[];
}

/** The picker's state for `event`. */
export function useRecipientPicker(event: CalendarEventDetail) {
  const bridge = useBridge();
  const [query, setQueryState] = useState('');
  const [selected, setSelected] = useState<ContactRow[]>([]);
  const [message, setMessage] = useState<PickerMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const touched = useRef(false);
  const draftKey = `calendarInvite:${event.id}`;

  // The draft follows what is typed and chosen (a moment after the last change, and at once when the picker closes).
  const latest = useRef<PickerDraft>({ query, selected });
  latest.current = { query, selected };
  const keep = useCallback(
    (draft: PickerDraft) => {
      const empty = draft.query.trim() === '' && draft.selected.length === 0;
      const call = empty
        ? bridge.call('drafts.remove', { key: draftKey })
        : bridge.call('drafts.put', { key: draftKey, value: { query: draft.query, selected: draft.selected } });
      void call.catch(() => undefined);
    },
    [bridge, draftKey],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of `query` or `selected` is the trigger by design.
  useEffect(() => {
    if (!touched.current) return;
    const timer = setTimeout(() => keep(latest.current), 400);
    return () => clearTimeout(timer);
  }, [keep, query, selected]);
  useEffect(
    () => () => {
      if (touched.current) keep(latest.current);
    },
    [keep],
  );

  const setQuery = useCallback((text: string) => {
    touched.current = true;
    setQueryState(text);
  }, []);

  const invited = new Set(event.recipients.map((r) => r.contactId).filter(Boolean));
  const invitedEmails = new Set(event.recipients.map((r) => r.email.toLowerCase()));
  const unavailable = (contact: ContactRow): Unavailable => {
    if (invited.has(contact.id) || (contact.email && invitedEmails.has(contact.email.toLowerCase())))
      return 'already invited';
    return contact.email ? null : 'no e-mail address';
  };
  const room = maxRecipientsPerCall - selected.length;
  const unavailableRef = useRef(unavailable);
  unavailableRef.current = unavailable;

  useEffect(() => {
    let current = true;
    bridge.call('drafts.get', { key: draftKey }).then(
      (draft) => {
        const value = draft?.value as PickerDraft | undefined;
        if (!current || touched.current || !value || typeof value.query !== 'string') return;
        setQueryState(value.query);
        // People invited since the draft was kept are not offered again.
        const kept = Array.isArray(value.selected) ? value.selected : [];
        setSelected(kept.filter((contact) => !unavailableRef.current(contact)).slice(0, maxRecipientsPerCall));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [bridge, draftKey]);

  function limitText(count: number, what: string): string {
    const chosen = selected.length ? ` ${pluralize(selected.length, 'person is', 'people are')} already chosen.` : '';
    return `${what} ${pluralize(count, 'name or e-mail address', 'names or e-mail addresses')}, but one invitation takes at most ${maxRecipientsPerCall} people.${chosen} Nothing was lost: the list is still in the search field. Choose the first ${room} now and invite them, then the rest.`;
  }

  /** Chooses or unchooses `contact` (refused in words when it cannot be invited or the limit is reached). */
  function toggle(contact: ContactRow) {
    touched.current = true;
    if (selected.some((c) => c.id === contact.id)) {
      setSelected(selected.filter((c) => c.id !== contact.id));
      setMessage(null);
      return;
    }
    const reason = unavailable(contact);
    if (reason) {
      setMessage({ tone: 'error', text: `${fullName(contact)} cannot be chosen: ${reason}.` });
    } else if (room <= 0) {
      setMessage({
        tone: 'error',
        text: `One invitation takes at most ${maxRecipientsPerCall} people. Invite these ${selected.length} first, then choose more.`,
      });
    } else {
      setSelected([...selected, contact]);
      setMessage(null);
    }
  }

  /** Matches the list in `text` (the search field; its first `count` entries, or all when they fit under the limit). */
  async function matchList(text: string, count?: number) {
    touched.current = true;
    const entries = splitPastedList(text);
    if (count === undefined && entries.length > room) {
      setMessage({ tone: 'error', text: limitText(entries.length, 'The list has'), limit: room });
      return;
    }
    const taken = entries.slice(0, count ?? entries.length);
    setBusy(true);
    try {
      const outcome = await matchEntries(taken, async (text) => {
        const answer = await bridge.call('contacts.list', { query: text.slice(0, 200), offset: 0, limit: 10 });
        return answer.rows;
      });
      const chosen = new Set(selected.map((c) => c.id));
      const added: ContactRow[] = [];
      const skipped: string[] = [];
      for (const { entry, contact } of outcome.matched) {
        const reason = unavailable(contact);
        if (reason) skipped.push(`${entry} (${reason})`);
        else if (!chosen.has(contact.id)) {
          chosen.add(contact.id);
          added.push(contact);
        }
      }
      setSelected([...selected, ...added]);
      const left = [
        ...outcome.unmatched.map((u) => u.entry),
        ...outcome.matched.filter(({ contact }) => unavailable(contact)).map(({ entry }) => entry),
        ...entries.slice(taken.length),
      ];
      setQueryState(left.join(', '));
      const rest = entries.length - taken.length;
      setMessage({
        tone: outcome.unmatched.length || skipped.length ? 'error' : 'info',
        text: `Chose ${pluralize(added.length, 'person', 'people')} from ${pluralize(taken.length, 'entry', 'entries')}.${describeLeftovers(outcome.unmatched, skipped)}${rest ? ` ${pluralize(rest, 'more entry waits', 'more entries wait')} in the search field for the next invitation.` : ''}`,
      });
    } catch (reason) {
      setMessage({ tone: 'error', text: `The list could not be matched: ${errorMessage(reason)}` });
    } finally {
      setBusy(false);
    }
  }

  /** Takes a paste: a list of several entries goes into the search field and is matched (if it fits). */
  function paste(text: string): boolean {
    const entries = splitPastedList(text);
    if (entries.length < 2) return false;
    const next = [query.trim(), ...entries].filter(Boolean).join(', ');
    touched.current = true;
    setQueryState(next);
    const total = splitPastedList(next).length;
    if (total > room) setMessage({ tone: 'error', text: limitText(total, 'You pasted'), limit: room });
    else void matchList(next);
    return true;
  }

  /**
   * Sends the invitation of the chosen contacts; resolves true when it was queued. The search term
   * is cleared then, while entries of a pasted list that were not invited yet stay.
   */
  async function invite(): Promise<boolean> {
    if (selected.length === 0) {
      setMessage({ tone: 'error', text: 'Choose at least one contact to invite.' });
      return false;
    }
    setBusy(true);
    try {
      await bridge.call('calendar.addRecipients', { id: event.id, contactIds: selected.map((c) => c.id) });
      // A search term is done with; what is left of a pasted list waits for the next invitation.
      const left = { query: isList(query) ? query : '', selected: [] };
      latest.current = left;
      keep(left);
      setSelected([]);
      setQueryState(left.query);
      if (left.query) {
        setMessage({
          tone: 'info',
          text: `Invited ${pluralize(selected.length, 'person', 'people')}. The rest of your list is still in the search field.`,
        });
      }
      return true;
    } catch (reason) {
      setMessage({ tone: 'error', text: errorMessage(reason) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { query, setQuery, selected, message, busy, room, unavailable, toggle, matchList, paste, invite };
}
