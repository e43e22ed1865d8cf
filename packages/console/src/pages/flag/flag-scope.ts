/** What every part of the flag page needs: where the flag is, the flag, and how to ask and refresh. */
import type { Flag } from '@flagplane/sdk';
import type { Confirm } from '../../components/confirm-dialog.js';
import { managedChangeWarning } from '../../components/managed-badge.js';

export interface FlagScope {
  readonly org: string;
  readonly project: string;
  /** The flag's key (what the address names), for requests and messages. */
  readonly flagKey: string;
  readonly flag: Flag;
  readonly confirm: Confirm;
  /** Loads the flag and its configurations again (after a write: staleness and `_actions` change). */
  readonly reload: () => void;
}

/**
 * §20: before changing what code declares, ask; true when the change may go ahead. `environmentKey`
 * limits the question to a configuration the flag's `managedBy.environments` lists.
 */
export async function confirmManagedChange(
  scope: FlagScope,
  what: string,
  environmentKey?: string,
): Promise<boolean> {
  const warning = managedChangeWarning(scope.flag.managedBy, what, environmentKey);
  return warning === null || scope.confirm('Change what code manages?', warning);
}
