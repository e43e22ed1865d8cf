/** Flags (document and §8): list, create, read, update, archive, restore, delete. */
import { actionFor } from '../../access/actions.js';
import { conflict, validationFailed } from '../../domain/api-error.js';
import { listPage } from '../../pagination/paginate.js';
import type { OperationHandler } from '../../routes/operation-handler.js';
import type { FlagRecord } from '../../store/records.js';
import { sortedEnvironments } from '../environments/environment-service.js';
import { flagPath } from '../resource-paths.js';
import { refuseChangeWhileArchived } from './archived-flag-guard.js';
import { newFlag } from './flag-creation.js';
import { dependantsReason, flagsRequiring } from './flag-dependencies.js';
import { flagFilter, flagsByKey } from './flag-list-filter.js';
import { toFlag, toFlagListItem, toFullFlagListItem } from './flag-representation.js';
import { saveFlag } from './flag-writes.js';

export const listFlags: OperationHandler<'listFlags'> = ({ store, scope, query, now }) => {
  const project = scope.project!;
  let toItem = toFlagListItem;
  if (query.view === 'full') {
    // Environments sorted once per page, not once per flag.
    const environments = sortedEnvironments(store, project.id);
    toItem = (flag: FlagRecord) => toFullFlagListItem(store, flag, environments, now);
  }
  return listPage(
    flagsByKey(store.children('flags', project.id)),
    {
      // One list identity whatever the filters: the sort key is the same, so a cursor stays meaningful.
      listId: `flags:${project.id}`,
      secret: store.cursorSecret,
      sortKey: (flag) => [flag.key],
      presorted: true,
      filter: flagFilter(query),
    },
    query,
    toItem,
    { create: actionFor(scope.role!, 'Member') },
  );
};

export const createFlag: OperationHandler<'createFlag'> = ({ store, scope, body, now }) => {
  const project = scope.project!;
  const existing = store.findByKey('flags', project.id, body.key);
  if (existing) {
    throw conflict(`A flag with key "${body.key}" already exists.`, flagPath(scope.org!, project, existing));
  }
  const flag = newFlag(store, project, body, now);
  store.insert('flags', flag);
  return toFlag(store, flag, scope.role!, now);
};

export const getFlag: OperationHandler<'getFlag'> = ({ store, scope, now }) =>
  toFlag(store, scope.flag!, scope.role!, now);

/** Partial (§3): omitted or null keeps; `""` clears the description; `[]` clears the tags. */
export const updateFlag: OperationHandler<'updateFlag'> = ({ store, scope, body, now }) => {
  const flag = scope.flag!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
  saveFlag(
    store,
    flag,
    {
      ...flag,
      name: body.name ?? flag.name,
      description: body.description == null ? flag.description : body.description || null,
      tags: body.tags ?? flag.tags,
      clientSideVisible: body.clientSideVisible ?? flag.clientSideVisible,
    },
    now,
  );
};

/** Allowed for an archived flag too; refused while any other flag, archived or not, depends on it. */
export const deleteFlag: OperationHandler<'deleteFlag'> = ({ store, scope }) => {
  const flag = scope.flag!;
  const reason = dependantsReason(flagsRequiring(store, flag));
  if (reason) throw validationFailed(`${reason} Remove it from their prerequisites before deleting it.`);
  store.remove('flags', flag.id);
};

/** Idempotent; refused while a flag that is not archived depends on it. */
export const archiveFlag: OperationHandler<'archiveFlag'> = ({ store, scope, now }) => {
  const flag = scope.flag!;
  if (flag.isArchived) return;
  const reason = dependantsReason(flagsRequiring(store, flag).filter((dependant) => !dependant.isArchived));
  if (reason) {
    throw validationFailed(
      `${reason} Remove it from their prerequisites, or archive them, before archiving it.`,
    );
  }
  saveFlag(store, flag, { ...flag, isArchived: true }, now);
};

export const restoreFlag: OperationHandler<'restoreFlag'> = ({ store, scope, now }) => {
  const flag = scope.flag!;
  if (flag.isArchived) saveFlag(store, flag, { ...flag, isArchived: false }, now);
};
