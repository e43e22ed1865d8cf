import { describe, expect, it } from 'vitest';
import { updatedDescription } from './partial-update.js';

describe('updatedDescription', () => {
  it('keeps the stored description when the property is omitted', () => {
    expect(updatedDescription('Checkout flow', undefined)).toBe('Checkout flow');
  });

  it('keeps the stored description when the property is null', () => {
    expect(updatedDescription('Checkout flow', null)).toBe('Checkout flow');
    expect(updatedDescription(null, null)).toBeNull();
  });

  it('clears the description for an empty string', () => {
    expect(updatedDescription('Checkout flow', '')).toBeNull();
  });

  it('replaces the description with any other text', () => {
    expect(updatedDescription('Checkout flow', 'New checkout')).toBe('New checkout');
    expect(updatedDescription(null, ' ')).toBe(' ');
  });
});
