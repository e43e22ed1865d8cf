/** Projects on the wire (§7): the list item (no `updatedAt`), the detail, and `_actions` (§14). */
import type { Project, ProjectListItem, ProjectPage, Role } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import type { Principal } from '../../access/principal.js';
import { managedByOnWire } from '../../domain/managed-by.js';
import { type Page, pageEnvelope } from '../../pagination/paginate.js';
import type { ProjectRecord } from '../../store/records.js';
import { projectCreationRefusal } from './projects-service.js';

export function toProjectListItem(project: ProjectRecord): ProjectListItem {
  return {
    id: project.id,
    key: project.key,
    name: project.name,
    description: project.description,
    createdAt: project.createdAt,
    updatedAt: null,
    managedBy: managedByOnWire(project.managedBy),
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

export function toProjectPage(page: Page<ProjectRecord>, role: Role, principal: Principal): ProjectPage {
  return pageEnvelope(page, toProjectListItem, {
    create: actionFor(role, 'Member', projectCreationRefusal(principal)),
  });
}
