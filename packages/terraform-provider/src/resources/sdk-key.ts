/**
 * `flagplane_sdk_key` (§25, §12): `project`, `environment`, `name`, `type`; the key itself in the
 * sensitive attribute `secret`, set once from the creation answer (the only answer that ever holds it)
 * and kept in state from then on: never in plan output (Terraform shows "(sensitive value)"), never in a
 * log line (nothing here logs values, and the log scrubs the secret besides). Removing the resource
 * revokes the key. A key revoked outside Terraform reads as gone: the plan creates a new one, with a new
 * secret, and every resource that uses the secret gets it.
 */
import { type Event, type SdkKey, SdkKeyCreateBody } from '@flagplane/contract';
import { warning } from '../diagnostics.js';
import { contractDiagnostics, knownOnly } from '../schema/contract-checks.js';
import { type BlockSpec, computed, optionalComputed, required, type SchemaSpec } from '../schema/model.js';
import { knownString, requiredString } from '../values/access.js';
import type { TerraformValue } from '../values/unknown.js';
import { descriptionAttribute, projectAttribute } from './common-attributes.js';
import { drifted, driftWarning } from './drift.js';
import { unlessGone } from './gone.js';
import { preferConfigured } from './plan.js';
import { type ObjectValue, type ResourceType, splitImportId } from './resource.js';

const block: BlockSpec = {
  description: 'An SDK key of one environment, for applications to read flags with.',
  attributes: {
    id: computed('string', "The key's id (a UUID): the last part of its import ID."),
    project: projectAttribute,
    environment: required(
      'string',
      'The environment key. Changing it replaces (revokes and recreates) the key.',
      {
        forcesReplacement: true,
      },
    ),
    type: required('string', '`ServerSide` or `ClientSide`. Changing it replaces the key.', {
      forcesReplacement: true,
    }),
    name: optionalComputed('string', 'Display name. Left out: as the server names it ("ServerSide key").'),
    description: descriptionAttribute('key'),
    last_four: computed('string', 'The last four characters of the key, to recognise it by.'),
    secret: computed(
      'string',
      'The key itself (`fp_srv_…`, `fp_cli_…`), sensitive: set once when the key is created. An imported key has none (it cannot be recovered).',
      { sensitive: true },
    ),
  },
};

const schema: SchemaSpec = { version: 0, block };

interface Where {
  readonly project: string;
  readonly environment: string;
}

function stateOf(
  where: Where,
  key: Pick<SdkKey, 'id' | 'name' | 'description' | 'type' | 'lastFourCharacters'>,
  secret: TerraformValue | undefined,
): ObjectValue {
  return {
    id: key.id,
    project: where.project,
    environment: where.environment,
    type: key.type,
    name: key.name,
    description: key.description,
    last_four: key.lastFourCharacters,
    secret: secret ?? null,
  };
}

function where(state: ObjectValue): Where {
  return {
    project: requiredString(state.project, 'project'),
    environment: requiredString(state.environment, 'environment'),
  };
}

export const sdkKeyResource: ResourceType = {
  typeName: 'flagplane_sdk_key',
  schema,

  validate(config) {
    return contractDiagnostics(
      SdkKeyCreateBody,
      knownOnly({ name: config.name, description: config.description, type: config.type }),
      block,
      config,
    );
  },

  destroyWarnings(prior) {
    return [
      warning(
        `SDK key "${String(prior.name ?? prior.last_four)}" will be revoked`,
        'Applications using it get 401 from then on; a revoked key is never active again.',
      ),
    ];
  },

  async create(context, planned) {
    const place = where(planned);
    const created = await context.client.sdkKeys.create(
      context.organization,
      place.project,
      place.environment,
      {
        type: requiredString(planned.type, 'type') as SdkKey['type'] & string,
        name: knownString(planned.name),
        description: knownString(planned.description) || undefined,
      },
    );
    if (created.key) context.log.redact(created.key);
    const state = stateOf(
      place,
      { ...created, description: knownString(planned.description) || null },
      created.key,
    );
    return { state: preferConfigured(block, planned, state), diagnostics: [] };
  },

  async read(context, prior) {
    const place = where(prior);
    const id = requiredString(prior.id, 'id');
    if (typeof prior.secret === 'string') context.log.redact(prior.secret);
    const key = await unlessGone(
      context.client.sdkKeys.retrieve(context.organization, place.project, place.environment, id),
    );
    if (!key) return null;
    if (!key.isActive) {
      return {
        state: null,
        diagnostics: [
          warning(
            `SDK key "${key.name ?? key.lastFourCharacters}" was revoked outside Terraform`,
            'A revoked key is never active again: the plan creates a new key, with a new secret.',
          ),
        ],
      };
    }
    const state = preferConfigured(block, prior, stateOf(place, key, prior.secret));
    if (!drifted(prior, state)) return { state, diagnostics: [] };
    const subject = {
      label: `SDK key "${key.name ?? key.lastFourCharacters}"`,
      query: { project: place.project, resourceKind: 'SdkKey' as const },
      matches: (event: Event) => event.resource.kind === 'SdkKey' && event.resource.id === id,
    };
    return { state, diagnostics: [await driftWarning(context, subject)] };
  },

  async update(context, prior, planned) {
    const place = where(prior);
    const id = requiredString(prior.id, 'id');
    const name = knownString(planned.name);
    await context.client.sdkKeys.update(context.organization, place.project, place.environment, id, {
      ...(name !== undefined ? { name } : {}),
      description: knownString(planned.description) ?? '',
    });
    const key = await context.client.sdkKeys.retrieve(
      context.organization,
      place.project,
      place.environment,
      id,
    );
    return { state: preferConfigured(block, planned, stateOf(place, key, prior.secret)), diagnostics: [] };
  },

  async delete(context, prior) {
    const place = where(prior);
    const id = requiredString(prior.id, 'id');
    await unlessGone(
      context.client.sdkKeys.revoke(context.organization, place.project, place.environment, id),
    );
    return [];
  },

  async importState(context, importId) {
    const [project = '', environment = '', id = ''] = splitImportId(importId, [
      'project',
      'environment',
      'sdkKeyId',
    ]);
    const key = await context.client.sdkKeys.retrieve(context.organization, project, environment, id);
    return {
      state: stateOf({ project, environment }, key, null),
      diagnostics: [
        warning(
          'An imported SDK key has no secret in state',
          'The key is shown once, at creation, and cannot be recovered: `secret` stays empty. To have Terraform hold a secret, let it create a new key (and revoke this one).',
        ),
      ],
    };
  },
};
