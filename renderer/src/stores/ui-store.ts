/** Which view is showing, the search field that Ctrl/Cmd+F focuses, and in-app toasts. */
import { createStore, type StoreApi } from 'zustand/vanilla';

/** The four main views, in navigation order (Ctrl/Cmd+1..4). */
export const viewNames = ['contacts', 'calendar', 'documents', 'notifications'] as const;
export type ViewName = (typeof viewNames)[number];

/** A message shown in the corner for a few seconds (used when desktop notifications are not allowed). */
export interface Toast {
  id: string;
  title: string;
  body: string;
}

export interface UiStoreState {
  view: ViewName;
  /** Focuses the current view's search field; null when the view has none. */
  focusSearch: (() => void) | null;
  toasts: Toast[];
  setView(view: ViewName): void;
  /** Registers the current view's search focuser; returns the function that unregisters it. */
  registerSearch(focus: () => void): () => void;
  pushToast(toast: Omit<Toast, 'id'>): void;
  dismissToast(id: string): void;
}

/** Creates the UI store, starting on the contacts view. */
export function createUiStore(): StoreApi<UiStoreState> {
  let toastSeq = 0;
  return createStore<UiStoreState>()((set, get) => ({
    view: 'contacts',
    focusSearch: null,
    toasts: [],
    setView(view) {
      set({ view });
    },
    registerSearch(focus) {
      set({ focusSearch: focus });
      return () => {
        if (get().focusSearch === focus) set({ focusSearch: null });
      };
    },
    pushToast(toast) {
      // Keep the newest few; older ones would only pile up off screen.
      set((state) => ({ toasts: [...state.toasts, { ...toast, id: `toast-${++toastSeq}` }].slice(-4) }));
    },
    dismissToast(id) {
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
    },
  }));
}
