/**
 * `Tabs`: a row of tabs (WAI-ARIA tabs pattern: one tab stop, ← → Home End move and select) over a
 * panel. The panel is rendered by the caller with `tabPanelProps(idPrefix, current)`.
 */
import { type KeyboardEvent, useRef } from 'react';
import './tabs.css';

/** One tab: its id and visible name. */
export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export interface TabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tabs' element ids (unique on the page). */
  idPrefix: string;
  tabs: readonly TabItem<T>[];
  current: T;
  onChange(id: T): void;
}

const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelId = (prefix: string) => `${prefix}-panel`;

/** The attributes of the panel the current tab shows. */
export function tabPanelProps(idPrefix: string, current: string) {
  return { id: panelId(idPrefix), role: 'tabpanel', 'aria-labelledby': tabId(idPrefix, current) } as const;
}

/** Renders the tab list. */
export function Tabs<T extends string>({ label, idPrefix, tabs, current, onChange }: TabsProps<T>) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.id === current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next].id);
    buttons.current.get(tabs[next].id)?.focus();
  }
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) buttons.current.set(tab.id, element);
            else buttons.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab.id)}
          className="tab"
          aria-selected={tab.id === current}
          aria-controls={panelId(idPrefix)}
          tabIndex={tab.id === current ? 0 : -1}
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
