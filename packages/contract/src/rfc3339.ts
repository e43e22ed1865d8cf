/**
 * RFC 3339 date-times (its §5.6 `date-time`), as requests may send them: `2026-01-31T09:30:00Z`,
 * `2026-01-31T10:30:00.5+01:00`, `2026-01-31t09:30:00z` (the RFC allows lower-case `t` and `z`), any
 * number of fraction digits, `-00:00`, and a leap second (`:60`) where it can occur: at 23:59:60 UTC.
 * Not ISO 8601's other forms (a date alone, `+0100`, a space for `T`): JSON Schema's `date-time` is this
 * grammar, so the OpenAPI document and the server agree on what is valid.
 *
 * Without zod, so the evaluator (which runs in browsers too) compares `Before`/`After` values with the
 * same reading the API validated them with.
 */

/** full-date "T" partial-time time-offset; ASCII digits only (`\d` without the `u` flag). */
const grammar =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** The instant a date-time names, split at the millisecond (JavaScript's resolution, and §16's). */
export interface Rfc3339Instant {
  /** Whole milliseconds since 1970-01-01T00:00:00Z, rounded down. */
  readonly epochMilliseconds: number;
  /** The date-time lies after that millisecond: its fraction has a non-zero digit past the third. */
  readonly pastMillisecond: boolean;
}

export const rfc3339Example = '2026-01-31T09:30:00Z or 2026-01-31T10:30:00.5+01:00';

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

type Reading = { readonly instant: Rfc3339Instant } | { readonly problem: string };

const notOne = (why: string) => ({ problem: `must be an RFC 3339 date-time: ${why}` });

function read(text: string): Reading {
  const match = grammar.exec(text);
  if (!match) {
    // An unencoded `+` in a URL query arrives as a space: say so rather than only "invalid".
    const plusAsSpace = /^\d{4}-\d{2}-\d{2}[Tt][\d:.]+ \d{2}:\d{2}$/.test(text);
    return {
      problem: `must be an RFC 3339 date-time such as ${rfc3339Example}${plusAsSpace ? " (a '+' in a URL query must be sent as %2B)" : ''}`,
    };
  }
  const field = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [
    field(1),
    field(2),
    field(3),
    field(4),
    field(5),
    field(6),
  ];
  const fraction = match[7] ?? '';
  const offset = (match[8] === '-' ? -1 : 1) * (field(9) * 60 + field(10));
  if (month < 1 || month > 12) return notOne(`there is no month ${match[2]}`);
  if (day < 1 || day > daysInMonth(year, month))
    return notOne(`${match[1]}-${match[2]} has no day ${match[3]}`);
  if (hour > 23 || minute > 59 || second > 60)
    return notOne(`${match[4]}:${match[5]}:${match[6]} is not a time of day`);
  if (field(9) > 23 || field(10) > 59)
    return notOne(`${match[8]}${match[9]}:${match[10]} is not an offset (hours 00–23, minutes 00–59)`);
  const minuteOfDayUtc = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440;
  if (second === 60 && minuteOfDayUtc !== 23 * 60 + 59)
    return notOne('a leap second (:60) falls at 23:59:60 UTC only');

  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear takes the year as written.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // A leap second counts as the end of 23:59:59: the instant 00:00:00.000 that follows it.
  const leap = second === 60;
  date.setUTCHours(hour, minute, second, leap ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0')));
  return {
    instant: {
      epochMilliseconds: date.getTime() - offset * 60_000,
      pastMillisecond: !leap && /[1-9]/.test(fraction.slice(3)),
    },
  };
}

/** The instant `text` names, or null when it is not an RFC 3339 date-time. */
export function parseRfc3339(text: string): Rfc3339Instant | null {
  const reading = read(text);
  return 'instant' in reading ? reading.instant : null;
}

/** Why `text` is not an RFC 3339 date-time (a message for `fields`), or null when it is one. */
export function rfc3339Problem(text: string): string | null {
  const reading = read(text);
  return 'problem' in reading ? reading.problem : null;
}
