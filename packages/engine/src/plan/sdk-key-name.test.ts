import { describe, expect, it } from 'vitest';
import { liveSdkKeyName, parseLiveSdkKeyName } from './sdk-key-name.js';

describe('SDK key names', () => {
  it('carry the rotation from the first replacement on, and read back', () => {
    expect(liveSdkKeyName('web-server', 0)).toBe('web-server');
    expect(liveSdkKeyName('web-server', 2)).toBe('web-server (rotation 2)');
    expect(parseLiveSdkKeyName('web-server (rotation 2)')).toEqual({ name: 'web-server', rotation: 2 });
    expect(parseLiveSdkKeyName('web (server)')).toEqual({ name: 'web (server)', rotation: 0 });
  });
});
