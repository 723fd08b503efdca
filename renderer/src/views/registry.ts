/**
 * The view registry: the one list of the app's views. It feeds the main navigation, the shell (which
 * view renders), the UI store (which view opens a record type), the keyboard shortcuts (Ctrl/Cmd+
 * `shortcut`), the shortcuts help and the command palette (each view's `commands`). Adding a view
 * adds its folder under `views/`, its name to `viewNames` (view-types.ts, which the stores and
 * views import so that nothing imports this file but the shell) and one entry here.
 */
import { AuditView } from './audit/audit-view';
import { CampaignsView } from './campaigns/campaigns-view';
import { calendarShortcuts } from './calendar/calendar-keys';
import { CalendarView } from './calendar/calendar-view';
import { LocatorView } from './branches/locator-view';
import { CompaniesView } from './companies/companies-view';
import { ContactsView } from './contacts/contacts-view';
import { DealsView } from './deals/deals-view';
import { DocumentsView } from './documents/documents-view';
import { GroupsView } from './groups/groups-view';
import { ImportsView } from './imports/imports-view';
import { NewsView } from './news/news-view';
import { NotificationsView } from './notifications/notifications-view';
import { UnreadBadge } from './notifications/unread-badge';
import { RebatesView } from './rebates/rebates-view';
import { SettingsView } from './settings/settings-view';
import { SpendView } from './spend/spend-view';
import { UsersView, usersViewFor } from './users/users-view';
import type { RecordType, ViewDefinition, ViewName } from './view-types';

export type { RecordType, ViewCommand, ViewDefinition, ViewName, ViewShortcut } from './view-types';

