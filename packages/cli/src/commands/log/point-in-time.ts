/**
 * `--since` / `--until`: a duration back from now (`90s`, `30m`, `2h`, `7d`, `2w`), or a date-time as the
 * API takes it (RFC 3339 with a zone, or a plain date meaning its midnight UTC). Anything else is a usage
 * error that says what would have been accepted.
 */
import { UsageError } from '../shared/global-options.js';

const unitMilliseconds: Readonly<Record<string, number>> = {
  s: 1000,
  m: 60_000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-02-31` is not a day (Date.parse would roll it over to March). */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The ISO date-time (UTC) that `text` names, relative to `now` for durations. */
export function pointInTime(option: string, text: string, now: number = Date.now()): string {
  const trimmed = text.trim();
  const duration = /^(\d+)\s*(s|min|m|h|d|w)$/i.exec(trimmed);
  if (duration) {
    const milliseconds = Number(duration[1]) * (unitMilliseconds[(duration[2] as string).toLowerCase()] ?? 0);
    const at = new Date(now - milliseconds);
    // Before year 1 the date has no four-digit year, and the API takes none.
    if (!Number.isFinite(at.getTime()) || at.getUTCFullYear() < 1) {
      throw new UsageError(`${option} "${text}" reaches back before the year 1`);
    }
    return at.toISOString();
  }
  if ((dateTime.test(trimmed) || dateOnly.test(trimmed)) && isCalendarDate(trimmed.slice(0, 10))) {
    const parsed = Date.parse(dateOnly.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed);
    if (Number.isFinite(parsed)) return new Date(parsed).toISOString();
  }
  throw new UsageError(
    `${option} "${text}" is neither a duration back from now (30m, 2h, 7d) nor a date-time (2026-11-24T09:00:00Z)`,
  );
}
