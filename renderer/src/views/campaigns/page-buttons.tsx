/** "Previous page" / "Next page" of a list read with `useCursorPages`, with the page number in words. */
import type { CursorPages } from './use-cursor-pages';

export interface PageButtonsProps {
  pages: CursorPages;
  /** The cursor of the page after the one shown (null: it is the last; undefined: not known yet). */
  nextCursor: string | null | undefined;
  /** What the pages list ("campaigns"), for the buttons' names. */
  noun: string;
}

/** Renders the buttons, or nothing when the list has one page. */
export function PageButtons({ pages, nextCursor, noun }: PageButtonsProps) {
  if (pages.page === 1 && !nextCursor) return null;
  return (
    <nav className="campaign-pager" aria-label={`Pages of ${noun}`}>
      <button type="button" className="button button-small" disabled={pages.page === 1} onClick={pages.previous}>
        Previous page
      </button>
      <span className="muted">Page {pages.page}</span>
      <button
        type="button"
        className="button button-small"
        disabled={!nextCursor}
        onClick={() => nextCursor && pages.next(nextCursor)}
      >
        Next page
      </button>
    </nav>
  );
}
