/**
 * Totals of money amounts kept apart by currency: amounts in different ISO 4217 currencies are
 * never added together (no exchange rate is known to the client).
 */

/** The sum of the amounts in one currency, in its minor units (e.g. cents). */
export interface CurrencyTotal {
  currency: string;
  amount: number;
}

/** Sums `items` per currency (minor units), ordered by the largest count of items, then by code. */
export function totalsByCurrency(items: ReadonlyArray<{ amount: number; currency: string }>): CurrencyTotal[] {
  const sums = new Map<string, { amount: number; count: number }>();
  for (const item of items) {
    const sum = sums.get(item.currency) ?? { amount: 0, count: 0 };
    sum.amount += item.amount;
    sum.count += 1;
    sums.set(item.currency, sum);
  }
  return [...sums]
    .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
    .map(([currency, sum]) => ({ currency, amount: sum.amount }));
}
