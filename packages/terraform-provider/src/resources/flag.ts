/**
 * `flagplane_flag` (§25): `project`, `key`, `type`, `name`, `description`, `tags`, `client_side_visible`,
 * `temporary` and `variation` blocks `{key, name, value, description}` (the schema: flag-schema.ts).
 * Written with `managedBy` = `terraform:<label>`. A flag's configuration per environment is
 * `flagplane_flag_environment`'s.
 *
 * - Removing the resource archives the flag (`deletion = "delete"` deletes it). Declaring an archived
 *   flag again that this configuration managed restores it, with a warning.
 * - A flag archived outside Terraform reads as gone: the plan creates it again, which restores it.
 * - A Boolean flag's variations are "true" and "false"; its `variation` blocks are optional (left out,
 *   Terraform leaves the two variations as they are). Their keys and values cannot change in place:
 *   changing them replaces the flag.
 */
import { type Event, type Flag, FlagCreateBody } from '@flagplane/contract';
import { ConflictError } from '@flagplane/sdk';
import { attributePath, type Diagnostic, error, warning } from '../diagnostics.js';
import type { LiveFlag } from '../provider/flag-reads.js';
import { contractDiagnostics, knownOnly } from '../schema/contract-checks.js';
import { blockList, knownBoolean, knownString, knownStrings, requiredString } from '../values/access.js';
import { deletionDiagnostics, deletionPolicy } from './common-attributes.js';
import { drifted, driftWarning } from './drift.js';
import { flagBlock as block, policies, flagSchema as schema, uniqueInOrder } from './flag-schema.js';
import { applyVariations, declaredVariations, plannedVariationKeys } from './flag-variations.js';
import { unlessGone } from './gone.js';
import { preferConfigured, sameValue } from './plan.js';
import {
  type ObjectValue,
  type Outcome,
  type ProviderContext,
  type ResourceType,
  splitImportId,
} from './resource.js';

function stateOf(project: string, flag: LiveFlag, reference: ObjectValue | null): ObjectValue {
  // A Boolean flag whose blocks Terraform does not hold: its two fixed variations are left out of state.
  const unmanagedVariations = flag.type === 'Boolean' && blockList(reference?.variation).length === 0;
  return {
    id: flag.id,
    project,
    key: flag.key,
    type: flag.type,
    name: flag.name,
    description: flag.description,
    // No tags reads as none at all, as a configuration without `tags` says it.
    tags: flag.tags && flag.tags.length > 0 ? flag.tags : null,
    client_side_visible: flag.clientSideVisible,
    temporary: flag.temporary,
    deletion: reference?.deletion ?? null,
    managed_by: flag.managedBy?.source ?? null,
    variation: unmanagedVariations
      ? []
      : flag.variations.map((variation) => ({
          id: variation.id,
          key: variation.key,
          value: variation.value,
          name: variation.name,
          description: variation.description,
        })),
  };
}

function identity(state: ObjectValue): { project: string; key: string } {
  return { project: requiredString(state.project, 'project'), key: requiredString(state.key, 'key') };
}

function creationBody(planned: ObjectValue, managedBySource: string) {
  const variations = declaredVariations(planned.variation);
  return {
    key: requiredString(planned.key, 'key'),
    type: requiredString(planned.type, 'type') as Flag['type'] & string,
    name: knownString(planned.name),
    description: knownString(planned.description) || undefined,
    tags: knownStrings(planned.tags),
    clientSideVisible: knownBoolean(planned.client_side_visible),
    temporary: knownBoolean(planned.temporary),
    ...(variations.length > 0
      ? {
          variations: variations.map(({ key, value, name, description }) => ({
            key,
            value,
            name,
            description: description || undefined,
          })),
        }
      : {}),
    managedBy: { source: managedBySource, environments: [] },
  };
}

