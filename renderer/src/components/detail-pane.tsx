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
      <section className="detail-layout-detail" aria-label={detailLabel}>
        {detail}
      </section>
    </div>
  );
}
