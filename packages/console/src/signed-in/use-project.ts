/**
 * The project a project page is about, for what the page itself needs of it: whether code manages it
 * (§20) and whether it exists (which makes a 404 of the page's own request name something inside it).
 * Pass its `state` to ProjectLayout (`projectState`), which then shows it without asking for it again.
 */
import type { ManagedBy } from '@flagplane/contract';
import type { Project } from '@flagplane/sdk';
import { useRef } from 'preact/hooks';
import type { Confirm, ConfirmTone } from '../components/confirm-dialog.js';
import {
  managedProjectChangeWarning,
  type ProjectChildChange,
  type ProjectChildKind,
} from '../components/managed-badge.js';
import { type ApiState, useApi } from './use-api.js';

export interface ProjectOfPage {
  readonly state: ApiState<Project>;
  /**
   * Asks before a change (true: go ahead). With a `consequence` (a delete, a revoke) the question is
   * always asked, the §20 warning added to it when code manages the project; without one it is asked only
   * when code manages the project. It waits for the project if it has not arrived yet, so a quick click is
   * asked about too; a project that failed to load adds no warning (ProjectLayout shows that failure).
   */
  readonly askBefore: (
    confirm: Confirm,
    kind: ProjectChildKind,
    change: ProjectChildChange,
    question: ChangeQuestion,
  ) => Promise<boolean>;
}

export interface ChangeQuestion {
  readonly title: string;
  readonly confirmLabel?: string;
  /** What the change does whatever manages the project ("Applications using … stop getting flags"). */
  readonly consequence?: string;
  readonly tone?: ConfirmTone;
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
  const askBefore = async (
    confirm: Confirm,
    kind: ProjectChildKind,
    change: ProjectChildChange,
    { title, confirmLabel, consequence, tone }: ChangeQuestion,
  ) => {
    const warning = await changeWarning(kind, change);
    if (consequence === undefined) return warning === null || confirm(title, warning, confirmLabel, tone);
    return confirm(title, warning === null ? consequence : `${consequence} ${warning}`, confirmLabel, tone);
  };
  return { state, askBefore };
}
