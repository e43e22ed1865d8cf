/** Variations of a flag (document and §8). Every change is a change of the flag record that embeds them. */
import { limits } from '@flagplane/contract';
import { validationFailed } from '../../domain/api-error.js';
import type { OperationHandler } from '../../routes/operation-handler.js';
import type { FlagConfigurationRecord } from '../../store/records.js';
import { refuseChangeWhileArchived } from '../flags/archived-flag-guard.js';
import { refuseOnProblems } from '../flags/field-problems.js';
import { fallbackDefaultVariation } from '../flags/flag-defaults.js';
import { saveFlag } from '../flags/flag-writes.js';
import { variationKeyProblems, variationValueProblems } from './variation-checks.js';
import { variationDeletionRefusal } from './variation-deletion.js';
import { newVariation } from './variation-record.js';
import { toVariation } from './variation-representation.js';

export const createVariation: OperationHandler<'createVariation'> = ({ store, scope, body, now }) => {
  const flag = scope.flag!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
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
  return toVariation(store, saved, variation, scope.role!);
};

/** Partial (§3); the key is immutable, a Boolean flag's values cannot change. */
export const updateVariation: OperationHandler<'updateVariation'> = ({ store, scope, body, now }) => {
  const flag = scope.flag!;
  const variation = scope.variation!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
  if (body.value != null) refuseOnProblems(variationValueProblems(flag, body.value, variation.id));
  const changed = {
    ...variation,
    name: body.name ?? variation.name,
    value: body.value ?? variation.value,
    description: body.description == null ? variation.description : body.description || null,
  };
  const variations = flag.variations.map((candidate) =>
    candidate.id === variation.id ? changed : candidate,
  );
  saveFlag(store, flag, { ...flag, variations }, now);
};

/**
 * Refused while anything serves or expects the variation. A rollout entry of weight 0 serves nobody, so
 * it goes with the variation instead of blocking the deletion.
 */
export const deleteVariation: OperationHandler<'deleteVariation'> = ({ store, scope, now }) => {
  const flag = scope.flag!;
  const variation = scope.variation!;
  refuseChangeWhileArchived(scope.org!, scope.project!, flag);
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
};
