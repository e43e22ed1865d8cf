/**
 * `flagplane_flag_environment` (§25): a flag's configuration in one environment (`enabled`,
 * `default_variation`, `strategy`, `rollout`, `prerequisite` and `rule` blocks, by keys). The API keeps a
 * configuration for every flag in every environment, so creating the resource writes the existing one;
 * removing it turns the flag off there and removes the rules it declared (so the segments they used can
 * be deleted too); the default variation and rollout weights stay. The flag's `managedBy.environments` (§20) lists the environments a resource of this
 * configuration manages, so a console warns before a change the next apply would revert.
 *
 * One write (`PUT`) replaces the whole configuration atomically (§9); reads map ids back to keys with the
 * flag read once per process (flag-reads.ts).
 */
import { type Event, FlagEnvironmentUpdateBody, type SegmentListItem } from '@flagplane/contract';
import { attributePath, error, hasErrors, warning } from '../diagnostics.js';
import { contractDiagnostics } from '../schema/contract-checks.js';
import { blockList, requiredString } from '../values/access.js';
import { drifted, driftWarning } from './drift.js';
import { bodyForChecks, type Identity, stateOf, updateBody } from './flag-environment-mapping.js';
import { plannedVariationDiagnostics } from './flag-environment-plan-checks.js';
import { flagEnvironmentBlock as block, flagEnvironmentSchema } from './flag-environment-schema.js';
import { unlessGone } from './gone.js';
import { preferConfigured } from './plan.js';
import {
  type ObjectValue,
  type Outcome,
  type ProviderContext,
  type ResourceType,
  splitImportId,
} from './resource.js';

function identity(state: ObjectValue): Identity {
  return {
    project: requiredString(state.project, 'project'),
    flag: requiredString(state.flag, 'flag'),
    environment: requiredString(state.environment, 'environment'),
  };
}

/** The project's segments as they are now, asked for only when a rule names one (or a live rule holds one). */
async function segmentsFor(
  context: ProviderContext,
  project: string,
  needed: boolean,
): Promise<SegmentListItem[]> {
  if (!needed) return [];
  const segments: SegmentListItem[] = [];
  for await (const segment of context.client.segments.list(context.organization, project, { limit: 200 })) {
    segments.push(segment);
  }
  return segments;
}

async function existingFlag(context: ProviderContext, { project, flag }: Identity) {
  const found = await context.flags.flag(project, flag);
  if (!found) {
    throw new NotFoundFlag(
      `Flag "${flag}" does not exist in project "${project}" (or is not visible to this token).`,
    );
  }
  return found;
}

class NotFoundFlag extends Error {}

/** Adds or removes this environment in the flag's `managedBy.environments`, when the flag is ours. */
async function claimEnvironment(
  context: ProviderContext,
  { project, flag, environment }: Identity,
  claim: boolean,
) {
  const { client, organization, managedBySource } = context;
  await context.flags.exclusive(project, flag, async () => {
    context.flags.forget(project, flag);
    const current = await client.flags.retrieve(organization, project, flag);
    if (current.managedBy?.source !== managedBySource) return;
    const listed = current.managedBy.environments;
    const environments = claim
      ? [...new Set([...listed, environment])]
      : listed.filter((candidate) => candidate !== environment);
    if (environments.length === listed.length && environments.every((key, index) => key === listed[index]))
      return;
    await client.flags.update(organization, project, flag, {
      managedBy: { source: managedBySource, environments },
    });
    context.flags.forget(project, flag);
  });
}

