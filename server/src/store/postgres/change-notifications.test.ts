import { describe, expect, it } from 'vitest';
import { parseNotice } from './change-notifications.js';

describe('a change notification’s payload', () => {
  it('names the change by number and token (migration 003)', () => {
    expect(parseNotice('42 AbC-123_x')).toEqual({ seq: 42, token: 'AbC-123_x' });
  });

  it('names it by number alone when a server before 003 committed it', () => {
    expect(parseNotice('42')).toEqual({ seq: 42, token: null });
  });

  it('names no change for anything else (then the process catches up on everything)', () => {
    for (const payload of ['', undefined, 'x', '4.5', '-', ' 42'])
      expect(parseNotice(payload)).toBeUndefined();
  });
});
