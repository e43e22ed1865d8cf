/**
 * The creation order Terraform must follow, as `depends_on`. Terraform destroys in the reverse order, and
 * runs whatever the order leaves free in parallel, so the order is also what makes removals work:
 * - a project before what it holds; environments before the flag configurations and SDK keys in them;
 * - segments before the rules that use them; a flag's identity waits for them too, so that a flag
 *   is removed (archived) before the segments its rules use;
 * - a prerequisite flag's configuration (its variations) before the configurations that expect them,
 *   and its identity before the identities of the flags that need it: the API refuses to archive a
 *   flag while a live flag has it as a prerequisite, so on destroy the dependants go first;
 * - a segment's identity after the project's environments: removing an environment removes the rules in
 *   it, so without an order a segment's removal would fail or not depending on which ran first.
 */
import type { Environment } from '../environment.js';
import type { FeatureFlag } from '../feature-flag.js';
import type { IProject, Project } from '../project.js';
import type { SdkKey } from '../sdk-key.js';
import type { Segment } from '../segment.js';
import { ManagedResource } from './managed-resource.js';
import type { WiredResource } from './wired-resource.js';

export interface ResourceDependencies {
  readonly identity: readonly WiredResource[];
  readonly configuration: readonly WiredResource[];
}

export function resourceDependencies(resource: ManagedResource): ResourceDependencies {
  switch (resource.kind) {
    case 'project':
      return { identity: [], configuration: [] };
    case 'environment':
      return { identity: projectIdentity((resource as Environment).project), configuration: [] };
    case 'segment': {
      const { project } = resource as Segment;
      return {
        identity: [...projectIdentity(project), ...project.children.environments.flatMap(identityOf)],
        configuration: [],
      };
    }
    case 'sdkKey': {
      const { environment } = resource as SdkKey;
      return {
        identity: [...projectIdentity(environment.project), ...identityOf(environment)],
        configuration: [],
      };
    }
    case 'flag': {
      const flag = resource as FeatureFlag;
      const segments = [...flag.configurations.values()].flatMap((configuration) =>
        (configuration.rules ?? []).flatMap((rule) => (rule.segment ? [rule.segment.identityResource] : [])),
      );
      const environments = flag.project.children.environments.flatMap((environment) =>
        identityOf(environment),
      );
      const prerequisites = [...flag.configurations.values()].flatMap((configuration) =>
        (configuration.prerequisites ?? []).flatMap(({ flag: needed }) =>
          needed instanceof ManagedResource && needed !== flag ? [needed] : [],
        ),
      );
      return {
        identity: [
          ...projectIdentity(flag.project),
          ...segments,
          ...prerequisites.map((needed) => needed.identityResource),
        ],
        configuration: [
          ...environments,
          ...segments,
          ...prerequisites.map((needed) => needed.configurationResource),
        ],
      };
    }
  }
}

function projectIdentity(project: IProject): WiredResource[] {
  return project.imported ? [] : [(project as Project).identityResource];
}

function identityOf(construct: unknown): WiredResource[] {
  return construct instanceof ManagedResource ? [construct.identityResource] : [];
}
