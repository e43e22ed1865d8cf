/** The desired-state validator: schema and cross-references, every problem at once, with readable paths. */
import { describe, expect, it } from 'vitest';
import { DesiredState, type DesiredStateInput, formatProblem, validateDesiredState } from '../src/index.js';

function sampleState(): DesiredStateInput {
  return {
    organization: 'acme',
    projects: [
      {
        key: 'web',
        name: 'Web',
        environments: [
          { key: 'development', color: '#22C55E' },
          { key: 'production', name: 'Production' },
        ],
        segments: [{ key: 'beta-users', included: ['user-1', 'user-1', 'user-2'] }],
        flags: [
          { key: 'new-checkout', type: 'Boolean', tags: ['checkout', 'checkout'] },
          {
            key: 'banner-text',
            type: 'String',
            variations: [
              { key: 'hello', value: 'Hello' },
              { key: 'welcome', value: 'Welcome' },
            ],
            defaultVariation: 'hello',
            environments: {
              production: {
                enabled: true,
                strategy: 'TargetedRollout',
                prerequisites: [{ flag: 'new-checkout', variation: 'true' }],
                rules: [
                  {
                    variation: 'welcome',
                    segment: 'beta-users',
                    conditionGroups: [
                      { conditions: [{ attribute: 'country', operator: 'in', values: ['NL'] }] },
                    ],
                  },
                ],
              },
              development: { strategy: 'PercentageRollout', percentageRollout: { hello: 30, welcome: 70 } },
            },
          },
        ],
        sdkKeys: [{ name: 'web-server', environment: 'production', type: 'ServerSide' }],
      },
    ],
  };
}

function problemsOf(input: unknown): string[] {
  const result = validateDesiredState(input);
  return result.problems ? result.problems.map(formatProblem) : [];
}

