/**
 * `flagplane_segment` (§25, §11): `project`, `key`, `name`, `description`, `included` and `excluded`
 * (context keys) and `condition_group` blocks, as rules have them. Segments carry no `managedBy` in the
 * API. Removing the resource deletes the segment; the server refuses while a rule still uses it, and
 * Terraform, which sees the rule's reference, changes the rule first.
 */
import { type Event, type Segment, SegmentCreateBody } from '@flagplane/contract';
import { contractDiagnostics, knownOnly } from '../schema/contract-checks.js';
import { type BlockSpec, optional, optionalComputed, required, type SchemaSpec } from '../schema/model.js';
import { knownString, knownStrings, requiredString } from '../values/access.js';
import { setOf } from '../values/cty-type.js';
import type { TerraformValue } from '../values/unknown.js';
import { descriptionAttribute, idAttribute, projectAttribute } from './common-attributes.js';
import {
  conditionGroupsBlockType,
  conditionGroupsBody,
  conditionGroupsForChecks,
  conditionGroupsState,
} from './conditions.js';
import { drifted, driftWarning } from './drift.js';
import { unlessGone } from './gone.js';
import { preferConfigured, sameValue } from './plan.js';
import { type ObjectValue, type ResourceType, splitImportId } from './resource.js';

/** Context keys count once each, in any order: the server drops duplicates. */
const sameKeys = (configured: TerraformValue, live: TerraformValue) =>
  sameValue(
    [...new Set(knownStrings(configured) ?? [])].sort(),
    [...new Set(knownStrings(live) ?? [])].sort(),
  );

const contextKeys = (which: string) =>
  optional(
    setOf('string'),
    `Context keys ${which} (at most 10,000), a set: order and repeats do not count.`,
    {
      sameValue: sameKeys,
    },
  );

const block: BlockSpec = {
  description: 'A segment: context keys included or excluded, and condition groups; rules target it by key.',
  attributes: {
    id: idAttribute,
    project: projectAttribute,
    key: required(
      'string',
      'The segment key (`^[a-z0-9][a-z0-9_-]*$`, 1–64). Changing it replaces the segment.',
      {
        forcesReplacement: true,
      },
    ),
    name: optionalComputed(
      'string',
      'Display name. Left out: as the server has it (the key, for a new segment).',
    ),
    description: descriptionAttribute('segment'),
    included: contextKeys('always in the segment, unless also excluded'),
    excluded: contextKeys('never in the segment'),
  },
  blocks: { condition_group: conditionGroupsBlockType },
};

const schema: SchemaSpec = { version: 0, block };

function stateOf(project: string, segment: Segment): ObjectValue {
  return {
    id: segment.id,
    project,
    key: segment.key,
    name: segment.name,
    description: segment.description,
    // None reads as none at all, as a configuration that leaves them out says.
    included: segment.included.length > 0 ? segment.included : null,
    excluded: segment.excluded.length > 0 ? segment.excluded : null,
    condition_group: conditionGroupsState(segment.conditionGroups),
  };
}

function identity(state: ObjectValue) {
  return { project: requiredString(state.project, 'project'), key: requiredString(state.key, 'key') };
}

function body(planned: ObjectValue) {
  return {
    name: knownString(planned.name),
    description: knownString(planned.description) ?? '',
    included: knownStrings(planned.included) ?? [],
    excluded: knownStrings(planned.excluded) ?? [],
    conditionGroups: conditionGroupsBody(planned.condition_group),
  };
}

export const segmentResource: ResourceType = {
  typeName: 'flagplane_segment',
  schema,

  validate(config) {
    const checked = {
      ...(knownOnly({
        key: config.key,
        name: config.name,
        description: config.description,
        included: config.included,
        excluded: config.excluded,
      }) as object),
      conditionGroups: conditionGroupsForChecks(config.condition_group),
    };
    return contractDiagnostics(SegmentCreateBody, checked, block, config);
  },

  destroyWarnings: () => [],

  async create(context, planned) {
    const { project, key } = identity(planned);
    context.flags.forgetSegments(project);
    const segment = await context.client.segments.create(context.organization, project, {
      key,
      ...body(planned),
    });
    return { state: preferConfigured(block, planned, stateOf(project, segment)), diagnostics: [] };
  },

  async read(context, prior) {
    const { project, key } = identity(prior);
    const segment = await unlessGone(context.client.segments.retrieve(context.organization, project, key));
    if (!segment) return null;
    const state = preferConfigured(block, prior, stateOf(project, segment));
    if (!drifted(prior, state)) return { state, diagnostics: [] };
    const subject = {
      label: `Segment "${key}" of project "${project}"`,
      query: { project, resourceKind: 'Segment' as const },
      matches: (event: Event) => event.resource.kind === 'Segment' && event.resource.key === key,
    };
    return { state, diagnostics: [await driftWarning(context, subject)] };
  },

  async update(context, _prior, planned) {
    const { project, key } = identity(planned);
    context.flags.forgetSegments(project);
    // The whole definition, as planned: a segment is small, and PUT is partial only for what is left out.
    await context.client.segments.update(context.organization, project, key, body(planned));
    const segment = await context.client.segments.retrieve(context.organization, project, key);
    return { state: preferConfigured(block, planned, stateOf(project, segment)), diagnostics: [] };
  },

  async delete(context, prior) {
    const { project, key } = identity(prior);
    context.flags.forgetSegments(project);
    await unlessGone(context.client.segments.delete(context.organization, project, key));
    return [];
  },

  async importState(context, id) {
    const [project = '', key = ''] = splitImportId(id, ['project', 'segment']);
    const segment = await context.client.segments.retrieve(context.organization, project, key);
    return { state: stateOf(project, segment), diagnostics: [] };
  },
};
