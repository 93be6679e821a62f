/**
 * When a session was last written, as a person says it: "now", "5 minutes ago", "yesterday" up to
 * a week, then the date. In `locale`, by the platform's `Intl`.
 */
export function sessionTime(modified: number, now: number, locale: string): string {
  const seconds = Math.round((now - modified) / 1000);
  const relative = formats(locale).relative;
  // A clock a little ahead of the agent's, or a file written this very second: "now".
  if (seconds < 60) return relative.format(0, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return relative.format(-days, 'day');
  return formats(locale).date.format(modified);
}

/** The moment in full, for a `<time>` element's title. */
export function sessionMoment(modified: number, locale: string): string {
  return formats(locale).moment.format(modified);
}

interface Formats {
  readonly relative: Intl.RelativeTimeFormat;
  readonly date: Intl.DateTimeFormat;
  readonly moment: Intl.DateTimeFormat;
}

/** Made once per locale: a list of a thousand sessions says its times without a thousand of them. */
const byLocale = new Map<string, Formats>();

function formats(locale: string): Formats {
  let found = byLocale.get(locale);
  if (!found) {
    found = {
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
      moment: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }),
    };
    byLocale.set(locale, found);
  }
  return found;
}
