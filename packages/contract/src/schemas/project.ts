import * as z from 'zod';
import { DateTime, Description, Name, ProjectKey, Uuid } from '../formats.js';
import { actionsOf, CreateAction, pageOf } from './common.js';
import { ProjectEnvironmentsInput } from './environment.js';
import { ManagedBy, ProjectManagedByProperty } from './managed-by.js';

export const ProjectActions = actionsOf(
  ['update', 'delete', 'createEnvironment', 'createFlag', 'createSegment'],
  'ProjectActions',
);

const projectFields = {
  id: Uuid,
  key: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  createdAt: DateTime,
  managedBy: ManagedBy.nullable(),
};

export const Project = z
  .strictObject({ ...projectFields, updatedAt: DateTime.nullable(), _actions: ProjectActions })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

/** List rows: `updatedAt` is always null there (document). */
export const ProjectListItem = z
  .strictObject({ ...projectFields, updatedAt: z.null() })
  .meta({ id: 'ProjectListItem' });
export type ProjectListItem = z.infer<typeof ProjectListItem>;

export const ProjectPage = pageOf(ProjectListItem, CreateAction).meta({ id: 'ProjectPage' });
export type ProjectPage = z.infer<typeof ProjectPage>;

export const ProjectCreateBody = z
  .object({
    key: ProjectKey,
    name: Name.nullish(),
    description: Description.nullish(),
    environments: ProjectEnvironmentsInput.nullish(),
    managedBy: ProjectManagedByProperty,
  })
  .meta({ id: 'ProjectCreateBody' });
export type ProjectCreateBody = z.input<typeof ProjectCreateBody>;

export const ProjectUpdateBody = z
  .object({
    name: Name.nullish(),
    description: Description.nullish(),
    managedBy: ProjectManagedByProperty,
  })
  .meta({ id: 'ProjectUpdateBody' });
export type ProjectUpdateBody = z.input<typeof ProjectUpdateBody>;