describe('validateDesiredState', () => {
  it('accepts a valid state and returns it in canonical form', () => {
    const result = validateDesiredState(sampleState());
    expect(result.problems).toBeUndefined();
    const project = result.state?.projects[0];
    expect(project?.environments[0]?.color).toBe('#22c55e');
    expect(project?.flags?.[0]?.tags).toEqual(['checkout']);
    expect(project?.segments?.[0]?.included).toEqual(['user-1', 'user-2']);
    const rule = project?.flags?.[1]?.environments?.production?.rules?.[0];
    expect(rule?.conditionGroups?.[0]).toEqual({
      operator: 'And',
      conditions: [{ attribute: 'country', operator: 'In', values: ['NL'], negate: false }],
    });
  });

  it('names an unknown rule variation with its full path and the closest key', () => {
    const state = sampleState();
    const rule = state.projects[0]?.flags?.[1]?.environments?.production?.rules?.[0];
    if (rule) rule.variation = 'welcom';
    expect(problemsOf(state)).toEqual([
      'projects[0].flags[1].environments.production.rules[0].variation: unknown variation "welcom"; did you mean "welcome"?',
    ]);
  });

  it('suggests "true" for "ture" on a Boolean flag without declared variations', () => {
    const state = sampleState();
    const prerequisite = state.projects[0]?.flags?.[1]?.environments?.production?.prerequisites?.[0];
    if (prerequisite) prerequisite.variation = 'ture';
    expect(problemsOf(state)).toEqual([
      'projects[0].flags[1].environments.production.prerequisites[0].variation: unknown variation "ture"; did you mean "true"?',
    ]);
  });

  it('reports every problem at once, schema and references together, in document order', () => {
    const state = sampleState() as unknown as { projects: Record<string, unknown>[] };
    const project = state.projects[0] as {
      environments: unknown[];
      flags: Record<string, unknown>[];
      segments: unknown[];
      sdkKeys: Record<string, unknown>[];
    };
    project.environments.push({ key: 'production' });
    project.flags.push({ key: 'new-checkout', type: 'Boolean', colour: 'red' });
    project.flags.push({ key: 'limits', type: 'Number', variations: [{ key: 'low', value: 'ten' }] });
    const banner = project.flags[1] as { environments: Record<string, Record<string, unknown>> };
    banner.environments.staging = { enabled: 'yes' };
    banner.environments.production!.rules = [{ variation: 'hello', segment: 'beta' }];
    banner.environments.development!.percentageRollout = { hello: 30, welcome: 60 };
    project.sdkKeys[0]!.environment = 'prod';
    expect(problemsOf(state)).toEqual([
      'projects[0].environments[2].key: duplicate environment key "production" (first declared at projects[0].environments[1])',
      'projects[0].flags[1].environments.production.rules[0].segment: unknown segment "beta"; did you mean "beta-users"?',
      'projects[0].flags[1].environments.development.percentageRollout: weights must sum to 100, not 90',
      'projects[0].flags[1].environments.staging: unknown environment "staging"; the project declares "development", "production"',
      'projects[0].flags[1].environments.staging.enabled: expected boolean, received "yes"',
      'projects[0].flags[2].key: duplicate flag key "new-checkout" (first declared at projects[0].flags[0])',
      'projects[0].flags[2].colour: unknown property',
      'projects[0].flags[3].variations[0].value: a Number value is the text of a finite JSON number',
      'projects[0].sdkKeys[0].environment: unknown environment "prod"; did you mean "production"?',
    ]);
  });

  it('suggests the closest property for an unknown one', () => {
    const state = sampleState() as unknown as { projects: Record<string, unknown>[] };
    (state.projects[0]!.flags as Record<string, unknown>[])[0]!.tag = ['x'];
    expect(problemsOf(state)).toEqual(['projects[0].flags[0].tag: unknown property; did you mean "tags"?']);
  });

  it('reports wrong types, missing properties and bad enum values with suggestions', () => {
    expect(
      problemsOf({
        organization: 'acme',
        projects: [
          {
            key: 'web',
            environments: [{ key: 'prod', sortOrder: 'first' }],
            flags: [{ key: 'x', type: 'boolean' }],
          },
        ],
      }),
    ).toEqual([
      'projects[0].environments[0].sortOrder: expected number, received "first"',
      'projects[0].flags[0].type: expected one of Boolean, String, Number, Json, received "boolean"; did you mean "Boolean"?',
    ]);
    expect(problemsOf({ projects: [] })).toEqual(['organization: is required']);
    expect(problemsOf('flags')).toEqual(['expected object, received "flags"']);
  });

  it('says to quote a number or boolean where the document wants text, and gives key rules in words', () => {
    expect(
      problemsOf({
        organization: 'acme',
        projects: [
          {
            key: 'my web',
            environments: [{ key: 'production' }],
            flags: [{ key: 'limit', type: 'Number', variations: [{ key: 'a', value: 50 }], tags: [true] }],
          },
        ],
      }),
    ).toEqual([
      'projects[0].key: may hold only lower-case letters, digits, "_" and "-", starting with a letter or digit (no spaces); pattern ^[a-z0-9][a-z0-9_-]*$',
      'projects[0].flags[0].variations[0].value: expected string, received number 50: quote it ("50") so that it is read as text',
      'projects[0].flags[0].tags[0]: expected string, received boolean true: quote it ("true") so that it is read as text',
    ]);
  });

  it('finds prerequisite cycles per environment, and a flag that needs itself', () => {
    const flag = (key: string, needs: string[], environment = 'production') => ({
      key,
      type: 'Boolean' as const,
      environments: {
        [environment]: { prerequisites: needs.map((need) => ({ flag: need, variation: 'true' })) },
      },
    });
    const problems = problemsOf({
      organization: 'acme',
      projects: [
        {
          key: 'web',
          environments: [{ key: 'development' }, { key: 'production' }],
          flags: [
            flag('a', ['b']),
            flag('b', ['c']),
            flag('c', ['a']),
            flag('d', ['d']),
            flag('e', ['a'], 'development'),
          ],
        },
      ],
    });
    expect(problems).toEqual([
      'projects[0].flags[0].environments.production.prerequisites[0].flag: prerequisite cycle in environment "production": a → b → c → a',
      'projects[0].flags[3].environments.production.prerequisites[0].flag: a flag cannot be its own prerequisite',
    ]);
  });

  it('checks Boolean variations, variation sets, defaults and strategies', () => {
    const problems = problemsOf({
      organization: 'acme',
      projects: [
        {
          key: 'web',
          environments: [{ key: 'production' }],
          flags: [
            {
              key: 'a',
              type: 'Boolean',
              variations: [
                { key: 'on', value: 'yes' },
                { key: 'off', value: 'false' },
              ],
            },
            { key: 'b', type: 'String' },
            {
              key: 'c',
              type: 'Json',
              variations: [
                { key: 'x', value: '{}' },
                { key: 'x', value: '{}' },
              ],
              defaultVariation: 'y',
              environments: { production: { strategy: 'PercentageRollout', defaultVariation: 'z' } },
            },
          ],
        },
      ],
    });
    expect(problems).toEqual([
      'projects[0].flags[0].variations: a Boolean flag has exactly two variations, with values "true" and "false" (or leave them out)',
      'projects[0].flags[1].variations: a String flag needs 1–100 variations',
      'projects[0].flags[2].variations[1].key: duplicate variation key "x" (first declared at projects[0].flags[2].variations[0])',
      'projects[0].flags[2].variations[1].value: duplicate variation value "{}" (first declared at projects[0].flags[2].variations[0])',
      'projects[0].flags[2].defaultVariation: unknown variation "y"; did you mean "x"?',
      'projects[0].flags[2].environments.production.defaultVariation: unknown variation "z"; did you mean "x"?',
      'projects[0].flags[2].environments.production.percentageRollout: is required by strategy PercentageRollout',
    ]);
  });

  it('refuses a retained resource inside a project or environment that will be deleted', () => {
    const problems = problemsOf({
      organization: 'acme',
      projects: [
        {
          key: 'web',
          environments: [{ key: 'production', removalPolicy: 'delete' }],
          sdkKeys: [{ name: 'k', environment: 'production', type: 'ServerSide', removalPolicy: 'retain' }],
        },
        {
          key: 'api',
          removalPolicy: 'delete',
          environments: [{ key: 'production' }],
          flags: [{ key: 'x', type: 'Boolean', removalPolicy: 'retain' }],
        },
      ],
    });
    expect(problems).toEqual([
      'projects[0].sdkKeys[0].removalPolicy: cannot retain this SDK key: environment "production" has removal policy delete, which removes its keys',
      "projects[1].flags[0].removalPolicy: cannot retain this flag: the project's removal policy is delete, which removes everything in it",
    ]);
  });

  it('refuses removal policies a kind does not have', () => {
    const state = sampleState();
    const segment = state.projects[0]?.segments?.[0] as Record<string, unknown>;
    segment.removalPolicy = 'archive';
    expect(problemsOf(state)).toEqual([
      'projects[0].segments[0].removalPolicy: expected one of delete, retain, received "archive"',
    ]);
  });

  it('gives each problem its path as segments too', () => {
    const state = sampleState();
    const rule = state.projects[0]?.flags?.[1]?.environments?.production?.rules?.[0];
    if (rule) rule.variation = 'nope';
    expect(validateDesiredState(state).problems?.[0]?.segments).toEqual([
      'projects',
      0,
      'flags',
      1,
      'environments',
      'production',
      'rules',
      0,
      'variation',
    ]);
  });
});

