import { OfrepEvaluationRequest } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../domain/api-error.js';
import { CheckedBodies } from './checked-bodies.js';

const text = (context: object) => JSON.stringify({ context });
const body = (context: object) => JSON.parse(text(context));

describe('CheckedBodies', () => {
  it('checks a body once per text and hands back the same checked value', () => {
    const bodies = new CheckedBodies(OfrepEvaluationRequest);
    const sent = { targetingKey: 'user-1', plan: 'pro' };
    const first = bodies.check(body(sent), text(sent));
    expect(first).toEqual({ context: sent });
    expect(bodies.check(body(sent), text(sent))).toBe(first);
  });

  it('refuses a body that breaks the contract, every time, whatever was checked before', () => {
    const bodies = new CheckedBodies(OfrepEvaluationRequest);
    bodies.check(body({ targetingKey: 'user-1' }), text({ targetingKey: 'user-1' }));
    const nested = { targetingKey: 'user-1', address: { city: 'Utrecht' } };
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(() => bodies.check(body(nested), text(nested))).toThrow(ApiError);
    }
  });

  it('checks bodies it cannot tie to their text, and long ones, every time', () => {
    const bodies = new CheckedBodies(OfrepEvaluationRequest);
    const sent = { targetingKey: 'user-1' };
    expect(bodies.check(body(sent), null)).not.toBe(bodies.check(body(sent), null));
    const long = { targetingKey: 'user-1', note: 'x'.repeat(5000) };
    expect(bodies.check(body(long), text(long))).not.toBe(bodies.check(body(long), text(long)));
  });

  it('forgets the oldest text past its bound', () => {
    const bodies = new CheckedBodies(OfrepEvaluationRequest);
    const first = { targetingKey: 'user-0' };
    const kept = bodies.check(body(first), text(first));
    for (let index = 1; index <= 1024; index++) {
      const other = { targetingKey: `user-${index}` };
      bodies.check(body(other), text(other));
    }
    expect(bodies.check(body(first), text(first))).not.toBe(kept);
  });
});
