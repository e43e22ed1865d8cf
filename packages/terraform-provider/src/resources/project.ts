/**
 * `flagplane_project` (§25): `key`, `name`, `description`. Created with `managedBy` = `terraform:<label>`.
 * A new project gets the server's default environments (development, production); declaring one of them
 * as a `flagplane_environment` takes it over (environment.ts). Removing the resource deletes the project
 * (and everything in it) only with `deletion = "delete"`; otherwise it leaves state with a warning and
 * stays on the server.
 */
import { type Event, type Project, ProjectCreateBody } from '@flagplane/contract';
import { type Diagnostic, warning } from '../diagnostics.js';
import { contractDiagnostics, knownOnly } from '../schema/contract-checks.js';
import { type BlockSpec, optionalComputed, required, type SchemaSpec } from '../schema/model.js';
import { knownString, requiredString } from '../values/access.js';
import type { TerraformValue } from '../values/unknown.js';
import {
  deletionAttribute,
  deletionDiagnostics,
  deletionPolicy,
  descriptionAttribute,
  idAttribute,
  managedByAttribute,
} from './common-attributes.js';
import { drifted, driftWarning } from './drift.js';
import { unlessGone } from './gone.js';
import { preferConfigured } from './plan.js';
import { type ObjectValue, type Outcome, type ResourceType, splitImportId } from './resource.js';

const policies = ['retain', 'delete'] as const;

const block: BlockSpec = {
  description: 'A Flagplane project: the flags, environments and segments of one product.',
  attributes: {
    id: idAttribute,
    key: required(
      'string',
      'The project key (`^[a-z0-9][a-z0-9_-]*$`, 1–64). Changing it replaces the project.',
      {
        forcesReplacement: true,
      },
    ),
    name: optionalComputed(
      'string',
      'Display name, 1–200 characters. Left out: the server names it after the key.',
    ),
    description: descriptionAttribute('project'),
    deletion: deletionAttribute(
      policies,
      'retain',
      '`"retain"` removes it from state and leaves it (with its environments, flags and keys) on the server; `"delete"` deletes it and everything in it.',
    ),
    managed_by: managedByAttribute,
  },
};

const schema: SchemaSpec = { version: 0, block };

function stateOf(project: Project, deletion: TerraformValue | undefined): ObjectValue {
  return {
    id: project.id,
    key: project.key,
    name: project.name,
    description: project.description,
    deletion: deletion ?? null,
    managed_by: project.managedBy?.source ?? null,
  };
}

export const projectResource: ResourceType = {
  typeName: 'flagplane_project',
  schema,

  validate(config) {
    const body = knownOnly({ key: config.key, name: config.name, description: config.description });
    return [
      ...contractDiagnostics(ProjectCreateBody, body, block, config),
      ...deletionDiagnostics(config.deletion, policies),
    ];
  },

  refinePlan(context, _prior, planned) {
    return { planned: { ...planned, managed_by: context.managedBySource } };
  },

  destroyWarnings(prior) {
    if (deletionPolicy(prior.deletion, 'retain') === 'delete') return [];
    return [retainedWarning(prior)];
  },

  async create(context, planned) {
    const project = await context.client.projects.create(context.organization, {
      key: requiredString(planned.key, 'key'),
      name: knownString(planned.name),
      description: knownString(planned.description),
      managedBy: { source: context.managedBySource, environments: [] },
    });
    return { state: preferConfigured(block, planned, stateOf(project, planned.deletion)), diagnostics: [] };
  },

  async read(context, prior) {
    const key = requiredString(prior.key, 'key');
    const project = await unlessGone(context.client.projects.retrieve(context.organization, key));
    if (!project) return null;
    const state = preferConfigured(block, prior, stateOf(project, prior.deletion));
    if (!drifted(prior, state)) return { state, diagnostics: [] };
    const subject = {
      label: `Project "${key}"`,
      query: { project: key, resourceKind: 'Project' as const },
      matches: (event: Event) => event.resource.kind === 'Project',
    };
    return { state, diagnostics: [await driftWarning(context, subject)] };
  },

  async update(context, prior, planned) {
    const key = requiredString(prior.key, 'key');
    const name = knownString(planned.name);
    const description = knownString(planned.description) ?? '';
    const body = {
      ...(name !== undefined && name !== prior.name ? { name } : {}),
      ...(description !== (prior.description ?? '') ? { description } : {}),
      ...(prior.managed_by !== context.managedBySource
        ? { managedBy: { source: context.managedBySource, environments: [] } }
        : {}),
    };
    // Only `deletion` changed: it lives in state alone, and the server hears nothing.
    if (Object.keys(body).length === 0) {
      return {
        state: preferConfigured(block, planned, { ...prior, deletion: planned.deletion ?? null }),
        diagnostics: [],
      };
    }
    await context.client.projects.update(context.organization, key, body);
    const project = await context.client.projects.retrieve(context.organization, key);
    return { state: preferConfigured(block, planned, stateOf(project, planned.deletion)), diagnostics: [] };
  },

  async delete(context, prior) {
    if (deletionPolicy(prior.deletion, 'retain') !== 'delete') return [retainedWarning(prior)];
    await unlessGone(context.client.projects.delete(context.organization, requiredString(prior.key, 'key')));
    return [];
  },

  async importState(context, id): Promise<Outcome> {
    const [key = ''] = splitImportId(id, ['project']);
    const project = await context.client.projects.retrieve(context.organization, key);
    return { state: stateOf(project, null), diagnostics: [] };
  },
};

function retainedWarning(prior: ObjectValue): Diagnostic {
  return warning(
    `Project "${String(prior.key)}" stays on the server`,
    'Removing a flagplane_project only removes it from Terraform state: the project, its environments, flags and SDK keys stay. To delete it, apply `deletion = "delete"` first, then remove the block (or destroy).',
  );
}
