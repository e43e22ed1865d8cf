/** `data "flagplane_environment"`: an environment of a project, by key. */
import { EnvironmentKey, ProjectKey } from '@flagplane/contract';
import type { DataSourceType } from '../resources/resource.js';
import { computed, required, type SchemaSpec } from '../schema/model.js';
import { requiredString } from '../values/access.js';
import { keyDiagnostics } from './key-checks.js';

const schema: SchemaSpec = {
  version: 0,
  block: {
    description: 'Reads an environment of a Flagplane project.',
    attributes: {
      project: required('string', 'The project key.'),
      key: required('string', 'The environment key.'),
      id: computed('string', "The environment's id."),
      name: computed('string', 'Display name.'),
      color: computed('string', 'Its colour, `#rrggbb`.'),
      sort_order: computed('number', 'Its position among the project’s environments.'),
    },
  },
};

export const environmentDataSource: DataSourceType = {
  typeName: 'flagplane_environment',
  schema,
  validate: (config) => keyDiagnostics(config, { project: ProjectKey, key: EnvironmentKey }),
  async read(context, config) {
    const project = requiredString(config.project, 'project');
    const key = requiredString(config.key, 'key');
    const environment = await context.client.environments.retrieve(context.organization, project, key);
    return {
      state: {
        project,
        key,
        id: environment.id,
        name: environment.name,
        color: environment.color,
        sort_order: environment.sortOrder,
      },
      diagnostics: [],
    };
  },
};
