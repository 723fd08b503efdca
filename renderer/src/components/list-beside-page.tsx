/**
 * `ListBesidePage`: the body of a view that lists records beside the one opened (campaigns, news
 * stories): the list on the left and the record's page on the right, each a labelled region that
 * scrolls on its own and takes the focus, so it can be scrolled by keyboard.
 */
import type { ReactNode } from 'react';
import './list-beside-page.css';

export interface ListBesidePageProps {
  /** The accessible names of the two regions ("Campaigns", "Campaign"). */
  listLabel: string;
  pageLabel: string;
  /** The list, and the record opened (or what to do when none is). */
  list: ReactNode;
  page: ReactNode;
}

/** Renders the two panes side by side; the body fills the view's height left under its header. */
export function ListBesidePage({ listLabel, pageLabel, list, page }: ListBesidePageProps) {
  return (
    <div className="list-beside-page">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="list-beside-page-list" aria-label={listLabel} tabIndex={0}>
        {list}
      </section>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="list-beside-page-page" aria-label={pageLabel} tabIndex={0}>
        {page}
      </section>
    </div>
  );
}
