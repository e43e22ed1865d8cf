/** Organizations and the caller on the wire (§7, document's caller identity), with `_actions` (§14). */
import type { Me, Organization, OrganizationListItem, OrganizationPage, Role } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import type { Principal } from '../../access/principal.js';
import { type Page, pageEnvelope } from '../../pagination/paginate.js';
import type { OrganizationRecord } from '../../store/records.js';

export function toOrganizationListItem(org: OrganizationRecord): OrganizationListItem {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    plan: org.plan,
    isActive: org.isActive,
    createdAt: org.createdAt,
  };
}

export function toOrganization(org: OrganizationRecord, role: Role): Organization {
  return { ...toOrganizationListItem(org), _actions: { createProject: actionFor(role, 'Member') } };
}

/** Organizations cannot be created over the API, so the list has no `_actions`. */
export function toOrganizationPage(page: Page<OrganizationRecord>): OrganizationPage {
  return pageEnvelope(page, toOrganizationListItem, {});
}

/** The fields of the other type are omitted; `projectScope` only for a token limited to some projects. */
export function toMe(principal: Principal): Me {
  if (principal.type === 'user') {
    const { id, name, email, emailVerified } = principal.user;
    return { type: 'user', id, name, email, emailVerified };
  }
  const { id, name, organizationId, role, projectScope } = principal.token;
  const scoped = projectScope !== null && projectScope.length > 0;
  return {
    type: 'service_token',
    id,
    name,
    organizationId,
    role,
    ...(scoped ? { projectScope: [...projectScope] } : {}),
  };
}
