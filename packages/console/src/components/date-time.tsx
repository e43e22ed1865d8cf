/**
 * Every date-time the console shows, in one form: `2026-11-26 14:03 UTC`. Absolute and the same whatever
 * the browser's language or time zone, so two people reading one event log, or a screenshot of it, see
 * the same time. Its title adds the exact instant the API gave and how long ago it was.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `2026-11-26 14:03 UTC`, or the text itself when it is not a date-time. */
export function formatDateTime(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  if (Number.isNaN(date.getTime())) return isoDateTime;
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
  );
}

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago", "in 2 minutes", "now", from `now`. */
export function ageOf(isoDateTime: string, now = Date.now()): string {
  const seconds = (new Date(isoDateTime).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** A date-time as the console shows it: a <time> element with the exact instant and its age in a title. */
export function DateTime({ value }: { readonly value: string }) {
  return (
    <time dateTime={value} title={`${value} (${ageOf(value)})`}>
      {formatDateTime(value)}
    </time>
  );
}
