/** Every console address, built in one place (the router's patterns are in signed-in-console.tsx). */
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