describe('validateDesiredState on a large document', () => {
  /** The sample with `count` more Boolean flags (duplicate tags, an operator in another case: transformed). */
  function withFlags(count: number): DesiredStateInput {
    const state = sampleState();
    for (let index = 0; index < count; index++) {
      state.projects[0]?.flags?.push({
        key: `flag-${index}`,
        type: 'Boolean',
        tags: ['bench', 'bench'],
        environments: {
          production: {
            enabled: index % 2 === 0,
            strategy: 'TargetedRollout',
            rules: [
              {
                variation: 'true',
                conditionGroups: [{ conditions: [{ attribute: 'country', operator: 'IN', values: ['NL'] }] }],
              },
            ],
          },
        },
      });
    }
    return state;
  }

  function broken(state: DesiredStateInput): DesiredStateInput {
    const project = state.projects[0];
    const [first, second] = [project?.flags?.[100], project?.flags?.[200]];
    if (first) first.key = 'not a key';
    const rule = second?.environments?.production?.rules?.[0];
    if (rule) rule.variation = 'ture';
    const environment = project?.environments[0];
    if (environment) environment.color = 'green';
    return state;
  }

  // Above 500 flags the compiled parser is used: the same state, the same problems as the runtime parser.
  it('returns the state the runtime parser returns', () => {
    const state = withFlags(600);
    expect(validateDesiredState(state)).toEqual({ state: DesiredState.parse(state) });
  });

  it('reports the problems the runtime parser reports', () => {
    const small = validateDesiredState(broken(withFlags(498))).problems;
    const large = validateDesiredState(broken(withFlags(600))).problems;
    expect(small?.map(formatProblem)).toEqual([
      'projects[0].environments[0].color: must be a hex color like #1a2b3c',
      'projects[0].flags[100].key: may hold only letters, digits, ".", "_" and "-", starting with a letter or digit (no spaces); pattern ^[A-Za-z0-9][A-Za-z0-9._-]*$',
      'projects[0].flags[200].environments.production.rules[0].variation: unknown variation "ture"; did you mean "true"?',
    ]);
    expect(large).toEqual(small);
  });
});