async function write(
  context: ProviderContext,
  prior: ObjectValue | null,
  planned: ObjectValue,
): Promise<Outcome> {
  const id = identity(planned);
  const flag = await existingFlag(context, id);
  context.flags.forget(id.project, id.flag);
  const needsSegments = blockList(planned.rule).some((rule) => typeof rule.segment === 'string');
  const segments = await segmentsFor(context, id.project, needsSegments);
  const priorRuleIds = blockList(prior?.rule).map((rule) => (typeof rule.id === 'string' ? rule.id : null));
  const { body, diagnostics } = updateBody(planned, flag, segments, priorRuleIds);
  if (hasErrors(diagnostics)) return { state: prior, diagnostics };
  await context.client.flagEnvironments.update(
    context.organization,
    id.project,
    id.flag,
    id.environment,
    body,
  );
  await claimEnvironment(context, id, true);
  const live = await context.client.flagEnvironments.retrieve(
    context.organization,
    id.project,
    id.flag,
    id.environment,
  );
  const liveSegments = await segmentsFor(
    context,
    id.project,
    needsSegments || live.rules.some((rule) => rule.userSegmentId),
  );
  return {
    state: preferConfigured(block, planned, stateOf(id, live, flag, liveSegments, planned)),
    diagnostics,
  };
}

async function readState(
  context: ProviderContext,
  id: Identity,
  reference: ObjectValue | null,
): Promise<ObjectValue | null> {
  const flag = await context.flags.flag(id.project, id.flag);
  if (!flag || flag.isArchived) return null;
  const live = await context.flags.configuration(id.project, id.flag, id.environment);
  if (!live) return null;
  const segments = live.rules.some((rule) => rule.userSegmentId)
    ? await context.flags.segments(id.project)
    : [];
  return preferConfigured(block, reference, stateOf(id, live, flag, segments, reference));
}

export const flagEnvironmentResource: ResourceType = {
  typeName: 'flagplane_flag_environment',
  schema: flagEnvironmentSchema,

  validate(config) {
    return contractDiagnostics(FlagEnvironmentUpdateBody, bodyForChecks(config), block, config);
  },

  async refinePlan(context, _prior, planned) {
    return { planned, diagnostics: await plannedVariationDiagnostics(context, planned) };
  },

  destroyWarnings(prior) {
    return [
      warning(
        `Flag "${String(prior.flag)}" will be turned off in "${String(prior.environment)}"`,
        'Removing a flagplane_flag_environment disables the flag in that environment and removes the rules it declared (so the segments they used can go too); its default variation and rollout weights stay.',
      ),
    ];
  },

  create(context, planned) {
    return write(context, null, planned).catch(flagMissing);
  },

  async read(context, prior) {
    const id = identity(prior);
    const state = await readState(context, id, prior);
    if (!state) return null;
    if (!drifted(prior, state)) return { state, diagnostics: [] };
    const subject = {
      label: `Flag "${id.flag}" in environment "${id.environment}"`,
      query: { project: id.project, flag: id.flag },
      matches: (event: Event) =>
        (event.resource.kind === 'FlagEnvironment' || event.resource.kind === 'Rule') &&
        event.environment?.key === id.environment,
    };
    return { state, diagnostics: [await driftWarning(context, subject)] };
  },

  update(context, prior, planned) {
    return write(context, prior, planned).catch(flagMissing);
  },

  async delete(context, prior) {
    const id = identity(prior);
    // One atomic write: off, and the declared rules gone with the declaration. A flag or environment that
    // is gone serves nothing any more.
    const body = { isEnabled: false, rules: [] };
    const { organization, client } = context;
    context.flags.forget(id.project, id.flag);
    const update = client.flagEnvironments.update(organization, id.project, id.flag, id.environment, body);
    const done = await unlessGone(update.then(() => true));
    if (done) await unlessGone(claimEnvironment(context, id, false));
    return [];
  },

  async importState(context, importId) {
    const [project = '', flag = '', environment = ''] = splitImportId(importId, [
      'project',
      'flag',
      'environment',
    ]);
    const state = await readState(context, { project, flag, environment }, null);
    if (!state) {
      return {
        state: null,
        diagnostics: [
          error(
            'Cannot import',
            `No configuration of flag "${flag}" in environment "${environment}" of project "${project}".`,
          ),
        ],
      };
    }
    return { state, diagnostics: [] };
  },
};

function flagMissing(thrown: unknown): Outcome {
  if (!(thrown instanceof NotFoundFlag)) throw thrown;
  return { state: null, diagnostics: [error('Unknown flag', thrown.message, attributePath('flag'))] };
}
