/**
 * The types of the view registry (`registry.ts`) and the names of the views, in a module of their
 * own: the UI store and the views use them without importing the registry, which imports every view.
 */
import type { ComponentType } from 'react';
import type { OperationId } from '../../../api/generated/operations';
import type { SyncedType } from '../../../preload/contract';
import type { IconName } from '../components/icon';

/** The names of the app's views, in navigation order; each has one entry in `registry.ts`. */
export const viewNames = [
  'contacts',
  'companies',
  'calendar',
  'documents',
  'notifications',
  'deals',
  'rebates',
  'spend',
  'branches',
  'groups',
  'news',
  'campaigns',
  'imports',
  'audit',
  'users',
  'settings',
] as const;
/** The name of a view. */
export type ViewName = (typeof viewNames)[number];

/** The record types a view can open (the targets of search hits, notifications and links). */
export type RecordType = 'contact' | 'company' | 'calendarEvent' | 'document' | 'deal';

/** A command a view adds to the command palette: it switches to the view and asks it for `action`. */
export interface ViewCommand {
  action: string;
  label: string;
  /** Extra words the palette matches ("add", "create"). */
  keywords?: string;
  /**
   * The operation it starts (api/openapi.yaml operationId): while the access rules refuse it to the
   * signed-in user, the palette shows it disabled with the reason (lib/use-access.ts).
   */
  operation?: OperationId;
}

/** A key a view answers while it shows, listed in the shortcuts help (`keys` as the user types them). */
export interface ViewShortcut {
  keys: string;
  label: string;
}

/** One view of the app. */
export interface ViewDefinition<N extends string = string> {
  name: N;
  label: string;
  icon: IconName;
  /** The digit of its Ctrl/Cmd shortcut; none when every digit is taken (it is in the navigation and the palette). */
  shortcut?: string;
  component: ComponentType;
  /** The synced types it shows (it re-reads them on `data.changed`). */
  reads: readonly SyncedType[];
  /** The record type whose records it opens, if any. */
  opens?: RecordType;
  /** Commands it adds to the command palette. */
  commands?: readonly ViewCommand[];
  /** Keys it answers while it shows (for the shortcuts help; the view handles them). */
  shortcuts?: readonly ViewShortcut[];
  /** A small count next to its navigation entry (unread notifications). */
  badge?: ComponentType;
  /**
   * Whom the view is for, by the access rules of these operations: shown in the navigation and the
   * palette only to a signed-in user known to be allowed at least one of them (lib/use-access.ts
   * `allowsAnyOf`; e.g. the administrators). The view itself still says in words whom it is for when
   * reached otherwise. Absent: every signed-in user.
   */
  for?: readonly OperationId[];
}
