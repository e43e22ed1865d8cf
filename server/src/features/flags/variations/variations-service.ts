/**
 * Variations of a flag (document, §2, §8): unique keys and values, values of the flag's type, and
 * deletion only when nothing serves or expects the variation. Every change is a change of the flag
 * record that embeds them.
 */
import { randomUUID } from 'node:crypto';
import {
  variationDeletionRefusal as deletionRefusal,
  limits,
  variationValueProblem,
} from '@flagplane/contract';
import type { PathRecords } from '../../../access/path-scope.js';
import { validationFailed } from '../../../domain/api-error.js';
import { namedAfterKey } from '../../../domain/creation-defaults.js';
import { type FieldProblem, refuseOnProblems } from '../../../domain/field-problems.js';
import { updatedDescription } from '../../../domain/partial-update.js';
import type { BodyOf } from '../../../routes/operation-handler.js';
import type { FlagConfigurationRecord, FlagRecord, VariationRecord } from '../../../store/records.js';
import type { StoreView, Transaction } from '../../../store/store.js';
import { sortedEnvironments } from '../../environments/environments-service.js';
import { refuseChangeWhileArchived } from '../archived-flag-guard.js';
import { fallbackDefaultVariation } from '../flag-defaults.js';
import { saveFlag } from '../flag-writes.js';

/** A variation creation body, on its own or inside a flag creation. */
export type VariationDeclaration = BodyOf<'createVariation'>;

type FlagScope = Pick<PathRecords, 'org' | 'project' | 'flag'>;

/** A new variation of a flag; its name defaults to its key (§8). */
export function newVariation(declared: VariationDeclaration): VariationRecord {
  return {
    id: randomUUID(),
    ...namedAfterKey(declared),
    value: declared.value,
  };
}

/** Appended last; refused for Boolean flags and past the limit. Answers the flag as saved. */
export function createVariation(
  store: Transaction,
  scope: FlagScope,
  body: VariationDeclaration,
  now: string,
): { flag: FlagRecord; variation: VariationRecord } {
  const { flag } = scope;
  refuseChangeWhileArchived(scope);
  if (flag.type === 'Boolean') {
    throw validationFailed(
      'Boolean flags have exactly two variations, "true" and "false"; none can be added.',
    );
  }
  if (flag.variations.length >= limits.variationsPerFlag) {
    throw validationFailed(
      `A flag has at most ${limits.variationsPerFlag} variations; this one has them all.`,
    );
  }
  refuseOnProblems([...variationKeyProblems(flag, body.key), ...variationValueProblems(flag, body.value)]);
  const variation = newVariation(body);
  const saved = saveFlag(store, flag, { ...flag, variations: [...flag.variations, variation] }, now);
  return { flag: saved, variation };
}

/** Partial (§3); the key is immutable, a Boolean flag's values cannot change. */
export function updateVariation(
  store: Transaction,
  scope: FlagScope & Pick<PathRecords, 'variation'>,
  body: BodyOf<'updateVariation'>,
  now: string,
): void {
  const { flag, variation } = scope;
  refuseChangeWhileArchived(scope);
  if (body.value != null) refuseOnProblems(variationValueProblems(flag, body.value, variation.id));
  const changed = {
    ...variation,
    name: body.name ?? variation.name,
    value: body.value ?? variation.value,
    description: updatedDescription(variation.description, body.description),
  };
  const variations = flag.variations.map((candidate) =>
    candidate.id === variation.id ? changed : candidate,
  );
  saveFlag(store, flag, { ...flag, variations }, now);
}

/**
 * Refused while anything serves or expects the variation. A rollout entry of weight 0 serves nobody, so
 * it goes with the variation instead of blocking the deletion.
 */
export function deleteVariation(
  store: Transaction,
  scope: FlagScope & Pick<PathRecords, 'variation'>,
  now: string,
): void {
  const { flag, variation } = scope;
  refuseChangeWhileArchived(scope);
  const refusal = variationDeletionRefusal(store, flag, variation);
  if (refusal) throw validationFailed(`The variation "${variation.key}" cannot be deleted. ${refusal}`);
  const variations = flag.variations.filter((candidate) => candidate.id !== variation.id);
  const withoutEntry = (configuration: FlagConfigurationRecord): FlagConfigurationRecord => {
    const rollout = configuration.percentageRollout;
    if (!rollout?.some((entry) => entry.variationId === variation.id)) return configuration;
    return {
      ...configuration,
      percentageRollout: rollout.filter((entry) => entry.variationId !== variation.id),
    };
  };
  const configurations = Object.fromEntries(
    Object.entries(flag.configurations).map(([environmentId, configuration]) => [
      environmentId,
      withoutEntry(configuration),
    ]),
  );
  // The flag-level default seeds configurations of environments created later; keep it a real variation.
  const defaultVariationId =
    flag.defaultVariationId === variation.id
      ? fallbackDefaultVariation(variations, flag.type).id
      : flag.defaultVariationId;
  saveFlag(store, flag, { ...flag, variations, configurations, defaultVariationId }, now);
}

function variationKeyProblems(flag: FlagRecord, key: string): FieldProblem[] {
  return flag.variations.some((variation) => variation.key === key)
    ? [{ field: 'key', message: `the flag already has a variation with key "${key}"` }]
    : [];
}

/** Problems of `value` for a variation of `flag`; `ownId` is the variation being changed, if any. */
function variationValueProblems(flag: FlagRecord, value: string, ownId?: string): FieldProblem[] {
  const own = flag.variations.find((variation) => variation.id === ownId);
  // Boolean flags are exactly "true" and "false": changing one would leave two of the same or a non-Boolean.
  if (flag.type === 'Boolean' && own && own.value !== value) {
    return [{ field: 'value', message: "a Boolean flag's values cannot change" }];
  }
  const typeProblem = variationValueProblem(flag.type, value);
  if (typeProblem) return [{ field: 'value', message: typeProblem }];
  const twin = flag.variations.find((variation) => variation.id !== ownId && variation.value === value);
  return twin ? [{ field: 'value', message: `variation "${twin.key}" already has this value` }] : [];
}

/**
 * §8: why the variation cannot be deleted, in sentences (the refusal and `_actions.delete` both use
 * them), or null when nothing serves or expects it. The rules are the contract's, shared with clients.
 */
export function variationDeletionRefusal(
  store: Pick<StoreView, 'children'>,
  flag: FlagRecord,
  variation: VariationRecord,
): string | null {
  const configurations = sortedEnvironments(store, flag.projectId).flatMap((environment) => {
    const configuration = flag.configurations[environment.id];
    return configuration ? [{ ...configuration, environmentKey: environment.key }] : [];
  });
  const expectedBy = store
    .children('flags', flag.projectId)
    .filter((other) =>
      Object.values(other.configurations).some((configuration) =>
        configuration.prerequisites.some(
          (prerequisite) => prerequisite.flagId === flag.id && prerequisite.variationId === variation.id,
        ),
      ),
    )
    .map((other) => other.key);
  return deletionRefusal({
    flagType: flag.type,
    variationCount: flag.variations.length,
    variationId: variation.id,
    configurations,
    expectedBy,
  });
}
