/**
 * The creation order Terraform must follow, as `depends_on` (Terraform destroys in the reverse order):
 * a project before what it holds; environments before the flag configurations and SDK keys in them;
 * segments before the rules that use them; a prerequisite flag's configuration (its variations) before
 * the flags that need it. A flag's identity also waits for the segments its rules use, so that on
 * destroy the flag is removed before the segment.
 */
import type { Environment } from '../environment.js';
import type { FeatureFlag } from '../feature-flag.js';
import type { IProject, Project } from '../project.js';
import type { SdkKey } from '../sdk-key.js';
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
    case 'segment':
      return { identity: projectIdentity((resource as Environment).project), configuration: [] };
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
          needed instanceof ManagedResource && needed !== flag ? [needed.configurationResource] : [],
        ),
      );
      return {
        identity: [...projectIdentity(flag.project), ...segments],
        configuration: [...environments, ...segments, ...prerequisites],
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