/** The flag's own properties that differ from `live`, as an update body. */
function propertyChanges(planned: ObjectValue, live: Flag, managedBySource: string) {
  const name = knownString(planned.name);
  const description = knownString(planned.description) ?? '';
  const tags = uniqueInOrder(knownStrings(planned.tags) ?? []);
  const clientSideVisible = knownBoolean(planned.client_side_visible);
  const temporary = knownBoolean(planned.temporary);
  return {
    ...(name !== undefined && name !== live.name ? { name } : {}),
    ...(description !== (live.description ?? '') ? { description } : {}),
    ...(!sameValue(tags, live.tags ?? []) ? { tags } : {}),
    ...(clientSideVisible !== undefined && clientSideVisible !== live.clientSideVisible
      ? { clientSideVisible }
      : {}),
    ...(temporary !== undefined && temporary !== live.temporary ? { temporary } : {}),
    ...(live.managedBy?.source !== managedBySource
      ? { managedBy: { source: managedBySource, environments: [] } }
      : {}),
  };
}

/** Makes the live flag what the plan says: its properties, then its variations; answers the new state. */
async function converge(context: ProviderContext, planned: ObjectValue, live: Flag): Promise<Outcome> {
  const { project, key } = identity(planned);
  const { client, organization, managedBySource } = context;
  const body = propertyChanges(planned, live, managedBySource);
  context.flags.forget(project, key);
  if (Object.keys(body).length > 0) await client.flags.update(organization, project, key, body);
  const declared = declaredVariations(planned.variation);
  const manageVariations = declared.length > 0 || live.type !== 'Boolean';
  const diagnostics = manageVariations
    ? await applyVariations(context, { project, key, type: live.type ?? '' }, declared, live.variations)
    : [];
  const written = Object.keys(body).length > 0 || manageVariations;
  const current = written ? await client.flags.retrieve(organization, project, key) : live;
  return { state: preferConfigured(block, planned, stateOf(project, current, planned)), diagnostics };
}

export const flagResource: ResourceType = {
  typeName: 'flagplane_flag',
  schema,

  validate(config) {
    const type = knownString(config.type);
    const variations = blockList(config.variation);
    const body = knownOnly({
      key: config.key,
      type: config.type,
      name: config.name,
      description: config.description,
      tags: config.tags,
      clientSideVisible: config.client_side_visible,
      temporary: config.temporary,
      // A Boolean flag may leave its variations out: the server makes "true" and "false".
      variations:
        type === 'Boolean' && Array.isArray(config.variation) && variations.length === 0
          ? undefined
          : Array.isArray(config.variation)
            ? variations.map((variation) => ({
                key: variation.key,
                value: variation.value,
                name: variation.name,
                description: variation.description,
              }))
            : config.variation,
    });
    return [
      ...contractDiagnostics(FlagCreateBody, body, block, config),
      ...deletionDiagnostics(config.deletion, policies),
    ];
  },

  refinePlan(context, prior, planned) {
    const refined = { ...planned, managed_by: context.managedBySource };
    // What its flag environments (planned after it, as they refer to it) may name.
    if (typeof planned.project === 'string' && typeof planned.key === 'string') {
      context.plannedVariations.record(planned.project, planned.key, plannedVariationKeys(planned));
    }
    // A Boolean flag's variations are fixed: other keys or values mean another flag.
    const pairs = (state: ObjectValue) =>
      blockList(state.variation)
        .map((variation) => `${String(variation.key)}=${String(variation.value)}`)
        .sort();
    const booleanVariationsChanged =
      prior !== null &&
      prior.type === 'Boolean' &&
      blockList(prior.variation).length > 0 &&
      blockList(planned.variation).length > 0 &&
      !sameValue(pairs(prior), pairs(planned));
    return { planned: refined, replaceWhenChanged: booleanVariationsChanged ? ['variation'] : [] };
  },

  destroyWarnings(prior) {
    if (deletionPolicy(prior.deletion, 'archive') === 'delete') return [];
    return [
      warning(
        `Flag "${String(prior.key)}" will be archived, not deleted`,
        'An archived flag is no longer evaluated and can be restored (in the console, or by declaring it again). To delete it for good, apply `deletion = "delete"` first.',
      ),
    ];
  },

  async create(context, planned) {
    const { project, key } = identity(planned);
    context.flags.forget(project, key);
    try {
      const flag = await context.client.flags.create(
        context.organization,
        project,
        creationBody(planned, context.managedBySource),
      );
      return { state: preferConfigured(block, planned, stateOf(project, flag, planned)), diagnostics: [] };
    } catch (thrown) {
      if (!(thrown instanceof ConflictError)) throw thrown;
      return restoreArchived(context, planned, thrown);
    }
  },

  async read(context, prior) {
    const { project, key } = identity(prior);
    const flag = await context.flags.flag(project, key);
    if (!flag) return null;
    const subject = {
      label: `Flag "${key}" of project "${project}"`,
      query: { project, flag: key },
      matches: (event: Event) => event.resource.kind === 'Flag' || event.resource.kind === 'Variation',
    };
    if (flag.isArchived) {
      // Read as gone: the plan declares it again, which restores it (this configuration's flag).
      const archived = await driftWarning(context, {
        ...subject,
        label: subject.label.replace('Flag', 'Archived flag'),
      });
      return { state: null, diagnostics: [archived] };
    }
    const state = preferConfigured(block, prior, stateOf(project, flag, prior));
    // A state written before the provider knew `temporary` has none recorded: whatever the server holds
    // is not a change made outside Terraform.
    const stored: ObjectValue =
      (prior.temporary ?? null) === null ? { ...prior, temporary: state.temporary ?? null } : prior;
    if (!drifted(stored, state)) return { state, diagnostics: [] };
    return { state, diagnostics: [await driftWarning(context, subject)] };
  },

  async update(context, prior, planned) {
    const { project, key } = identity(prior);
    const live = await context.client.flags.retrieve(context.organization, project, key);
    return converge(context, { ...planned, deletion: planned.deletion ?? null }, live);
  },

  async delete(context, prior) {
    const { project, key } = identity(prior);
    const remove = deletionPolicy(prior.deletion, 'archive') === 'delete';
    context.flags.forget(project, key);
    const { flags } = context.client;
    await unlessGone(
      remove
        ? flags.delete(context.organization, project, key)
        : flags.archive(context.organization, project, key),
    );
    return [];
  },

  async importState(context, id) {
    const [project = '', key = ''] = splitImportId(id, ['project', 'flag']);
    const flag = await context.flags.flag(project, key);
    if (!flag) {
      return {
        state: null,
        diagnostics: [error('Cannot import', `No flag "${key}" in project "${project}".`)],
      };
    }
    if (flag.isArchived) {
      return {
        state: null,
        diagnostics: [
          error(
            'Cannot import an archived flag',
            `Flag "${key}" is archived: restore it first (console, or POST …/restore).`,
          ),
        ],
      };
    }
    return { state: stateOf(project, flag, null), diagnostics: [] };
  },
};

