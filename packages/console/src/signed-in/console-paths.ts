/** Every console address, built in one place, and the router's patterns that match them. */
const segment = (value: string) => encodeURIComponent(value);

export const consolePaths = {
  home: () => '/console',
  organization: (org: string) => `/console/orgs/${segment(org)}`,
  organizationEvents: (org: string) => `/console/orgs/${segment(org)}/events`,
  project: (org: string, project: string) => `/console/orgs/${segment(org)}/projects/${segment(project)}`,
  flag: (org: string, project: string, flag: string) =>
    `${consolePaths.project(org, project)}/flags/${segment(flag)}`,
  segments: (org: string, project: string) => `${consolePaths.project(org, project)}/segments`,
  environments: (org: string, project: string) => `${consolePaths.project(org, project)}/environments`,
  sdkKeys: (org: string, project: string, env: string) =>
    `${consolePaths.project(org, project)}/environments/${segment(env)}/sdk-keys`,
  projectEvents: (org: string, project: string) => `${consolePaths.project(org, project)}/events`,
  playground: (org: string, project: string) => `${consolePaths.project(org, project)}/playground`,
} as const;

/** The router's patterns (preact-iso), matched by the Router and by the first script's early requests. */
export const consoleRoutes = {
  organizations: '/console',
  organization: '/console/orgs/:org',
  organizationEvents: '/console/orgs/:org/events',
  flagList: '/console/orgs/:org/projects/:project',
  flag: '/console/orgs/:org/projects/:project/flags/:flag',
  segments: '/console/orgs/:org/projects/:project/segments',
  environments: '/console/orgs/:org/projects/:project/environments',
  sdkKeys: '/console/orgs/:org/projects/:project/environments/:env/sdk-keys',
  projectEvents: '/console/orgs/:org/projects/:project/events',
  playground: '/console/orgs/:org/projects/:project/playground',
} as const;
