/**
 * The frame of every project page: breadcrumbs, the project's name and code-ownership badge, the tabs
 * (flags, segments, environments, events, playground), and what a creation that led here says.
 */
import type { Project } from '@flagplane/sdk';
import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { useArrivalNotice } from './arrival-notice.js';
import { consolePaths } from './console-paths.js';
import { useOrganizationName } from './organization-name.js';
import { useDocumentTitle } from './page-announcer.js';
import { type ApiState, useApi } from './use-api.js';

export type ProjectTab = 'flags' | 'segments' | 'environments' | 'events' | 'playground';

export interface ProjectLayoutProps {
  readonly org: string;
  readonly project: string;
  readonly tab: ProjectTab;
  /** Crumbs after the project's (a flag's key on its page). */
  readonly crumbs?: readonly Crumb[];
  /** The page's own heading; the project's name when absent. */
  readonly title?: string;
  /** Rendered at once, not after the project loads: the page's own requests go first (use-api.ts `later`). */
  readonly children: ComponentChildren;
  /** The project, when the page loads it itself (use-project.ts): the layout then asks for it no second time. */
  readonly projectState?: ApiState<Project>;
}

const tabs: readonly {
  readonly tab: ProjectTab;
  readonly label: string;
  readonly href: (org: string, project: string) => string;
}[] = [
  { tab: 'flags', label: 'Flags', href: consolePaths.project },
  { tab: 'segments', label: 'Segments', href: consolePaths.segments },
  { tab: 'environments', label: 'Environments and SDK keys', href: consolePaths.environments },
  { tab: 'events', label: 'Events', href: consolePaths.projectEvents },
  { tab: 'playground', label: 'Playground', href: consolePaths.playground },
];

export function ProjectLayout(props: ProjectLayoutProps) {
  return props.projectState ? (
    <ProjectFrame {...props} state={props.projectState} />
  ) : (
    <ProjectLayoutLoadingItsProject {...props} />
  );
}

function ProjectLayoutLoadingItsProject(props: ProjectLayoutProps) {
  const { org, project } = props;
  const { state } = useApi(
    ({ client }, signal) => client.projects.retrieve(org, project, { signal }),
    [org, project],
    { start: 'later' },
  );
  return <ProjectFrame {...props} state={state} />;
}

function ProjectFrame({
  org,
  project,
  tab,
  crumbs = [],
  title,
  children,
  state,
}: ProjectLayoutProps & { readonly state: ApiState<Project> }) {
  const organizationName = useOrganizationName(org);
  useDocumentTitle(title ?? state.data?.name ?? project);
  const arrivalNotice = useArrivalNotice(useLocation().path);
  const projectCrumbs: Crumb[] = [
    { label: organizationName, href: consolePaths.organization(org) },
    { label: state.data?.name ?? project, href: consolePaths.project(org, project) },
    ...crumbs,
  ];
  return (
    <>
      <Breadcrumbs crumbs={projectCrumbs} />
      <h1>
        {title ?? state.data?.name ?? project}
        {!title && <ManagedBadge managedBy={state.data?.managedBy} />}
      </h1>
      <nav class="tabs" aria-label="Project">
        {tabs.map((entry) => (
          <a
            key={entry.tab}
            href={entry.href(org, project)}
            aria-current={entry.tab === tab ? 'page' : undefined}
          >
            {entry.label}
          </a>
        ))}
      </nav>
      {arrivalNotice && <p class="success">{arrivalNotice}</p>}
      {/* No links for did_you_mean: the 404 may be about the organization or the project. */}
      {state.status === 'failed' && <ApiErrorMessage error={state.error} />}
      {state.status !== 'failed' && children}
    </>
  );
}
