/**
 * `KeptAnswerState`: what a view shows for an answer fetched on demand and kept for offline use
 * before its content: an error with a retry, loading, "not fetched yet" (online: it comes once the
 * service answers; offline: it was never read on this computer), an empty answer in the view's own
 * words, and otherwise the content. One piece for every on-demand list.
 */
import type { ReactNode } from 'react';
import type { KeptAnswer } from '../../../preload/contract';
import type { QueryState } from '../lib/use-bridge-query';
import { useOnline } from '../lib/use-online';
import { EmptyState } from './empty-state';
import { ErrorBanner } from './error-banner';
import { LoadingState } from './loading-state';

export interface KeptAnswerStateProps<T> {
  query: QueryState<KeptAnswer<T>>;
  /** What the answer holds, as the messages name it, lower case: "rebates", "audit trail". */
  subject: string;
  /** True when `subject` is one thing ("the trail shows") rather than many ("the rebates show"). */
  singular?: boolean;
  /** True when the answer holds nothing to show. */
  isEmpty(value: T): boolean;
  /** What an empty answer from the service says (an `EmptyState` in the view's words). */
  empty: ReactNode;
  /** The content, given the answer's value. */
  children(value: T): ReactNode;
}

/** Renders the answer's state, or `children` once there is something to show. */
export function KeptAnswerState<T>({
  query,
  subject,
  singular = false,
  isEmpty,
  empty,
  children,
}: KeptAnswerStateProps<T>) {
  const online = useOnline();
  const { data, error, reload } = query;
  if (error && !data) return <ErrorBanner message={`The ${subject} could not be loaded: ${error}`} onRetry={reload} />;
  if (!data) return <LoadingState label={`Loading ${subject}…`} />;
  const nothing = isEmpty(data.value);
  if (data.fetchedAt === null && nothing) {
    const [shows, were, they] = singular ? ['shows', 'was', 'it shows'] : ['show', 'were', 'they show'];
    return (
      <EmptyState title="Not fetched yet" size="compact">
        {online
          ? `The ${subject} ${shows} once the service answers.`
          : `The ${subject} ${were} never read on this computer; ${they} once the service can be reached.`}
      </EmptyState>
    );
  }
  if (nothing) return empty;
  return children(data.value);
}
