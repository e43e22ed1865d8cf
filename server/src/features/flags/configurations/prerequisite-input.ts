/**
 * Prerequisites of a configuration update (§9), from flag and variation keys to stored ids: each a flag
 * of the same project other than this one, not archived, named once, with one of its variation keys, and
 * no cycle of prerequisites in the environment.
 */
import type { FieldProblem } from '../../../domain/field-problems.js';
import type { BodyOf } from '../../../routes/operation-handler.js';
import type { FlagRecord, PrerequisiteRecord } from '../../../store/records.js';
import type { StoreView } from '../../../store/store.js';
import { prerequisiteCycle } from './prerequisite-cycle.js';

type PrerequisiteInput = NonNullable<BodyOf<'updateFlagEnvironment'>['prerequisites']>[number];

export interface ResolvedPrerequisites {
  readonly prerequisites: PrerequisiteRecord[];
  readonly problems: FieldProblem[];
}

export function resolvePrerequisites(
  store: Pick<StoreView, 'children'>,
  flag: FlagRecord,
  environmentId: string,
  inputs: readonly PrerequisiteInput[],
): ResolvedPrerequisites {
  const flags = store.children('flags', flag.projectId);
  const byKey = new Map(flags.map((candidate) => [candidate.key, candidate]));
  const problems: FieldProblem[] = [];
  const prerequisites: PrerequisiteRecord[] = [];
  const named = new Set<string>();
  inputs.forEach((input, index) => {
    const flagField = `prerequisites.${index}.prerequisiteFlagKey`;
    const key = input.prerequisiteFlagKey;
    const dependency = byKey.get(key);
    if (!dependency) {
      problems.push({ field: flagField, message: `the project has no flag "${key}"` });
      return;
    }
    const flagProblem =
      dependency.id === flag.id
        ? 'a flag cannot be its own prerequisite'
        : named.has(dependency.id)
          ? `flag "${key}" is listed more than once`
          : dependency.isArchived
            ? `flag "${key}" is archived`
            : null;
    named.add(dependency.id);
    if (flagProblem) {
      problems.push({ field: flagField, message: flagProblem });
      return;
    }
    const variation = dependency.variations.find((candidate) => candidate.key === input.expectedVariationKey);
    if (!variation) {
      const keys = dependency.variations.map((candidate) => candidate.key).join(', ');
      problems.push({
        field: `prerequisites.${index}.expectedVariationKey`,
        message: `flag "${key}" has no variation "${input.expectedVariationKey}"; its variations are ${keys}`,
      });
      return;
    }
    prerequisites.push({ flagId: dependency.id, variationId: variation.id });
  });
  if (problems.length === 0) problems.push(...cycleProblems(flags, flag, environmentId, prerequisites));
  return { prerequisites, problems };
}

/** Every proposed prerequisite that leads back to the flag in this environment, with the cycle by keys. */
function cycleProblems(
  flags: readonly FlagRecord[],
  flag: FlagRecord,
  environmentId: string,
  proposed: readonly PrerequisiteRecord[],
): FieldProblem[] {
  const byId = new Map(flags.map((candidate) => [candidate.id, candidate]));
  const prerequisitesOf = (flagId: string): string[] =>
    (flagId === flag.id
      ? proposed
      : (byId.get(flagId)?.configurations[environmentId]?.prerequisites ?? [])
    ).map((prerequisite) => prerequisite.flagId);
  return proposed.flatMap((prerequisite, index) => {
    const cycle = prerequisiteCycle(flag.id, prerequisite.flagId, prerequisitesOf);
    if (!cycle) return [];
    const keys = cycle.map((flagId) => `"${byId.get(flagId)?.key ?? flagId}"`).join(' → ');
    return [
      {
        field: `prerequisites.${index}.prerequisiteFlagKey`,
        message: `would make a cycle of prerequisites in this environment: ${keys}`,
      },
    ];
  });
}
