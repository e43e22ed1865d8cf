import { describe, expect, it } from 'vitest';
import { namedAfterKey, storedDescription } from './creation-defaults.js';

describe('storedDescription', () => {
  it('stores no description for an empty string, null or an omitted property', () => {
    expect(storedDescription('')).toBeNull();
    expect(storedDescription(null)).toBeNull();
    expect(storedDescription(undefined)).toBeNull();
  });

  it('stores any other text as given', () => {
    expect(storedDescription('Checkout flow')).toBe('Checkout flow');
  });
});

describe('namedAfterKey', () => {
  it('names a resource after its key when the name is omitted or null', () => {
    expect(namedAfterKey({ key: 'web' })).toEqual({ key: 'web', name: 'web', description: null });
    expect(namedAfterKey({ key: 'web', name: null, description: '' })).toEqual({
      key: 'web',
      name: 'web',
      description: null,
    });
  });

  it('keeps a given name and description', () => {
    expect(namedAfterKey({ key: 'web', name: 'Web', description: 'The shop' })).toEqual({
      key: 'web',
      name: 'Web',
      description: 'The shop',
    });
  });
});
