/** §24: an environment's configuration version as one read sees it, or null when it (or its project) is gone. */
import type { StoreView } from '../../store/store.js';
import { environmentSnapshot } from '../evaluation/environment-snapshot.js';

export function environmentVersion(view: StoreView, environmentId: string): string | null {
  const environment = view.get('environments', environmentId);
  const project = environment ? view.get('projects', environment.projectId) : undefined;
  if (!environment || !project) return null;
  return environmentSnapshot(view, project, environment).version();
}
