import type { Event } from '@flagplane/contract';
import { describe, expect, it } from 'vitest';
import { eventChangeLines, eventOrigin, eventResource, timeAgo } from './event-text.js';

const now = Date.parse('2026-11-24T12:00:00Z');

function event(overrides: Partial<Event>): Event {
  return {
    id: '019a0000-0000-7000-8000-000000000000',
    createdAt: '2026-11-24T10:00:00Z',
    action: 'toggleFlag',
    actor: { kind: 'User', id: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a00', name: 'Mel', email: 'mel@acme.test' },
    client: 'curl/8.5',
    requestId: 'req-1',
    project: { id: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a01', key: 'web' },
    environment: null,
    resource: { kind: 'Flag', id: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a02', key: 'checkout' },
    changes: [],
    ...overrides,
  };
}

describe('event text', () => {
  it.each([
    ['2026-11-24T11:59:30Z', 'just now'],
    ['2026-11-24T11:57:00Z', '3 min ago'],
    ['2026-11-24T10:00:00Z', '2 h ago'],
    ['2026-11-22T13:00:00Z', '47 h ago'],
    ['2026-11-19T12:00:00Z', '5 days ago'],
    ['2026-11-24T12:00:05Z', 'just now'],
  ])('says %s was %s', (at, expected) => {
    expect(timeAgo(at, now)).toBe(expected);
  });

  it('names the actor by email, else by name, with the client when there is one', () => {
    expect(eventOrigin(event({}), now)).toBe('mel@acme.test 2 h ago via curl/8.5');
    const token = event({
      actor: {
        kind: 'ServiceToken',
        id: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a03',
        name: 'deploy bot',
        email: null,
      },
      client: null,
    });
    expect(eventOrigin(token, now)).toBe('deploy bot 2 h ago');
  });

  it('lists additions, removals and edits, leaving out an emptied container its new elements explain', () => {
    const lines = eventChangeLines(
      event({
        changes: [
          { path: 'isEnabled', before: true, after: false },
          { path: 'tags', before: [] },
          { path: 'tags.0', after: 'beta' },
          { path: 'description', before: 'old' },
        ],
      }),
    );
    expect(lines).toEqual(['isEnabled: true → false', 'tags.0: + "beta"', 'description: - "old"']);
  });

  it('says how many more changes there are past the maximum', () => {
    const changes = Array.from({ length: 5 }, (_, index) => ({ path: `tags.${index}`, after: `t${index}` }));
    expect(eventChangeLines(event({ changes }), 3)).toEqual([
      'tags.0: + "t0"',
      'tags.1: + "t1"',
      'tags.2: + "t2"',
      '… and 2 more',
    ]);
  });

  it('names what the event carries by id, and shows the id of what no name was found for', () => {
    const sdkKey = event({
      action: 'revokeSdkKey',
      environment: { id: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a04', key: 'production' },
      resource: { kind: 'SdkKey', id: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a05', key: null },
      changes: [{ path: 'isActive', before: true, after: false }],
    });
    const names = new Map([
      ['5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a05', 'web-frontend'],
      ['5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a06', 'festive'],
      ['5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a07', 'Beta testers'],
    ]);
    expect(eventResource(sdkKey, names)).toBe('SDK key web-frontend in web@production');
    expect(eventResource(sdkKey)).toBe('SDK key 5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a05 in web@production');
    const configuration = event({
      action: 'updateFlagEnvironment',
      resource: { kind: 'FlagEnvironment', id: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a02', key: 'checkout' },
      changes: [
        { path: 'rules.0.variationId', after: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a06' },
        { path: 'rules.0.userSegmentId', after: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a07' },
        {
          path: 'defaultVariationId',
          before: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a08',
          after: '5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a06',
        },
      ],
    });
    expect(eventChangeLines(configuration, 12, names)).toEqual([
      'rules.0.variationId: + festive',
      'rules.0.userSegmentId: + Beta testers',
      'defaultVariationId: 5f0c0c52-4c4e-4b5e-9d8a-6f4f3c2b1a08 → festive',
    ]);
  });
});
