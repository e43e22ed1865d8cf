/** Concrete API paths of stored resources, for `next_actions` (§15) and cursors' list identities. */
import type {
  EnvironmentRecord,
  FlagRecord,
  OrganizationRecord,
  ProjectRecord,
  SegmentRecord,
} from '../store/records.js';

export const organizationPath = (org: OrganizationRecord) => `/api/v1/orgs/${org.slug}`;
export const projectPath = (org: OrganizationRecord, project: ProjectRecord) =>
  `${organizationPath(org)}/projects/${project.key}`;
export const environmentPath = (
  org: OrganizationRecord,
  project: ProjectRecord,
  environment: EnvironmentRecord,
) => `${projectPath(org, project)}/environments/${environment.key}`;
export const flagPath = (org: OrganizationRecord, project: ProjectRecord, flag: FlagRecord) =>
  `${projectPath(org, project)}/flags/${flag.key}`;
export const segmentPath = (org: OrganizationRecord, project: ProjectRecord, segment: SegmentRecord) =>
  `${projectPath(org, project)}/segments/${segment.key}`;
