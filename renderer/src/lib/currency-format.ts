/**
 * Amounts in minor units of an ISO 4217 currency, formatted for people (en-US). Building an
 * `Intl.NumberFormat` costs far more than formatting with one, and a chart's axis or a board of
 * cards formats hundreds of amounts, so each currency's formats are made once and kept.
 */

/** `standard`: "€48,500.00"; `compact`: "€48.5K" (chart axes). */
export type AmountNotation = 'standard' | 'compact';

const formats = new Map<string, { format: Intl.NumberFormat; digits: number } | null>();

/** The kept format of `currency` in `notation`; null for a code this browser does not know. */
function formatOf(currency: string, notation: AmountNotation) {
  const key = `${currency} ${notation}`;
  let kept = formats.get(key);
  if (kept === undefined) {
    try {
      const format = new Intl.NumberFormat('en-US', { style: 'currency', currency, notation });
      const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
      kept = { format, digits: digits ?? 2 };
    } catch {
      kept = null;
    }
    formats.set(key, kept);
  }
  return kept;
}

/**
 * `amount` (minor units of `currency`: 4850000 EUR is €48,500.00) in words; null when the browser
 * does not know the currency code (the caller says it its own way).
 */
export function formatMinorUnits(amount: number, currency: string, notation: AmountNotation): string | null {
  const kept = formatOf(currency, notation);
  return kept ? kept.format.format(amount / 10 ** kept.digits) : null;
}
