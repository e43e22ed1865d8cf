/**
 * One flag of 10 rules × 5 conditions, written twice: for Flagplane (its delivery document, §21) and
 * for LaunchDarkly (its flag and segment JSON, used through TestData). Each rule asks, in order: an email
 * matching a regular expression, an app version above 2.4.0 (semver), an age above 30 (numbers),
 * membership of the segment `beta` (plan pro), and a country. The context passes the first four in every
 * rule and only the last rule's country, so both evaluators walk all 50 conditions before it matches.
 */
const countries = (index) => (index === 9 ? ['NL', 'BE'] : [`X${index}`, `Y${index}`]);
const uuid = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const context = {
  key: 'user-1',
  attributes: { email: 'mel@acme.test', appVersion: '2.5.1', age: 41, plan: 'pro', country: 'NL' },
};

export function flagplaneDocument() {
  const on = uuid(1);
  const off = uuid(2);
  const segment = uuid(3);
  return {
    environment: { id: uuid(4), key: 'production' },
    flags: [
      {
        id: uuid(5),
        key: 'checkout',
        type: 'Boolean',
        isArchived: false,
        clientSideVisible: false,
        variations: [
          { id: on, key: 'true', value: 'true' },
          { id: off, key: 'false', value: 'false' },
        ],
        configuration: {
          isEnabled: true,
          defaultVariationId: off,
          strategy: 'TargetedRollout',
          prerequisites: [],
          percentageRollout: null,
          rules: Array.from({ length: 10 }, (_, index) => ({
            id: uuid(100 + index),
            description: null,
            variationId: on,
            rolloutPercentage: null,
            userSegmentId: segment,
            conditionGroups: [
              {
                operator: 'And',
                conditions: [
                  { attribute: 'email', operator: 'MatchesRegex', values: ['@acme\\.test$'], negate: false },
                  {
                    attribute: 'appVersion',
                    operator: 'SemverGreaterThan',
                    values: ['2.4.0'],
                    negate: false,
                  },
                  { attribute: 'age', operator: 'GreaterThan', values: ['30'], negate: false },
                  { attribute: 'country', operator: 'In', values: countries(index), negate: false },
                ],
              },
            ],
          })),
        },
      },
    ],
    segments: [
      {
        id: segment,
        key: 'beta',
        included: [],
        excluded: [],
        conditionGroups: [
          {
            operator: 'And',
            conditions: [{ attribute: 'plan', operator: 'In', values: ['pro'], negate: false }],
          },
        ],
      },
    ],
  };
}

/** LaunchDarkly's JSON for the same flag: segmentMatch as a clause, in the place Flagplane checks it. */
export function launchDarklyFlag() {
  return {
    key: 'checkout',
    version: 1,
    on: true,
    variations: [true, false],
    offVariation: 1,
    fallthrough: { variation: 1 },
    targets: [],
    contextTargets: [],
    prerequisites: [],
    salt: 'checkout',
    trackEvents: false,
    trackEventsFallthrough: false,
    rules: Array.from({ length: 10 }, (_, index) => ({
      id: `rule-${index}`,
      variation: 0,
      trackEvents: false,
      clauses: [
        { contextKind: 'user', attribute: '', op: 'segmentMatch', values: ['beta'], negate: false },
        { contextKind: 'user', attribute: 'email', op: 'matches', values: ['@acme\\.test$'], negate: false },
        {
          contextKind: 'user',
          attribute: 'appVersion',
          op: 'semVerGreaterThan',
          values: ['2.4.0'],
          negate: false,
        },
        { contextKind: 'user', attribute: 'age', op: 'greaterThan', values: [30], negate: false },
        { contextKind: 'user', attribute: 'country', op: 'in', values: countries(index), negate: false },
      ],
    })),
  };
}

export function launchDarklySegment() {
  return {
    key: 'beta',
    version: 1,
    included: [],
    excluded: [],
    salt: 'beta',
    rules: [
      {
        id: 'plan',
        clauses: [{ contextKind: 'user', attribute: 'plan', op: 'in', values: ['pro'], negate: false }],
      },
    ],
  };
}

export const launchDarklyContext = { kind: 'user', key: context.key, ...context.attributes };
