/**
 * "Check with the service" for the calendar range on screen: the events overlapping [from, to)
 * against `listCalendarEvents` (components/service-check.tsx; preload/contract/listing-checks.ts).
 */
import { useCallback } from 'react';
import { ServiceCheck } from '../../components/service-check';
import { useBridge } from '../../stores/stores-context';

const eventNoun = ['event', 'events'] as const;

/** Renders the check of the visible range [`from`, `to`). */
export function CalendarRangeCheck({ from, to }: { from: Date; to: Date }) {
  const bridge = useBridge();
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const check = useCallback(
    () => bridge.call('calendar.checkRange', { from: fromIso, to: toIso }),
    [bridge, fromIso, toIso],
  );
  return (
    <div className="service-check-bar">
      <ServiceCheck scopeKey={`${fromIso}/${toIso}`} noun={eventNoun} check={check} />
    </div>
  );
}
