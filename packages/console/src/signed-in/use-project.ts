/**
 * The project a project page is about, for what the page itself needs of it: whether code manages it
 * (§20) and whether it exists (which makes a 404 of the page's own request name something inside it).
 * Pass its `state` to ProjectLayout (`projectState`), which then shows it without asking for it again.
 */
import type { ManagedBy } from '@flagplane/contract';
import type { Project } from '@flagplane/sdk';
import { useRef } from 'preact/hooks';
import {
  managedProjectChangeWarning,
  type ProjectChildChange,
  type ProjectChildKind,
} from '../components/managed-badge.js';
import { type ApiState, useApi } from './use-api.js';

export interface ProjectOfPage {
  readonly state: ApiState<Project>;
  /**
   * The question to ask before this change, or null when code does not manage the project. It waits for
   * the project if it has not arrived yet, so a quick click is asked about too; a project that failed to
   * load asks nothing (ProjectLayout shows that failure instead of the page).
   */
  readonly changeWarning: (kind: ProjectChildKind, change: ProjectChildChange) => Promise<string | null>;
}

export function useProject(org: string, project: string): ProjectOfPage {
  const loading = useRef<Promise<Project | null>>(Promise.resolve(null));
  const { state } = useApi(
    ({ client }, signal) => {
      const request = Promise.resolve(client.projects.retrieve(org, project, { signal }));
      loading.current = request.catch(() => null);
      return request;
    },
    [org, project],
  );
  const changeWarning = async (kind: ProjectChildKind, change: ProjectChildChange) => {
    const managedBy: ManagedBy | null = (await loading.current)?.managedBy ?? null;
    return managedProjectChangeWarning(managedBy, project, kind, change);
  };
  return { state, changeWarning };
}
