/** `GET /me`, `GET /orgs`, `GET /orgs/{org}`: organizations are read-only over the API (§7). */
import type { OperationHandler } from '../../routes/operation-handler.js';
import { toMe, toOrganization, toOrganizationPage } from './orgs-representation.js';
import * as service from './orgs-service.js';

export const getMe: OperationHandler<'getMe'> = ({ principal }) => toMe(principal);

export const listOrgs: OperationHandler<'listOrgs'> = ({ store, principal, query }) =>
  toOrganizationPage(service.listOrgs(store, principal, query));

export const getOrg: OperationHandler<'getOrg'> = ({ scope }) => toOrganization(scope.org, scope.role);
