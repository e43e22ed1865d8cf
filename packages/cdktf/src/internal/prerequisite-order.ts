/**
 * Terraform orders resources, not environments: a flag's resources wait for those of the flags it needs,
 * in any environment (resource-dependencies.ts). So prerequisites that point both ways in two
 * environments (a needs b in production, b needs a in development) are a cycle Terraform refuses ("Cycle:
 * …"), though the API accepts them. Such flags also could never be archived one at a time (the API keeps
 * a flag that a live flag needs), so a stack must not declare them; this says so at synth, on the flag,
 * instead of leaving it to Terraform's message. Cycles within one environment are the contract
 * validator's to report, and are left out here.
 */
import { prerequisiteCycles } from '@flagplane/contract/desired-state';
import type { IConstruct } from 'constructs';
import type { FeatureFlag } from '../feature-flag.js';
import type { IProject } from '../project.js';
import { ManagedResource } from './managed-resource.js';

export function prerequisiteOrderProblems(
  projects: readonly IProject[],
): { readonly construct: IConstruct; readonly message: string }[] {
  const problems: { construct: IConstruct; message: string }[] = [];
  for (const project of projects) {
    const flags = new Map<string, FeatureFlag>();
    /** flag key → needed flag key → the environments where it is needed */
    const needs = new Map<string, Map<string, string[]>>();
    for (const flag of project.children.flags) {
      flags.set(flag.key, flag);
      for (const [environment, configuration] of flag.configurations) {
        for (const { flag: needed } of configuration.prerequisites ?? []) {
          if (!(needed instanceof ManagedResource) || needed === flag) continue;
          const byNeeded = needs.get(flag.key) ?? new Map<string, string[]>();
          byNeeded.set(needed.key, [...(byNeeded.get(needed.key) ?? []), environment.key]);
          needs.set(flag.key, byNeeded);
        }
      }
    }
    const edges = new Map([...needs].map(([flag, byNeeded]) => [flag, [...byNeeded.keys()]]));
    for (const cycle of prerequisiteCycles(edges)) {
      const steps = cycle.slice(1).map((needed, index) => {
        const flag = cycle[index] ?? '';
        return { flag, needed, environments: needs.get(flag)?.get(needed) ?? [] };
      });
      // Environments where every step of the cycle holds: a cycle within one environment.
      const [firstStep, ...otherSteps] = steps;
      const shared = (firstStep?.environments ?? []).filter((key) =>
        otherSteps.every((step) => step.environments.includes(key)),
      );
      if (shared.length > 0) continue; // a cycle within one environment: the contract's validator reports it
      const construct = flags.get(cycle[0] ?? '');
      if (!construct) continue;
      const detail = steps
        .map(({ flag, needed, environments }) => `${flag} needs ${needed} in ${environments.join(', ')}`)
        .join('; ');
      problems.push({
        construct,
        message: `prerequisites: ${cycle.join(' → ')} across environments (${detail}): Terraform cannot order these flags' resources, and the API could never archive one of them before the other; make the prerequisites between them point one way`,
      });
    }
  }
  return problems;
}
