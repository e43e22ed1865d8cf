/**
 * Flags on the wire: the list item (summary, or full with `view=full`), the page, and the detail with
 * variations, staleness and `_actions` (§8, §14).
 */
import { type Flag, type FlagListItem, type FlagPage, limits, type Role } from '@flagplane/contract';
import { actionFor } from '../../access/actions.js';
import { managedByOnWire } from '../../domain/managed-by.js';
import { type Page, pageEnvelope } from '../../pagination/paginate.js';
import type { QueryOf } from '../../routes/operation-handler.js';
import type { EnvironmentRecord, FlagRecord, ProjectRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';
import { sortedEnvironments } from '../environments/environments-service.js';
import { archivedReason } from './archived-flag-guard.js';
import { toNestedFlagEnvironment } from './configurations/flag-configurations-representation.js';
import { dependantsReason, flagsRequiring } from './flag-dependencies.js';
import { flagStaleness } from './flag-staleness.js';
import { isTemporary } from './flag-temporary.js';
import { toNestedVariation } from './variations/variations-representation.js';

export function toFlagListItem(flag: FlagRecord): FlagListItem {
  return {
    id: flag.id,
    key: flag.key,
    name: flag.name,
    type: flag.type,
    isArchived: flag.isArchived,
    clientSideVisible: flag.clientSideVisible,
    temporary: isTemporary(flag),
    tags: [...flag.tags],
    createdAt: flag.createdAt,
    updatedAt: flag.updatedAt,
    managedBy: managedByOnWire(flag.managedBy),
  };
}

/**
 * The list item with what a client would otherwise read flag by flag: the detail's fields (without
 * `_actions`) and the configuration in each of `environments`, which the caller passes in order.
 */
export function toFullFlagListItem(
  store: Pick<StoreView, 'get'>,
  flag: FlagRecord,
  environments: readonly EnvironmentRecord[],
  now: string,
): FlagListItem {
  return {
    ...toFlagListItem(flag),
    description: flag.description,
    variations: flag.variations.map(toNestedVariation),
    staleness: flagStaleness(flag, now),
    environments: environments.map((environment) => toNestedFlagEnvironment(store, flag, environment)),
  };
}

export function toFlag(store: StoreView, flag: FlagRecord, role: Role, now: string): Flag {
  const dependants = flagsRequiring(store, flag);
  const liveDependants = dependants.filter((dependant) => !dependant.isArchived);
  return {
    ...toFlagListItem(flag),
    description: flag.description,
    variations: flag.variations.map(toNestedVariation),
    staleness: flagStaleness(flag, now),
    _actions: {
      update: actionFor(role, 'Member', flag.isArchived && archivedReason),
      archive: actionFor(
        role,
        'Member',
        flag.isArchived && 'The flag is already archived.',
        dependantsReason(liveDependants),
      ),
      restore: actionFor(role, 'Member', !flag.isArchived && 'The flag is not archived.'),
      delete: actionFor(role, 'Member', dependantsReason(dependants)),
      createVariation: actionFor(
        role,
        'Member',
        flag.isArchived && archivedReason,
        flag.type === 'Boolean' && 'Boolean flags have exactly two variations.',
        flag.variations.length >= limits.variationsPerFlag &&
          `The flag has the maximum of ${limits.variationsPerFlag} variations.`,
      ),
    },
  };
}

/** `view=full` items carry every configuration, in the list order of the environments (§8). */
export function toFlagPage(
  store: StoreView,
  project: ProjectRecord,
  page: Page<FlagRecord>,
  view: QueryOf<'listFlags'>['view'],
  role: Role,
  now: string,
): FlagPage {
  let toItem = toFlagListItem;
  if (view === 'full') {
    // Environments sorted once per page, not once per flag.
    const environments = sortedEnvironments(store, project.id);
    toItem = (flag: FlagRecord) => toFullFlagListItem(store, flag, environments, now);
  }
  return pageEnvelope(page, toItem, { create: actionFor(role, 'Member') });
}
