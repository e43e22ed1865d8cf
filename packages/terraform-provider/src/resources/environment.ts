/**
 * `flagplane_environment` (§25): `project`, `key`, `name`, `color`. Environments carry no `managedBy` in
 * the API (§20 names projects and flags), so none is written.
 *
 * A project starts with the server's default environments (development, production, §7), so declaring
 * `production` finds it already there: creation then takes the existing environment over (its name and
 * colour become the declared ones) and says so in a warning, instead of failing on the taken key.
 * Removing the resource deletes the environment (its flag configurations, rules and SDK keys) only with
 * `deletion = "delete"`; otherwise it leaves state with a warning and stays on the server.
 */
import { type Environment, EnvironmentCreateBody, type Event } from '@flagplane/contract';
import { ConflictError } from '@flagplane/sdk';
import { type Diagnostic, warning } from '../diagnostics.js';
import { contractDiagnostics, knownOnly } from '../schema/contract-checks.js';
import { type BlockSpec, optionalComputed, required, type SchemaSpec } from '../schema/model.js';
import { knownString, requiredString } from '../values/access.js';
import type { TerraformValue } from '../values/unknown.js';
import {
  deletionAttribute,
  deletionDiagnostics,
  deletionPolicy,
  idAttribute,
  projectAttribute,
} from './common-attributes.js';
import { drifted, driftWarning } from './drift.js';
import { unlessGone } from './gone.js';
import { preferConfigured } from './plan.js';
import { type ObjectValue, type ProviderContext, type ResourceType, splitImportId } from './resource.js';

const policies = ['retain', 'delete'] as const;

const block: BlockSpec = {
  description: 'An environment of a Flagplane project (development, staging, production…).',
  attributes: {
    id: idAttribute,
    project: projectAttribute,
    key: required(
      'string',
      'The environment key (`^[a-z0-9][a-z0-9_-]*$`, 1–64). Changing it replaces the environment.',
      {
        forcesReplacement: true,
      },
    ),
    name: optionalComputed(
      'string',
      'Display name, 1–200 characters. Left out: as the server has it (the key, for a new environment).',
    ),
    color: optionalComputed(
      'string',
      'A colour `#rrggbb`. Left out: as the server has it (`#6b7280`, for a new environment).',
      {
        sameValue: (configured, live) =>
          typeof configured === 'string' &&
          typeof live === 'string' &&
          configured.toLowerCase() === live.toLowerCase(),
      },
    ),
    deletion: deletionAttribute(
      policies,
      'retain',
      '`"retain"` removes it from state and leaves it on the server; `"delete"` deletes it with its flag configurations, rules and SDK keys.',
    ),
  },
};

const schema: SchemaSpec = { version: 0, block };

function stateOf(
  project: string,
  environment: Environment,
  deletion: TerraformValue | undefined,
): ObjectValue {
  return {
    id: environment.id,
    project,
    key: environment.key,
    name: environment.name,
    color: environment.color,
    deletion: deletion ?? null,
  };
}

function identity(state: ObjectValue): { project: string; key: string } {
  return { project: requiredString(state.project, 'project'), key: requiredString(state.key, 'key') };
}

/** The declared name and colour that differ from the environment's, as an update body. */
function changes(planned: ObjectValue, current: { name: string | null; color: string | null }) {
  const name = knownString(planned.name);
  const color = knownString(planned.color);
  return {
    ...(name !== undefined && name !== current.name ? { name } : {}),
    ...(color !== undefined && color.toLowerCase() !== current.color?.toLowerCase() ? { color } : {}),
  };
}

export const environmentResource: ResourceType = {
  typeName: 'flagplane_environment',
  schema,

  validate(config) {
    const body = knownOnly({ key: config.key, name: config.name, color: config.color });
    return [
      ...contractDiagnostics(EnvironmentCreateBody, body, block, config),
      ...deletionDiagnostics(config.deletion, policies),
    ];
  },

  destroyWarnings(prior) {
    if (deletionPolicy(prior.deletion, 'retain') === 'delete') return [];
    return [retainedWarning(prior)];
  },

  async create(context, planned) {
    const { project, key } = identity(planned);
    const diagnostics: Diagnostic[] = [];
    let environment: Environment;
    try {
      environment = await context.client.environments.create(context.organization, project, {
        key,
        name: knownString(planned.name),
        color: knownString(planned.color),
      });
    } catch (thrown) {
      if (!(thrown instanceof ConflictError)) throw thrown;
      environment = await takeOver(context, project, key, planned);
      diagnostics.push(
        warning(
          `Environment "${key}" already existed in project "${project}": Terraform now manages it`,
          'A project starts with the environments development and production, so declaring one of them finds it in place. Its name and colour are now the declared ones; its flag configurations and SDK keys are unchanged.',
        ),
      );
    }
    return {
      state: preferConfigured(block, planned, stateOf(project, environment, planned.deletion)),
      diagnostics,
    };
  },

  async read(context, prior) {
    const { project, key } = identity(prior);
    // Gone with its project, too.
    const environment = await unlessGone(
      context.client.environments.retrieve(context.organization, project, key),
    );
    if (!environment) return null;
    const state = preferConfigured(block, prior, stateOf(project, environment, prior.deletion));
    if (!drifted(prior, state)) return { state, diagnostics: [] };
    const subject = {
      label: `Environment "${key}" of project "${project}"`,
      query: { project, resourceKind: 'Environment' as const },
      matches: (event: Event) => event.resource.kind === 'Environment' && event.resource.key === key,
    };
    return { state, diagnostics: [await driftWarning(context, subject)] };
  },

  async update(context, prior, planned) {
    const { project, key } = identity(prior);
    const body = changes(planned, { name: prior.name as string | null, color: prior.color as string | null });
    if (Object.keys(body).length === 0) {
      return {
        state: preferConfigured(block, planned, { ...prior, deletion: planned.deletion ?? null }),
        diagnostics: [],
      };
    }
    await context.client.environments.update(context.organization, project, key, body);
    const environment = await context.client.environments.retrieve(context.organization, project, key);
    return {
      state: preferConfigured(block, planned, stateOf(project, environment, planned.deletion)),
      diagnostics: [],
    };
  },

  async delete(context, prior) {
    if (deletionPolicy(prior.deletion, 'retain') !== 'delete') return [retainedWarning(prior)];
    const { project, key } = identity(prior);
    await unlessGone(context.client.environments.delete(context.organization, project, key));
    return [];
  },

  async importState(context, id) {
    const [project = '', key = ''] = splitImportId(id, ['project', 'environment']);
    const environment = await context.client.environments.retrieve(context.organization, project, key);
    return { state: stateOf(project, environment, null), diagnostics: [] };
  },
};

/** The environment that holds the key, with the declared name and colour written onto it. */
async function takeOver(
  context: ProviderContext,
  project: string,
  key: string,
  planned: ObjectValue,
): Promise<Environment> {
  const existing = await context.client.environments.retrieve(context.organization, project, key);
  const body = changes(planned, existing);
  if (Object.keys(body).length === 0) return existing;
  await context.client.environments.update(context.organization, project, key, body);
  return context.client.environments.retrieve(context.organization, project, key);
}

function retainedWarning(prior: ObjectValue): Diagnostic {
  return warning(
    `Environment "${String(prior.key)}" stays in project "${String(prior.project)}"`,
    'Removing a flagplane_environment only removes it from Terraform state: the environment, its flag configurations and SDK keys stay on the server. To delete it, apply `deletion = "delete"` first, then remove the block (or destroy).',
  );
}
