/**
 * RFC 3339 date-times (§5.6): what is one, what is not and why, and the instant each names. The valid and
 * invalid cases include those of the JSON Schema test suite for `format: date-time`, the grammar the
 * OpenAPI document names, so the document and the server agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DateTimeInput, parseRfc3339, rfc3339Problem } from '../src/index.js';

const epoch2000 = Date.parse('2000-01-01T00:00:00.000Z');

describe('what is an RFC 3339 date-time', () => {
  it.each([
    '2000-01-01T00:00:00Z',
    '2000-01-01T00:00:00.000Z',
    '2000-01-01T02:00:00+02:00',
    '2000-01-01T00:00:00.5Z',
    '1963-06-19T08:30:06.283185Z',
    '1937-01-01T12:00:27.87+00:20',
    '1990-12-31T15:59:50.123-08:00',
    '1963-06-19t08:30:06.283185z',
    '2000-01-01T00:00:00-00:00',
    '1998-12-31T23:59:60Z',
    '1998-12-31T15:59:60.123-08:00',
    '2024-02-29T12:00:00Z',
    '2000-02-29T12:00:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999999999-23:59',
  ])('accepts %s', (text) => {
    expect(rfc3339Problem(text)).toBeNull();
    expect(parseRfc3339(text)).not.toBeNull();
    expect(DateTimeInput.safeParse(text).success).toBe(true);
  });

  it.each([
    ['1998-12-31T23:59:61Z', 'is not a time of day'],
    ['1998-12-31T23:58:60Z', 'leap second'],
    ['1998-12-31T22:59:60Z', 'leap second'],
    ['1998-12-31T23:59:60+01:00', 'leap second'],
    ['1990-02-31T15:59:59.123-08:00', '1990-02 has no day 31'],
    ['2023-02-29T00:00:00Z', '2023-02 has no day 29'],
    ['1900-02-29T00:00:00Z', '1900-02 has no day 29'],
    ['2026-13-01T00:00:00Z', 'there is no month 13'],
    ['2026-00-01T00:00:00Z', 'there is no month 00'],
    ['2026-01-00T00:00:00Z', 'has no day 00'],
    ['2026-01-01T24:00:00Z', '24:00:00 is not a time of day'],
    ['2026-01-01T23:60:00Z', 'is not a time of day'],
    ['1990-12-31T15:59:59-24:00', '-24:00 is not an offset'],
    ['1990-12-31T15:59:59+01:60', '+01:60 is not an offset'],
    ['06/19/1963 08:30:06 PST', 'such as'],
    ['2013-350T01:01:01', 'such as'],
    ['1963-06-1৪T00:00:00Z', 'such as'],
    ['2000-01-01T00:00:00', 'such as'],
    ['2000-01-01T00:00:00+0200', 'such as'],
    ['2000-01-01T00:00:00+02', 'such as'],
    ['2000-01-01 00:00:00Z', 'such as'],
    ['2000-01-01T00:00Z', 'such as'],
    ['2000-01-01T00:00:00.Z', 'such as'],
    ['2000-01-01', 'such as'],
    ['20000-01-01T00:00:00Z', 'such as'],
    [' 2000-01-01T00:00:00Z', 'such as'],
    ['2000-01-01T00:00:00Z\n', 'such as'],
    ['', 'such as'],
  ])('refuses %j: %s', (text, why) => {
    expect(rfc3339Problem(text)).toMatch(/^must be an RFC 3339 date-time/);
    expect(rfc3339Problem(text)).toContain(why);
    expect(parseRfc3339(text)).toBeNull();
    expect(DateTimeInput.safeParse(text).success).toBe(false);
  });

  it('says that a + arrived as a space, as an unencoded + in a URL query does', () => {
    expect(rfc3339Problem('2000-01-01T00:00:00 02:00')).toContain("a '+' in a URL query must be sent as %2B");
    expect(rfc3339Problem('2000-01-01T00:00:00.5 02:00')).toContain('%2B');
    expect(rfc3339Problem('2000-01-01T00:00:00-02')).not.toContain('%2B');
  });
});

describe('the instant it names', () => {
  it.each([
    ['2000-01-01T00:00:00Z', epoch2000, false],
    ['2000-01-01t00:00:00z', epoch2000, false],
    ['2000-01-01T02:00:00+02:00', epoch2000, false],
    ['1999-12-31T19:00:00-05:00', epoch2000, false],
    ['2000-01-01T00:00:00-00:00', epoch2000, false],
    ['2000-01-01T05:45:00+05:45', epoch2000, false],
    ['2000-01-01T00:00:00.5Z', epoch2000 + 500, false],
    ['2000-01-01T00:00:00.1000Z', epoch2000 + 100, false],
    ['2000-01-01T00:00:00.0005Z', epoch2000, true],
    ['2000-01-01T00:00:00.123000000000000000001Z', epoch2000 + 123, true],
    ['1999-12-31T23:59:60Z', epoch2000, false],
    ['1999-12-31T23:59:60.999Z', epoch2000, false],
    ['1999-12-31T15:59:60-08:00', epoch2000, false],
    ['0000-01-01T00:00:00Z', Date.parse('0000-01-01T00:00:00Z'), false],
    ['0000-01-01T00:00:00+01:00', Date.parse('-000001-12-31T23:00:00Z'), false],
    ['0099-03-01T00:00:00Z', Date.parse('0099-03-01T00:00:00Z'), false],
    ['9999-12-31T23:00:00-02:00', Date.parse('+010000-01-01T01:00:00Z'), false],
  ])(
    '%s is %d ms since the epoch (past that millisecond: %s)',
    (text, epochMilliseconds, pastMillisecond) => {
      expect(parseRfc3339(text)).toEqual({ epochMilliseconds, pastMillisecond });
    },
  );

  it('agrees with Date.parse on every date-time it can write, in any offset', () => {
    const yearZero = Date.parse('0000-01-02T00:00:00Z');
    const yearEnd = Date.parse('9999-12-30T00:00:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: yearZero, max: yearEnd }),
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        fc.boolean(),
        (instant, offsetMinutes, lowerCase) => {
          const local = new Date(instant + offsetMinutes * 60_000).toISOString().slice(0, 23);
          const magnitude = Math.abs(offsetMinutes);
          const offset = `${offsetMinutes < 0 ? '-' : '+'}${String(Math.floor(magnitude / 60)).padStart(2, '0')}:${String(magnitude % 60).padStart(2, '0')}`;
          const text = lowerCase ? `${local}${offset}`.replace('T', 't') : `${local}${offset}`;
          expect(parseRfc3339(text)).toEqual({ epochMilliseconds: instant, pastMillisecond: false });
          expect(parseRfc3339(text)?.epochMilliseconds).toBe(Date.parse(text));
        },
      ),
    );
  });
});
