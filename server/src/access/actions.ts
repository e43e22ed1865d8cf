/** `_actions` (§14): what the caller may do, from its role and the resource's state. */
import type { Action, Role } from '@flagplane/contract';
import { hasRole } from './principal.js';

export const allowed: Action = { allowed: true, reason: null };

export const refused = (reason: string): Action => ({ allowed: false, reason });

/** Allowed when the role suffices and no state reason applies (the first reason given wins). */
export function actionFor(role: Role, minimum: Role, ...stateReasons: (string | null | false)[]): Action {
  if (!hasRole(role, minimum)) return refused(`Requires role ${minimum}; you have ${role}.`);
  const reason = stateReasons.find((candidate): candidate is string => typeof candidate === 'string');
  return reason ? refused(reason) : allowed;
}
