/** Environments on the wire (document and §7), with `_actions` (§14). */
import type { Environment, EnvironmentListItem, EnvironmentPage, Role } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import { type Page, pageEnvelope } from '../../pagination/paginate.js';
import type { EnvironmentRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { isLastEnvironment, lastEnvironmentReason } from './environments-service.js';

export function toEnvironmentListItem(environment: EnvironmentRecord): EnvironmentListItem {
  return {
    id: environment.id,
    key: environment.key,
    name: environment.name,
    color: environment.color,
    sortOrder: environment.sortOrder,
  };
}

export function toEnvironment(store: StoreView, environment: EnvironmentRecord, role: Role): Environment {
  return {
    ...toEnvironmentListItem(environment),
    _actions: {
      update: actionFor(role, 'Member'),
      delete: actionFor(role, 'Member', isLastEnvironment(store, environment) && lastEnvironmentReason),
      createSdkKey: actionFor(role, 'Member'),
    },
  };
}

export function toEnvironmentPage(page: Page<EnvironmentRecord>, role: Role): EnvironmentPage {
  return pageEnvelope(page, toEnvironmentListItem, { create: actionFor(role, 'Member') });
}
