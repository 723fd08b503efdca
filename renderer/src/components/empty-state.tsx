/** `EmptyState`: what a view shows instead of a blank area (no rows, nothing selected). */
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** One line saying what is (not) here, e.g. `No contacts match "xyz"`. */
  title: string;
  /** What the user can do about it. */
  children?: ReactNode;
  /** Optional button(s). */
  action?: ReactNode;
  /** `compact` for narrow panes. */
  size?: 'normal' | 'compact';
}

/** Renders a centred title, hint and optional action. */
export function EmptyState({ title, children, action, size = 'normal' }: EmptyStateProps) {
  return (
    <div className={size === 'compact' ? 'empty-state empty-state-compact' : 'empty-state'}>
      <p className="empty-state-title">{title}</p>
      {children ? <div className="empty-state-hint">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
