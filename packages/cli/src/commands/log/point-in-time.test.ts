import { describe, expect, it } from 'vitest';
import { pointInTime } from './point-in-time.js';

const now = Date.parse('2026-11-24T12:00:00.000Z');

describe('pointInTime', () => {
  it.each([
    ['90s', '2026-11-24T11:58:30.000Z'],
    ['30m', '2026-11-24T11:30:00.000Z'],
    ['30min', '2026-11-24T11:30:00.000Z'],
    ['2h', '2026-11-24T10:00:00.000Z'],
    ['7d', '2026-11-17T12:00:00.000Z'],
    ['2w', '2026-11-10T12:00:00.000Z'],
    ['2026-11-20', '2026-11-20T00:00:00.000Z'],
    ['2026-11-20T08:15:00Z', '2026-11-20T08:15:00.000Z'],
    ['2026-11-20T08:15:00+02:00', '2026-11-20T06:15:00.000Z'],
    ['2024-02-29T00:00:00.5Z', '2024-02-29T00:00:00.500Z'],
  ])('reads %s', (text, expected) => {
    expect(pointInTime('--since', text, now)).toBe(expected);
  });

  it.each(['300000000d', '3000000d'])('refuses %s, which reaches back before the year 1', (text) => {
    expect(() => pointInTime('--since', text, now)).toThrow(
      `--since "${text}" reaches back before the year 1`,
    );
  });

  it.each([
    '',
    'yesterday',
    '2h ago',
    '-2h',
    '2026-02-31',
    '2026-13-01',
    '2026-11-24T25:00:00Z',
    '2026-11-24T10:00',
  ])('refuses %j, saying what it takes', (text) => {
    expect(() => pointInTime('--until', text, now)).toThrow(
      `--until "${text}" is neither a duration back from now (30m, 2h, 7d) nor a date-time`,
    );
  });
});
