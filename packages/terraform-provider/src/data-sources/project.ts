/** `data "flagplane_project"`: a project by key, with its environments (in environment order). */
import { ProjectKey } from '@flagplane/contract';
import type { DataSourceType } from '../resources/resource.js';
import { computed, required, type SchemaSpec } from '../schema/model.js';
import { requiredString } from '../values/access.js';
import { listOf, objectOf } from '../values/cty-type.js';
import { keyDiagnostics } from './key-checks.js';

const schema: SchemaSpec = {
  version: 0,
  block: {
    description: 'Reads a Flagplane project and its environments.',
    attributes: {
      key: required('string', 'The project key.'),
      id: computed('string', "The project's id."),
      name: computed('string', 'Display name.'),
      description: computed('string', 'Description (null when none).'),
      managed_by: computed('string', 'The `managedBy.source` the server holds, if any.'),
      environments: computed(
        listOf(objectOf({ id: 'string', key: 'string', name: 'string', color: 'string' })),
        'The environments, in environment order.',
      ),
    },
  },
};

export const projectDataSource: DataSourceType = {
  typeName: 'flagplane_project',
  schema,

  validate(config) {
    return keyDiagnostics(config, { key: ProjectKey });
  },

  async read(context, config) {
    const key = requiredString(config.key, 'key');
    const { client, organization } = context;
    const project = await client.projects.retrieve(organization, key);
    const environments = [];
    for await (const environment of client.environments.list(organization, key, { limit: 200 })) {
      environments.push({
        id: environment.id,
        key: environment.key,
        name: environment.name,
        color: environment.color,
      });
    }
    return {
      state: {
        key,
        id: project.id,
        name: project.name,
        description: project.description,
        managed_by: project.managedBy?.source ?? null,
        environments,
      },
      diagnostics: [],
    };
  },
};
