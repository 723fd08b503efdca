/**
 * `RecipientPicker`: invites cached contacts (those created offline too) to an event. Type to
 * search `contacts.list`, choose several with Enter or a click, or paste a list of names or e-mail
 * addresses; at most `maxRecipientsPerCall` per invitation, said in words, with the rest kept in
 * the search field. Offline the invitation is queued like every edit.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { type CalendarEventDetail, type ContactRow, maxRecipientsPerCall } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { fullName, pluralize } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { splitPastedList } from './pasted-list';
import { isList, useRecipientPicker } from './use-recipient-picker';
import './calendar-dialogs.css';

/** The event to invite people to, and whom the picker tells when it closes or invited. */
export interface RecipientPickerProps {
  event: CalendarEventDetail;
  onClose(): void;
  /**
   * Called after an invitation was queued, with the contacts invited; `done` is false when entries
   * of a pasted list still wait in the search field (the picker then stays open).
   */
  onInvited(contacts: ContactRow[], done: boolean): void;
}

/** How many contacts the search shows. */
const resultLimit = 20;

/** Renders the picker dialog. */
export function RecipientPicker({ event, onClose, onInvited }: RecipientPickerProps) {
  const picker = useRecipientPicker(event);
  const { query, selected, message } = picker;
  const id = useId();
  const [active, setActive] = useState(0);
  const listMode = isList(query);
  const search = listMode ? null : { query: query.trim() || undefined, offset: 0, limit: resultLimit };
  const { data, loading } = useBridgeQuery('contacts.list', search, ['contact']);
  const rows = listMode ? [] : (data?.rows ?? []);
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));
  const chosen = new Set(selected.map((c) => c.id));
  const searchRef = useRef<HTMLInputElement>(null);

  // The dialog opens (showModal) before this effect runs and focuses its first button; the search is where typing starts.
  useEffect(() => {
    searchRef.current?.focus();
  }, []);

  async function invite() {
    const contacts = picker.selected;
    if (await picker.invite()) onInvited(contacts, !listMode);
  }

  function onKeyDown(keyEvent: KeyboardEvent<HTMLInputElement>) {
    if (keyEvent.key === 'ArrowDown' || keyEvent.key === 'ArrowUp') {
      keyEvent.preventDefault();
      if (rows.length) setActive((activeIndex + (keyEvent.key === 'ArrowDown' ? 1 : rows.length - 1)) % rows.length);
    } else if (keyEvent.key === 'Enter') {
      keyEvent.preventDefault();
      if (keyEvent.ctrlKey || keyEvent.metaKey) void invite();
      else if (listMode) void picker.matchList(query);
      else if (rows[activeIndex]) picker.toggle(rows[activeIndex]);
    }
  }

  return (
    <Dialog
      open
      title={`Invite people to “${event.title}”`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={picker.busy || selected.length === 0}
            onClick={() => void invite()}
          >
            {selected.length ? `Invite ${pluralize(selected.length, 'person', 'people')}` : 'Invite'}
          </button>
        </>
      }
    >
      <div className="picker">
        <label htmlFor={`${id}-search`}>Search contacts, or paste a list of names or e-mail addresses</label>
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-expanded={rows.length > 0}
          aria-controls={`${id}-results`}
          aria-autocomplete="list"
          aria-activedescendant={rows.length ? `${id}-option-${activeIndex}` : undefined}
          aria-describedby={`${id}-help`}
          value={query}
          onChange={(change) => {
            picker.setQuery(change.target.value);
            setActive(0);
          }}
          onPaste={(paste) => {
            const text = paste.clipboardData.getData('text/plain') || paste.clipboardData.getData('text');
            if (picker.paste(text)) paste.preventDefault();
          }}
          onKeyDown={onKeyDown}
        />
        <p id={`${id}-help`} className="form-field-hint">
          Enter chooses the highlighted contact; Ctrl+Enter invites. At most {maxRecipientsPerCall} people per
          invitation.
        </p>
        {message ? (
          <div
            className={`note${message.tone === 'error' ? ' note-error' : ''}`}
            role={message.tone === 'error' ? 'alert' : 'status'}
          >
            <p>{message.text}</p>
            {message.limit ? (
              <button
                type="button"
                className="button button-small"
                disabled={picker.busy}
                onClick={() => void picker.matchList(query, message.limit)}
              >
                Choose the first {message.limit}
              </button>
            ) : null}
          </div>
        ) : null}
        {listMode ? (
          <div className="picker-list-note">
            <span>{pluralize(splitPastedList(query).length, 'entry', 'entries')} in the list.</span>
            <button
              type="button"
              className="button button-small"
              disabled={picker.busy}
              onClick={() => void picker.matchList(query)}
            >
              Choose from list
            </button>
          </div>
        ) : null}
        <div
          id={`${id}-results`}
          role="listbox"
          aria-label="Contacts"
          aria-multiselectable="true"
          className="picker-results"
        >
          {rows.map((row, index) => (
            <ContactOption
              key={row.id}
              id={`${id}-option-${index}`}
              contact={row}
              active={index === activeIndex}
              chosen={chosen.has(row.id)}
              unavailable={picker.unavailable(row)}
              onToggle={() => picker.toggle(row)}
            />
          ))}
        </div>
        {!listMode && data && rows.length === 0 && !loading ? (
          <p className="muted">No contact matches “{query.trim()}”. Check the spelling, or search by e-mail.</p>
        ) : null}
        <section aria-label="Chosen" className="picker-chosen">
          <h3>
            Chosen ({selected.length} of at most {maxRecipientsPerCall})
          </h3>
          {selected.length ? (
            <ul className="chip-list">
              {selected.map((contact) => (
                <li key={contact.id} className="chip">
                  <span>{fullName(contact)}</span>
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={`Unchoose ${fullName(contact)}`}
                    onClick={() => picker.toggle(contact)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Nobody yet.</p>
          )}
        </section>
      </div>
    </Dialog>
  );
}

interface ContactOptionProps {
  id: string;
  contact: ContactRow;
  active: boolean;
  chosen: boolean;
  unavailable: string | null;
  onToggle(): void;
}

/** One search result: name, e-mail and company, chosen or not, or why it cannot be chosen. */
function ContactOption({ id, contact, active, chosen, unavailable, onToggle }: ContactOptionProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox owns the keys (arrows, Enter; aria-activedescendant); a click is the pointer's way.
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={chosen}
      aria-disabled={unavailable ? true : undefined}
      className={`picker-option${active ? ' picker-option-active' : ''}${chosen ? ' picker-option-chosen' : ''}`}
      onMouseDown={(mouse) => mouse.preventDefault()}
      onClick={onToggle}
    >
      <span className="picker-check" aria-hidden="true">
        {chosen ? '✓' : ''}
      </span>
      <span className="picker-option-text">
        <span className="picker-option-name">
          {fullName(contact)} <SyncStateBadge state={contact.syncState} />
        </span>
        <span className="muted">
          {[contact.email, contact.companyName].filter(Boolean).join(' · ') || 'No e-mail address'}
        </span>
      </span>
      {unavailable ? (
        <span className="picker-option-reason">
          {unavailable === 'already invited' ? 'Already invited' : 'No e-mail address'}
        </span>
      ) : null}
    </div>
  );
}
