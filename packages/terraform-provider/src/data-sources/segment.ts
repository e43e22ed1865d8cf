/** `data "flagplane_segment"`: a segment of a project, by key. */
import { ProjectKey, SegmentKey } from '@flagplane/contract';
import type { DataSourceType } from '../resources/resource.js';
import { computed, required, type SchemaSpec } from '../schema/model.js';
import { requiredString } from '../values/access.js';
import { listOf } from '../values/cty-type.js';
import { keyDiagnostics } from './key-checks.js';

const schema: SchemaSpec = {
  version: 0,
  block: {
    description: 'Reads a segment of a Flagplane project.',
    attributes: {
      project: required('string', 'The project key.'),
      key: required('string', 'The segment key.'),
      id: computed('string', "The segment's id."),
      name: computed('string', 'Display name.'),
      description: computed('string', 'Description (null when none).'),
      included: computed(listOf('string'), 'Context keys always in it (unless excluded).'),
      excluded: computed(listOf('string'), 'Context keys never in it.'),
    },
  },
};

export const segmentDataSource: DataSourceType = {
  typeName: 'flagplane_segment',
  schema,
  validate: (config) => keyDiagnostics(config, { project: ProjectKey, key: SegmentKey }),
  async read(context, config) {
    const project = requiredString(config.project, 'project');
    const key = requiredString(config.key, 'key');
    const segment = await context.client.segments.retrieve(context.organization, project, key);
    return {
      state: {
        project,
        key,
        id: segment.id,
        name: segment.name,
        description: segment.description,
        included: segment.included,
        excluded: segment.excluded,
      },
      diagnostics: [],
    };
  },
};
