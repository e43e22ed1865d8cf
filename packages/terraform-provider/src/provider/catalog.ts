/** Every resource type and data source the provider offers. */
import { projectDataSource } from '../data-sources/project.js';
import { environmentResource } from '../resources/environment.js';
import { flagResource } from '../resources/flag.js';
import { projectResource } from '../resources/project.js';
import type { DataSourceType, ResourceType } from '../resources/resource.js';

export const resourceTypes: readonly ResourceType[] = [projectResource, environmentResource, flagResource];

export const dataSourceTypes: readonly DataSourceType[] = [projectDataSource];
