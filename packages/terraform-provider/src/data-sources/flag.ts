/** `data "flagplane_flag"`: a flag of a project, by key, with its variations. */
import { FlagKey, ProjectKey } from '@flagplane/contract';
import type { DataSourceType } from '../resources/resource.js';
import { computed, required, type SchemaSpec } from '../schema/model.js';
import { requiredString } from '../values/access.js';
import { listOf, objectOf } from '../values/cty-type.js';
import { keyDiagnostics } from './key-checks.js';

const schema: SchemaSpec = {
  version: 0,
  block: {
    description: 'Reads a flag of a Flagplane project, with its variations.',
    attributes: {
      project: required('string', 'The project key.'),
      key: required('string', 'The flag key.'),
      id: computed('string', "The flag's id."),
      type: computed('string', '`Boolean`, `String`, `Number` or `Json`.'),
      name: computed('string', 'Display name.'),
      description: computed('string', 'Description (null when none).'),
      tags: computed(listOf('string'), 'Tags.'),
      client_side_visible: computed('bool', 'Whether client-side SDK keys may evaluate it.'),
      temporary: computed('bool', 'Whether it is meant to be removed once it has done its job.'),
      archived: computed('bool', 'Whether it is archived.'),
      managed_by: computed('string', 'The `managedBy.source` the server holds, if any.'),
      variations: computed(
        listOf(
          objectOf({ id: 'string', key: 'string', name: 'string', value: 'string', description: 'string' }),
        ),
        'Its variations.',
      ),
    },
  },
};

export const flagDataSource: DataSourceType = {
  typeName: 'flagplane_flag',
  schema,
  validate: (config) => keyDiagnostics(config, { project: ProjectKey, key: FlagKey }),
  async read(context, config) {
    const project = requiredString(config.project, 'project');
    const key = requiredString(config.key, 'key');
    const flag = await context.client.flags.retrieve(context.organization, project, key);
    return {
      state: {
        project,
        key,
        id: flag.id,
        type: flag.type,
        name: flag.name,
        description: flag.description,
        tags: flag.tags ?? [],
        client_side_visible: flag.clientSideVisible,
        temporary: flag.temporary,
        archived: flag.isArchived,
        managed_by: flag.managedBy?.source ?? null,
        variations: flag.variations.map(({ id, key: variationKey, name, value, description }) => ({
          id,
          key: variationKey,
          name,
          value,
          description,
        })),
      },
      diagnostics: [],
    };
  },
};