/**
 * The key is taken. When it is taken by an archived flag this configuration managed (the flag was
 * removed from it, or archived by hand), declaring it again restores it; anything else is an error
 * that says how to import the flag.
 */
async function restoreArchived(
  context: ProviderContext,
  planned: ObjectValue,
  conflict: ConflictError,
): Promise<Outcome> {
  const { project, key } = identity(planned);
  const existing = await context.client.flags.retrieve(context.organization, project, key);
  const ours = existing.managedBy?.source === context.managedBySource;
  if (!existing.isArchived || !ours) {
    return {
      state: null,
      diagnostics: [
        error(
          `Flag "${key}" already exists in project "${project}"`,
          `${conflict.message}\nTo manage it with Terraform, import it: \`terraform import <address> ${project}/${key}\`, or an \`import { id = "${project}/${key}" … }\` block.`,
          attributePath('key'),
        ),
      ],
    };
  }
  if (existing.type !== planned.type) {
    return {
      state: null,
      diagnostics: [
        error(
          `Archived flag "${key}" has type ${existing.type}`,
          `This configuration archived flag "${key}" (type ${existing.type}); a flag's type cannot change, so it cannot come back as ${String(planned.type)}. Delete it (apply \`deletion = "delete"\` before removing it), or use another key.`,
          attributePath('type'),
        ),
      ],
    };
  }
  context.flags.forget(project, key);
  await context.client.flags.restore(context.organization, project, key);
  const restored = await context.client.flags.retrieve(context.organization, project, key);
  const outcome = await converge(context, planned, restored);
  const restoredWarning: Diagnostic = warning(
    `Flag "${key}" was archived: restored`,
    'The flag this configuration managed before was archived (removed from the configuration, or archived by hand). Declaring it again restored it, with its history, and made it as declared.',
  );
  return { state: outcome.state, diagnostics: [restoredWarning, ...outcome.diagnostics] };
}
