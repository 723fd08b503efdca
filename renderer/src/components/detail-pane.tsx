/**
 * `DetailPane`: the master/detail layout shared by contacts, calendar and documents: the main
 * content on the left, a named detail region on the right.
 */
import type { ReactNode } from 'react';

export interface DetailPaneProps {
  /** The list (or calendar) side. */
  children: ReactNode;
  /** Accessible name of the detail region, e.g. "Contact details". */
  detailLabel: string;
  /** The detail side's content. */
  detail: ReactNode;
}

/** Renders the two-column layout. */
export function DetailPane({ children, detailLabel, detail }: DetailPaneProps) {
  return (
    <div className="detail-layout">
      <div className="detail-layout-main">{children}</div>
      {/* The detail scrolls on its own, so keyboard users need a tab stop to scroll it (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="detail-layout-detail" aria-label={detailLabel} tabIndex={0}>
        {detail}
      </section>
    </div>
  );
}
