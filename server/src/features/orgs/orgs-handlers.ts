/** `GET /me`, `GET /orgs`, `GET /orgs/{org}`: organizations are read-only over the API (§7). */
import type { Me, Organization, OrganizationListItem, Role } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import type { Principal } from '../../access/principal.js';
import { listPage } from '../../pagination/paginate.js';
import type { OperationHandler } from '../../routes/operation-handler.js';
import type { OrganizationRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';

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

function visibleOrganizations(view: StoreView, principal: Principal): OrganizationRecord[] {
  const ids =
    principal.type === 'user' ? Object.keys(principal.user.memberships) : [principal.token.organizationId];
  return ids.flatMap((id) => view.get('organizations', id) ?? []);
}

export const getMe: OperationHandler<'getMe'> = ({ principal }): Me => {
  if (principal.type === 'user') {
    const { user } = principal;
    return {
      type: 'user',
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
    };
  }
  const { token } = principal;
  return {
    type: 'service_token',
    id: token.id,
    name: token.name,
    organizationId: token.organizationId,
    role: token.role,
    ...(token.projectScope && token.projectScope.length > 0 ? { projectScope: [...token.projectScope] } : {}),
  };
};

export const listOrgs: OperationHandler<'listOrgs'> = ({ store, principal, query }) => {
  return listPage(
    visibleOrganizations(store, principal),
    { listId: 'orgs', secret: store.cursorSecret, sortKey: (org) => [org.slug] },
    query,
    toOrganizationListItem,
    {},
  );
};

export const getOrg: OperationHandler<'getOrg'> = ({ scope }) => toOrganization(scope.org!, scope.role!);
