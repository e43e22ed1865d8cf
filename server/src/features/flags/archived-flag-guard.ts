/** §8: an archived flag refuses every change but `restore` and `DELETE`, and says how to get out. */
import type { PathRecords } from '../../access/path-scope.js';
import { validationFailed } from '../../domain/api-error.js';
import { flagPath } from '../resource-paths.js';

/** The `_actions` reason for every change an archived flag refuses. */
export const archivedReason = 'The flag is archived.';

export function refuseChangeWhileArchived({
  org,
  project,
  flag,
}: Pick<PathRecords, 'org' | 'project' | 'flag'>): void {
  if (!flag.isArchived) return;
  throw validationFailed(`The flag "${flag.key}" is archived. Restore it before changing it.`, {
    nextActions: [{ method: 'POST', path: `${flagPath(org, project, flag)}/restore` }],
  });
}
