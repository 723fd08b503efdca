/**
 * The command palette (Ctrl/Cmd+K): one box that searches every cached type at once (contacts,
 * companies, events, documents; `search.global`, offline too) and the app's commands. Results are
 * grouped by type; arrow keys move, Enter opens or runs, Escape closes. Built on the ARIA combobox
 * pattern (an input that owns a listbox, the active option named by aria-activedescendant).
 * Commands follow the access rules (lib/use-access.ts): one of a view the user is not known to be
 * allowed is not listed; one whose operation is refused is listed disabled, with the reason.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { maxSearchLength, type SearchGroup } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { allowsAnyOf, judgeAccess, useCaller } from '../../lib/use-access';
import { useStores, useUi } from '../../stores/stores-context';
import type { RecordType } from '../view-types';
import { type Command, matchCommands } from './commands';
import { FormMessage } from '../../components/forms/form-message';

/** The heading of each group of search hits. */
const groupLabels: Record<SearchGroup['type'], string> = {
  contact: 'Contacts',
  company: 'Companies',
  calendarEvent: 'Events',
  document: 'Documents',
};

/** One selectable row of the palette. */
interface Option {
  key: string;
  label: string;
  detail: string | null;
  /** Why the command is refused (it is listed disabled and does nothing); null when offered. */
  refusal: string | null;
  run(): void;
}

/** Asks the core for hits of `text` on every change, keeping the last answer while the next is on its way. */
function useGlobalSearch(text: string): { groups: SearchGroup[]; error: string | null } {
  const { bridge } = useStores();
  const [answer, setAnswer] = useState<{ groups: SearchGroup[]; error: string | null }>({ groups: [], error: null });
  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setAnswer({ groups: [], error: null });
      return;
    }
    let current = true;
    bridge.call('search.global', { query, limitPerType: 5 }).then(
      (groups) => current && setAnswer({ groups, error: null }),
      (reason: unknown) => current && setAnswer({ groups: [], error: errorMessage(reason) }),
    );
    return () => {
      current = false;
    };
  }, [bridge, text]);
  return answer;
}

/** Renders the palette while the `palette` overlay is open. */
export function CommandPalette() {
  const stores = useStores();
  const open = useUi((state) => state.overlay === 'palette');
  const setOverlay = useUi((state) => state.setOverlay);
  const openRecord = useUi((state) => state.openRecord);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const { groups, error } = useGlobalSearch(open ? text : '');
  const listId = useId();
  const caller = useCaller();

  // Each opening starts empty.
  useEffect(() => {
    if (open) {
      setText('');
      setActive(0);
    }
  }, [open]);

  const sections = useMemo(() => {
    // The group whose best hit is named like the text comes first (a company's name lists its company before its contacts).
    const typed = text.trim().toLowerCase();
    const named = (group: SearchGroup) => (group.hits[0]?.title.toLowerCase().startsWith(typed) ? 0 : 1);
    const ordered = [...groups].sort((a, b) => named(a) - named(b));
    const hitSections = ordered.map((group) => ({
      title: `${groupLabels[group.type]}${group.total > group.hits.length ? ` (${group.hits.length} of ${group.total.toLocaleString()}${group.more ? '+' : ''})` : ''}`,
      options: group.hits.map(
        (hit): Option => ({
          key: `${group.type}:${hit.id}`,
          label: hit.title,
          detail: group.type === 'calendarEvent' && hit.subtitle ? formatDateTime(hit.subtitle) : hit.subtitle,
          refusal: null,
          run: () => openRecord(group.type as RecordType, hit.id),
        }),
      ),
    }));
    const commandOptions = matchCommands(text)
      .filter((command) => !command.for || allowsAnyOf(caller, command.for))
      .map((command: Command): Option => {
        const refusal = command.operation ? judgeAccess(caller, command.operation).reason : null;
        return { key: command.id, label: command.label, detail: refusal, refusal, run: () => command.run(stores) };
      });
    const commandSection = commandOptions.length ? [{ title: 'Commands', options: commandOptions }] : [];
    // Records first when the user typed something (that is usually what they look for).
    return text.trim() ? [...hitSections, ...commandSection] : commandSection;
  }, [groups, text, stores, openRecord, caller]);

  const options = sections.flatMap((section) => section.options);
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (index: number) => `${listId}-option-${index}`;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option && !option.refusal) option.run();
    }
  }

  let index = -1;
  return (
    <Dialog open={open} title="Search and commands" onClose={() => setOverlay(null)}>
      <div className="palette">
        <input
          className="palette-input"
          type="text"
          role="combobox"
          aria-label="Search everything or type a command"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
          aria-autocomplete="list"
          placeholder="Search contacts, companies, events, documents, or type a command"
          value={text}
          maxLength={maxSearchLength}
          autoComplete="off"
          spellCheck={false}
          autoFocus
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <FormMessage message={error} />
        <div id={listId} role="listbox" aria-label="Results" className="palette-results">
          {sections.map((section) => (
            // biome-ignore lint/a11y/useSemanticElements: ARIA's listbox owns groups of options; a fieldset is a form control group.
            <div key={section.title} role="group" aria-label={section.title} className="palette-group">
              <div className="palette-group-title" aria-hidden="true">
                {section.title}
              </div>
              {section.options.map((option) => {
                index += 1;
                const mine = index;
                return (
                  <div
                    key={option.key}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === activeIndex}
                    aria-disabled={option.refusal ? true : undefined}
                    tabIndex={-1}
                    className={[
                      'palette-option',
                      mine === activeIndex ? 'palette-option-active' : '',
                      option.refusal ? 'palette-option-refused' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    onMouseMove={() => setActive(mine)}
                    onClick={() => (option.refusal ? undefined : option.run())}
                    onKeyDown={() => undefined}
                  >
                    <span className="palette-option-label">{option.label}</span>
                    {option.detail ? <span className="palette-option-detail">{option.detail}</span> : null}
                  </div>
                );
              })}
            </div>
          ))}
          {text.trim() && options.length === 0 && !error ? (
            <p className="palette-empty">Nothing matches “{text.trim()}”. Try fewer or shorter words.</p>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
