/** Every resource type and data source the provider offers. */
import { environmentDataSource } from '../data-sources/environment.js';
import { flagDataSource } from '../data-sources/flag.js';
import { projectDataSource } from '../data-sources/project.js';
import { segmentDataSource } from '../data-sources/segment.js';
import { environmentResource } from '../resources/environment.js';
import { flagResource } from '../resources/flag.js';
import { flagEnvironmentResource } from '../resources/flag-environment.js';
import { projectResource } from '../resources/project.js';
import type { DataSourceType, ResourceType } from '../resources/resource.js';
import { sdkKeyResource } from '../resources/sdk-key.js';
import { segmentResource } from '../resources/segment.js';

export const resourceTypes: readonly ResourceType[] = [
  projectResource,
  environmentResource,
  flagResource,
  flagEnvironmentResource,
  segmentResource,
  sdkKeyResource,
];

export const dataSourceTypes: readonly DataSourceType[] = [
  projectDataSource,
  environmentDataSource,
  flagDataSource,
  segmentDataSource,
];