/** Every view, in navigation order. */
export const views = [
  {
    name: 'contacts',
    label: 'Contacts',
    icon: 'contacts',
    shortcut: '1',
    component: ContactsView,
    reads: ['contact', 'company'],
    opens: 'contact',
    commands: [
      { action: 'new', label: 'New contact', keywords: 'add create person', operation: 'saveUser' },
      { action: 'saved-view', label: 'Open a saved view of contacts', keywords: 'saved query queries list filter' },
    ],
    shortcuts: [
      { keys: 'N', label: 'New contact' },
      { keys: 'E', label: 'Edit the selected contact' },
      { keys: 'A', label: 'Archive or restore the selected contact' },
      { keys: 'Delete or Backspace', label: 'Delete the selected contact (asks first)' },
      { keys: '↑ ↓', label: 'Move through the list (from the search field: ↓)' },
    ],
  },
  {
    name: 'companies',
    label: 'Companies',
    icon: 'companies',
    shortcut: '2',
    component: CompaniesView,
    reads: ['company', 'contact'],
    opens: 'company',
    commands: [
      {
        action: 'new',
        label: 'New company',
        keywords: 'add create organization account business',
        operation: 'saveCompany',
      },
    ],
    shortcuts: [
      { keys: 'N', label: 'New company' },
      { keys: 'E', label: 'Edit the company shown' },
      { keys: 'Delete', label: 'Delete the company shown (asks first)' },
      { keys: '↑ ↓ Home End', label: 'Move through the list (the page follows)' },
      { keys: '↓ in the search', label: 'Go to the first result' },
      { keys: 'Esc in the search', label: 'Clear the search' },
    ],
  },
  {
    name: 'calendar',
    label: 'Calendar',
    icon: 'calendar',
    shortcut: '3',
    component: CalendarView,
    reads: ['calendarEvent', 'contact'],
    opens: 'calendarEvent',
    commands: [
      { action: 'new', label: 'New event', keywords: 'add create meeting appointment book', operation: 'saveCalendar' },
    ],
    shortcuts: calendarShortcuts,
  },
  {
    name: 'documents',
    label: 'Documents',
    icon: 'documents',
    shortcut: '4',
    component: DocumentsView,
    reads: ['folder', 'document'],
    opens: 'document',
    shortcuts: [
      { keys: '↑ ↓ ← → Home End', label: 'Move through the folder tree, open and close folders' },
      { keys: 'F2', label: 'Rename the folder chosen in the tree' },
      { keys: 'M', label: 'Move the folder chosen in the tree into another folder' },
      { keys: 'Delete', label: 'Delete the folder chosen in the tree (only an empty one; asks first)' },
      { keys: '← → ↑ ↓ Enter', label: 'In Grid: move between cards (↑ ↓ by a row); Enter opens the details' },
    ],
  },
  {
    name: 'notifications',
    label: 'Notifications',
    icon: 'notifications',
    shortcut: '5',
    component: NotificationsView,
    reads: ['notification'],
    badge: UnreadBadge,
  },
  {
    name: 'deals',
    label: 'Deals',
    icon: 'deals',
    shortcut: '6',
    component: DealsView,
    reads: ['company', 'contact'],
    opens: 'deal',
    shortcuts: [
      { keys: '↑ ↓ ← →', label: 'Move between the deals of the pipeline board' },
      { keys: 'Home End', label: 'First or last deal of a stage' },
      { keys: 'Enter', label: 'Open the deal' },
      { keys: 'Esc', label: "Back from a deal's page to the deals" },
    ],
  },
  {
    name: 'rebates',
    label: 'Rebates',
    icon: 'rebates',
    shortcut: '7',
    component: RebatesView,
    reads: ['company'],
    shortcuts: [{ keys: '↑ ↓ Home End', label: 'Move through the agreements (the page follows)' }],
  },
  {
    name: 'spend',
    label: 'Spend',
    icon: 'spend',
    shortcut: '8',
    component: SpendView,
    reads: ['company'],
    shortcuts: [
      { keys: '← → Home End', label: "Switch a chart between its drawing and its table (on the chart's tabs)" },
    ],
  },
  {
    name: 'branches',
    label: 'Branch Locator',
    icon: 'branches',
    shortcut: '9',
    component: LocatorView,
    reads: [],
    shortcuts: [
      { keys: 'Tab', label: 'Move through the search fields, the branches found (nearest first) and the map markers' },
      { keys: 'Enter Space', label: 'Choose the branch (in the list or on a map marker)' },
      { keys: '+ − ← → ↑ ↓', label: 'Zoom and pan the map (when it has the focus)' },
    ],
  },
  {
    name: 'groups',
    label: 'Groups',
    icon: 'groups',
    shortcut: '0',
    component: GroupsView,
    reads: [],
    commands: [
      { action: 'new', label: 'New group', keywords: 'add create list segment tree', operation: 'createGroup' },
    ],
    shortcuts: [
      { keys: 'N', label: 'New group' },
      { keys: '↑ ↓ ← → Home End', label: 'Move through the group tree, open and close groups' },
      { keys: 'F2', label: 'Rename the group chosen in the tree' },
      { keys: 'M', label: 'Move the group chosen in the tree to another place' },
      { keys: 'Delete', label: 'Delete the group chosen in the tree (asks first)' },
    ],
  },
  {
    name: 'news',
    label: 'News',
    icon: 'news',
    component: NewsView,
    reads: ['contact'],
    commands: [
      {
        action: 'new',
        label: 'Write a story',
        keywords: 'news blog post story publish add create',
        operation: 'saveBlogPost',
      },
    ],
    shortcuts: [
      { keys: '← → Home End', label: 'Switch between Stories, Activity and Since you were away (on the tabs)' },
    ],
  },
  {
    name: 'campaigns',
    label: 'Campaigns',
    icon: 'campaigns',
    component: CampaignsView,
    reads: ['contact'],
    commands: [
      {
        action: 'new',
        label: 'New campaign',
        keywords: 'campaign mailing newsletter e-mail draft add create',
        operation: 'saveCampaign',
      },
    ],
  },
  {
    name: 'imports',
    label: 'Import',
    icon: 'upload',
    component: ImportsView,
    reads: [],
  },
  {
    name: 'audit',
    label: 'Audit trail',
    icon: 'audit',
    component: AuditView,
    reads: ['contact', 'company'],
  },
  {
    name: 'users',
    label: 'Users',
    icon: 'users',
    component: UsersView,
    reads: ['contact'],
    for: usersViewFor,
    shortcuts: [{ keys: '↑ ↓ Home End', label: 'Move through the people (the page follows)' }],
  },
  {
    name: 'settings',
    label: 'Settings',
    icon: 'settings',
    component: SettingsView,
    reads: [],
  },
] as const satisfies readonly ViewDefinition<ViewName>[];

// Every name in view-types.ts has its entry here (fails to compile otherwise).
type Unlisted = Exclude<ViewName, (typeof views)[number]['name']>;
const everyViewListed: [Unlisted] extends [never] ? true : false = true;
void everyViewListed;

/** The views with every optional field visible to the type checker (for loops over the registry). */
export const viewList: readonly ViewDefinition<ViewName>[] = views;

/** The view that opens records of `type`, or null when none does. */
export function viewOfRecord(type: RecordType): ViewName | null {
  return viewList.find((view) => view.opens === type)?.name ?? null;
}

/** The definition of view `name`. */
export function viewDefinition(name: ViewName): ViewDefinition<ViewName> {
  return viewList.find((view) => view.name === name)!;
}
