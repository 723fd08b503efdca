/**
 * What the shell shows: the current view, the record selected in each view, actions requested of a
 * view (from the command palette or a shortcut), the open overlay (command palette, shortcuts help,
 * pending changes), the search field that Ctrl/Cmd+F focuses, and in-app toasts (with an optional
 * action such as "Undo"). View names come from the view registry (`views/registry.ts`).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RecordType, ViewName } from '../views/view-types';

export type { RecordType, ViewName };

/** A message shown in the corner for a few seconds; `action` adds a button (e.g. "Undo"). */
export interface Toast {
  id: string;
  title: string;
  body: string;
  action?: { label: string; run(): void };
  /** How long it stays, ms (default 6000). */
  durationMs?: number;
}

/** An action a view was asked to perform ("new" opens its create form). `seq` makes each request distinct. */
export interface ViewActionRequest {
  view: ViewName;
  action: string;
  seq: number;
}

/** The overlays the shell can show over every view. */
export type Overlay = 'palette' | 'help' | 'pending' | 'export' | null;

export interface UiStoreState {
  view: ViewName;
  /** The selected record of each view (its page or detail shows it). */
  selected: Partial<Record<ViewName, string | null>>;
  /** The last action requested of a view, until the view takes it. */
  request: ViewActionRequest | null;
  overlay: Overlay;
  /** Focuses the current view's search field; null when the view has none. */
  focusSearch: (() => void) | null;
  toasts: Toast[];
  setView(view: ViewName): void;
  /** Selects `id` in `view` (null clears), without switching views. */
  select(view: ViewName, id: string | null): void;
  /** Switches to the view that shows records of `type` and selects `id` there. */
  openRecord(type: RecordType, id: string): void;
  /** True when some view opens records of `type` (a notification about a campaign, say, may have none yet). */
  canOpen(type: string): type is RecordType;
  /** Switches to `view` and asks it to perform `action`. */
  requestAction(view: ViewName, action: string): void;
  /** Called by the view once it performed `request` (so it is not performed twice). */
  takeRequest(seq: number): void;
  setOverlay(overlay: Overlay): void;
  /** Registers the current view's search focuser; returns the function that unregisters it. */
  registerSearch(focus: () => void): () => void;
  pushToast(toast: Omit<Toast, 'id'>): string;
  dismissToast(id: string): void;
}

/**
 * Creates the UI store, starting on `initialView`. `viewOfRecord` maps a record type to the view
 * that shows it (from the registry); `openRecord` of a type no view shows is ignored.
 */
export function createUiStore(
  initialView: ViewName,
  viewOfRecord: (type: RecordType) => ViewName | null,
): StoreApi<UiStoreState> {
  let seq = 0;
  return createStore<UiStoreState>()((set, get) => ({
    view: initialView,
    selected: {},
    request: null,
    overlay: null,
    focusSearch: null,
    toasts: [],
    setView(view) {
      set({ view });
    },
    select(view, id) {
      set((state) => ({ selected: { ...state.selected, [view]: id } }));
    },
    openRecord(type, id) {
      const view = viewOfRecord(type);
      if (!view) return;
      set((state) => ({ view, overlay: null, selected: { ...state.selected, [view]: id } }));
    },
    canOpen: (type): type is RecordType => viewOfRecord(type as RecordType) !== null,
    requestAction(view, action) {
      set({ view, overlay: null, request: { view, action, seq: ++seq } });
    },
    takeRequest(taken) {
      if (get().request?.seq === taken) set({ request: null });
    },
    setOverlay(overlay) {
      set({ overlay });
    },
    registerSearch(focus) {
      set({ focusSearch: focus });
      return () => {
        if (get().focusSearch === focus) set({ focusSearch: null });
      };
    },
    pushToast(toast) {
      const id = `toast-${++seq}`;
      // Keep the newest few; older ones would only pile up off screen.
      set((state) => ({ toasts: [...state.toasts, { ...toast, id }].slice(-4) }));
      return id;
    },
    dismissToast(id) {
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
    },
  }));
}
