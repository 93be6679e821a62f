/** The session's figures as a person reads them, in `locale`: "12.3K", "$0.042", "34%". */

const byLocale = new Map<string, { tokens: Intl.NumberFormat; percent: Intl.NumberFormat }>();

function formats(locale: string) {
  let found = byLocale.get(locale);
  if (!found) {
    found = {
      tokens: new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
      percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
    };
    byLocale.set(locale, found);
  }
  return found;
}

/** A count of tokens, short: 950, 12.3K, 1.2M. */
export const tokenCount = (count: number, locale: string): string => formats(locale).tokens.format(count);

/** A share of the context, `percent` out of 100. */
export const percentOf = (percent: number, locale: string): string =>
  formats(locale).percent.format(percent / 100);

/** Dollars: to the cent, or to a tenth of a cent under a dollar (a turn often costs less). */
export function dollars(cost: number, locale: string): string {
  const digits = cost > 0 && cost < 1 ? 3 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: digits,
  }).format(cost);
}
