/**
 * `flagplane_flag_environment`'s schema (§25): a flag's configuration in one environment, everything by
 * key (variations, segments, prerequisite flags) where the API speaks ids. The `apiName`s are the API's
 * property names, so a `validation_failed` field such as `rules.0.conditionGroups.1.conditions.0.values.2`
 * lands on `rule[0].condition_group[1].condition[0].values[2]`.
 */
import type { BlockSpec, SchemaSpec } from '../schema/model.js';
import { computed, optional, optionalComputed, required } from '../schema/model.js';
import type { TerraformValue } from '../values/unknown.js';
import { projectAttribute } from './common-attributes.js';
import { conditionGroupsBlockType } from './conditions.js';

const ruleBlock: BlockSpec = {
  description: 'A targeting rule; rules are evaluated in the order written, the first match serves.',
  attributes: {
    id: computed('string', "The rule's id (kept while the rule keeps its position)."),
    description: optional('string', 'What the rule is for.', {
      sameValue: (configured, live) => (configured ?? '') === (live ?? ''),
    }),
    variation: required('string', 'The key of the variation it serves.', { apiName: 'variationId' }),
    rollout_percentage: optional(
      'number',
      'The share (0–100) of matching contexts served this rule; the rest go on to the next rule. Left out: all of them.',
      { apiName: 'rolloutPercentage' },
    ),
    segment: optional('string', 'The key of a segment the context must be in.', { apiName: 'userSegmentId' }),
  },
  blocks: {
    condition_group: conditionGroupsBlockType,
  },
};

/** The strategy a configuration means when it does not say: what its blocks ask for. */
function impliedStrategy(config: { readonly [name: string]: TerraformValue }): TerraformValue {
  const declared = (name: string) =>
    Array.isArray(config[name]) && (config[name] as readonly unknown[]).length > 0;
  if (declared('rule')) return 'TargetedRollout';
  if (declared('rollout')) return 'PercentageRollout';
  return 'SingleVariation';
}

export const flagEnvironmentBlock: BlockSpec = {
  description: "A flag's configuration in one environment: on or off, what it serves and to whom.",
  attributes: {
    id: computed('string', '`<project>/<flag>/<environment>`, as an import ID.'),
    project: projectAttribute,
    flag: required('string', 'The flag key. Changing it replaces the resource.', { forcesReplacement: true }),
    environment: required('string', 'The environment key. Changing it replaces the resource.', {
      forcesReplacement: true,
    }),
    enabled: optionalComputed('bool', 'Whether the flag is on in this environment. Default `false`.', {
      default: false,
      apiName: 'isEnabled',
    }),
    default_variation: optionalComputed(
      'string',
      'The key of the variation served when disabled, and when no rule or rollout decides. Left out: as the server has it.',
      { apiName: 'defaultVariationId' },
    ),
    strategy: optionalComputed(
      'string',
      '`SingleVariation`, `PercentageRollout` or `TargetedRollout`. Left out: `TargetedRollout` when `rule` blocks are declared, `PercentageRollout` when `rollout` blocks are, else `SingleVariation`.',
      { default: impliedStrategy },
    ),
  },
  blocks: {
    rollout: {
      nesting: 'list',
      apiName: 'percentageRollout',
      identifiedBy: 'variation',
      wholeListProblemsAt: 'weight',
      block: {
        description:
          'A percentage rollout: each variation at most once, weights summing to exactly 100. Left out: the weights the server holds stay as they are.',
        attributes: {
          variation: required('string', 'The variation key.', { apiName: 'variationId' }),
          weight: required('number', 'An integer 0–100.'),
        },
      },
    },
    prerequisite: {
      nesting: 'list',
      apiName: 'prerequisites',
      maxItems: 10,
      block: {
        description:
          'Another flag that must be on in this environment and serve `variation`, or this one serves its default.',
        attributes: {
          flag: required('string', 'The key of a flag of the same project.', {
            apiName: 'prerequisiteFlagKey',
          }),
          variation: required('string', 'The key of the variation it must serve.', {
            apiName: 'expectedVariationKey',
          }),
        },
      },
    },
    rule: { nesting: 'list', apiName: 'rules', block: ruleBlock, maxItems: 100 },
  },
};

export const flagEnvironmentSchema: SchemaSpec = { version: 0, block: flagEnvironmentBlock };
