import type { Project, ProjectListItem, Role } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import type { Principal } from '../../access/principal.js';
import type { ProjectRecord } from '../../store/records.js';

export function toProjectListItem(project: ProjectRecord): ProjectListItem {
  return {
    id: project.id,
    key: project.key,
    name: project.name,
    description: project.description,
    createdAt: project.createdAt,
    updatedAt: null,
  };
}

export function toProject(project: ProjectRecord, role: Role): Project {
  return {
    ...toProjectListItem(project),
    updatedAt: project.updatedAt,
    _actions: {
      update: actionFor(role, 'Member'),
      delete: actionFor(role, 'Admin'),
      createEnvironment: actionFor(role, 'Member'),
      createFlag: actionFor(role, 'Member'),
      createSegment: actionFor(role, 'Member'),
    },
  };
}

/** §4: a service token limited to some projects cannot create new ones. */
export function projectCreationRefusal(principal: Principal): string | null {
  return principal.type === 'service_token' && principal.token.projectScope !== null
    ? 'A service token limited to some projects cannot create projects.'
    : null;
}
