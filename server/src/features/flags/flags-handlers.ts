/**
 * Flags (document and §8): list, create, read, update, archive, restore, delete. A list page and a flag
 * are serialized once per version of the project's flags (and environments, for `view=full`), per role
 * and query, and kept until a flag changes or a staleness window closes (routes/serialized-answers.ts).
 */

import type { OperationHandler } from '../../routes/operation-handler.js';
import { SerializedAnswers } from '../../routes/serialized-answers.js';
import type { FlagRecord } from '../../store/records.js';
import { stalenessHoldsUntil } from './flag-staleness.js';
import { toFlag, toFlagPage } from './flags-representation.js';
import * as service from './flags-service.js';

const answers = new SerializedAnswers();

/** The first time a staleness shown on the page changes by time alone. */
const pageHoldsUntil = (flags: readonly FlagRecord[], nowMs: number) =>
  flags.reduce((until, flag) => Math.min(until, stalenessHoldsUntil(flag, nowMs)), Number.POSITIVE_INFINITY);

export const listFlags: OperationHandler<'listFlags'> = ({ store, scope, query, now }) => {
  const { project, role } = scope;
  const flags = store.children('flags', project.id);
  const full = query.view === 'full';
  const nowMs = Date.parse(now);
  return answers.answer(
    full ? [flags, store.children('environments', project.id)] : [flags],
    `list ${project.id} ${role} ${JSON.stringify(query)}`,
    nowMs,
    () => {
      const page = service.listFlags(store, project, query);
      return {
        body: toFlagPage(store, project, page, query.view, role, now),
        // Only the full view shows staleness.
        validUntil: full ? pageHoldsUntil(page.items, nowMs) : Number.POSITIVE_INFINITY,
      };
    },
  );
};

export const createFlag: OperationHandler<'createFlag'> = ({ store, scope, body, now }) =>
  toFlag(store, service.createFlag(store, scope, body, now), scope.role, now);

export const getFlag: OperationHandler<'getFlag'> = ({ store, scope, now }) => {
  const { project, flag, role } = scope;
  const nowMs = Date.parse(now);
  // The flag's dependants (the `_actions`' reasons) are other flags of the project: the whole list is a dependency.
  return answers.answer([store.children('flags', project.id)], `flag ${flag.id} ${role}`, nowMs, () => ({
    body: toFlag(store, flag, role, now),
    validUntil: stalenessHoldsUntil(flag, nowMs),
  }));
};

export const updateFlag: OperationHandler<'updateFlag'> = ({ store, scope, body, now }) => {
  service.updateFlag(store, scope, body, now);
};

export const deleteFlag: OperationHandler<'deleteFlag'> = ({ store, scope }) => {
  service.deleteFlag(store, scope.flag);
};

export const archiveFlag: OperationHandler<'archiveFlag'> = ({ store, scope, now }) => {
  service.archiveFlag(store, scope.flag, now);
};

export const restoreFlag: OperationHandler<'restoreFlag'> = ({ store, scope, now }) => {
  service.restoreFlag(store, scope.flag, now);
};
