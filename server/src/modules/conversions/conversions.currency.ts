/**
 * ISO 4217 currencies as the runtime's ICU data knows them (`Intl.supportedValuesOf('currency')`,
 * the alphabetic codes of the current list): no copy of the list to keep up to date by hand.
 */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && CURRENCIES.has(code);
}

/** How many minor units a major unit has as a power of ten (EUR 2, JPY 0, KWD 3). */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
