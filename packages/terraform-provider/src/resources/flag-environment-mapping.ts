/**
 * `flagplane_flag_environment` values ↔ the API's configuration: the configuration names variations,
 * segments and flags by key, the API by id. Reading maps ids to keys through the flag's variations and
 * the project's segments; writing maps keys to ids, and a key that names nothing is an error on the
 * attribute that holds it.
 */
import { createHash } from 'node:crypto';
import type { FlagEnvironmentUpdateBody, SegmentListItem as Segment } from '@flagplane/contract';
import { type AttributePath, attributePath, type Diagnostic, error } from '../diagnostics.js';
import type { LiveConfiguration, LiveFlag } from '../provider/flag-reads.js';
import { blockList, knownBoolean, knownString } from '../values/access.js';
import { isUnknown, type TerraformValue } from '../values/unknown.js';
import { conditionGroupsBody, conditionGroupsForChecks, conditionGroupsState } from './conditions.js';
import type { ObjectValue } from './resource.js';

export interface Identity {
  readonly project: string;
  readonly flag: string;
  readonly environment: string;
}

/**
 * A stand-in id for a key, the same for the same key, so the contract's checks (which want ids) can run
 * before the server is asked: a variation named twice in a rollout is still caught as named twice.
 */
function standInId(key: TerraformValue): string | undefined {
  if (typeof key !== 'string') return undefined;
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const numberOrUndefined = (value: TerraformValue | undefined) =>
  typeof value === 'number' ? value : undefined;

/** The update body the configuration means, with stand-in ids: what the contract checks at plan time. */
export function bodyForChecks(config: ObjectValue): unknown {
  const keep = (value: TerraformValue | undefined) => (isUnknown(value) ? undefined : value);
  return {
    isEnabled: keep(config.enabled),
    defaultVariationId: standInId(config.default_variation ?? null),
    strategy: keep(config.strategy),
    // No rollout blocks: no weights given (the stored ones stay), not an empty rollout.
    percentageRollout:
      blockList(config.rollout).length > 0
        ? blockList(config.rollout).map((weight) => ({
            variationId: standInId(weight.variation ?? null),
            weight: keep(weight.weight),
          }))
        : undefined,
    prerequisites: Array.isArray(config.prerequisite)
      ? blockList(config.prerequisite).map((prerequisite) => ({
          prerequisiteFlagKey: keep(prerequisite.flag),
          expectedVariationKey: keep(prerequisite.variation),
        }))
      : undefined,
    rules: Array.isArray(config.rule)
      ? blockList(config.rule).map((rule) => ({
          description: keep(rule.description),
          variationId: standInId(rule.variation ?? null),
          rolloutPercentage: keep(rule.rollout_percentage),
          userSegmentId: rule.segment === null ? null : standInId(rule.segment ?? null),
          conditionGroups: conditionGroupsForChecks(rule.condition_group),
        }))
      : undefined,
  };
}

/** A flag's variation keys, and whether they are the live ones or those this configuration declares. */
export interface VariationKeys {
  readonly flag: string;
  readonly keys: readonly string[];
  readonly declared: boolean;
}

const quotedList = (keys: readonly string[]) => keys.map((key) => `"${key}"`).join(', ');

/** An error on the attribute at `path` naming a variation `flag` does not have. */
export function unknownVariation(key: string, flag: VariationKeys, path: AttributePath, what = 'Flag') {
  return error(
    `Unknown variation "${key}"`,
    `${what} "${flag.flag}"${flag.declared ? ', as this configuration declares it,' : ''} has the variations ${quotedList(flag.keys)}.`,
    path,
  );
}

/** Keys of the configured flag that it does not have, as errors on the attributes naming them. */
export function unknownVariationKeys(planned: ObjectValue, flag: VariationKeys): Diagnostic[] {
  const problem = (key: TerraformValue | undefined, ...path: (string | number)[]) =>
    typeof key === 'string' && !flag.keys.includes(key)
      ? [unknownVariation(key, flag, attributePath(...path))]
      : [];
  return [
    ...problem(planned.default_variation, 'default_variation'),
    ...blockList(planned.rollout).flatMap((weight, index) =>
      problem(weight.variation, 'rollout', index, 'variation'),
    ),
    ...blockList(planned.rule).flatMap((rule, index) => problem(rule.variation, 'rule', index, 'variation')),
  ];
}

/** The live flag's keys, for the checks above. */
export function liveVariationKeys(flag: LiveFlag): VariationKeys {
  const keys = flag.variations.flatMap((variation) => (variation.key === null ? [] : [variation.key]));
  return { flag: flag.key ?? '', keys, declared: false };
}

/** The PUT body of the planned configuration, ids resolved; errors for keys that name nothing. */
export function updateBody(
  planned: ObjectValue,
  flag: LiveFlag,
  segments: readonly Segment[],
  priorRuleIds: readonly (string | null)[],
): { body: FlagEnvironmentUpdateBody; diagnostics: Diagnostic[] } {
  const diagnostics = unknownVariationKeys(planned, liveVariationKeys(flag));
  const variationId = (key: TerraformValue | undefined) =>
    flag.variations.find((variation) => variation.key === key)?.id ?? '';
  const segmentId = (key: TerraformValue | undefined, index: number): string | null => {
    if (typeof key !== 'string') return null;
    const found = segments.find((segment) => segment.key === key);
    if (!found)
      diagnostics.push(
        error(
          `Unknown segment "${key}"`,
          'No segment of the project has this key.',
          attributePath('rule', index, 'segment'),
        ),
      );
    return found?.id ?? null;
  };
  const rollout = blockList(planned.rollout);
  const defaultVariation = knownString(planned.default_variation);
  const body: FlagEnvironmentUpdateBody = {
    isEnabled: knownBoolean(planned.enabled),
    strategy: knownString(planned.strategy) as FlagEnvironmentUpdateBody['strategy'],
    ...(defaultVariation !== undefined ? { defaultVariationId: variationId(defaultVariation) } : {}),
    // No rollout blocks: the stored weights stay (the API keeps them across strategies, §9).
    ...(rollout.length > 0
      ? {
          percentageRollout: rollout.map((weight) => ({
            variationId: variationId(weight.variation),
            weight: numberOrUndefined(weight.weight) ?? 0,
          })),
        }
      : {}),
    prerequisites: blockList(planned.prerequisite).map((prerequisite) => ({
      prerequisiteFlagKey: knownString(prerequisite.flag) ?? '',
      expectedVariationKey: knownString(prerequisite.variation) ?? '',
    })),
    rules: blockList(planned.rule).map((rule, index) => ({
      // A rule keeps its id while it keeps its position.
      ...(priorRuleIds[index] ? { id: priorRuleIds[index] } : {}),
      description: knownString(rule.description) ?? null,
      variationId: variationId(rule.variation),
      rolloutPercentage: numberOrUndefined(rule.rollout_percentage) ?? null,
      userSegmentId: segmentId(rule.segment, index),
      conditionGroups: conditionGroupsBody(rule.condition_group),
    })),
  };
  return { body, diagnostics };
}

/**
 * The live configuration as state. Stored rollout weights appear only when the reference (the plan, the
 * prior state) declares rollout blocks, or, on import, when the strategy uses them: otherwise they are
 * the server's to keep, as the configuration leaves them.
 */
export function stateOf(
  identity: Identity,
  live: LiveConfiguration,
  flag: LiveFlag,
  segments: readonly Segment[],
  reference: ObjectValue | null,
): ObjectValue {
  const variationKey = (id: string) => flag.variations.find((variation) => variation.id === id)?.key ?? id;
  const managesRollout = reference
    ? blockList(reference.rollout).length > 0
    : live.strategy === 'PercentageRollout';
  return {
    id: `${identity.project}/${identity.flag}/${identity.environment}`,
    project: identity.project,
    flag: identity.flag,
    environment: identity.environment,
    enabled: live.isEnabled,
    default_variation: variationKey(live.defaultVariationId),
    strategy: live.strategy,
    rollout: managesRollout
      ? (live.percentageRollout ?? []).map((weight) => ({
          variation: variationKey(weight.variationId),
          weight: weight.weight,
        }))
      : [],
    prerequisite: (live.prerequisites ?? []).map((prerequisite) => ({
      flag: prerequisite.prerequisiteFlagKey,
      variation: prerequisite.expectedVariationKey,
    })),
    rule: live.rules.map((rule) => ({
      id: rule.id,
      description: rule.description,
      variation: variationKey(rule.variationId),
      rollout_percentage: rule.rolloutPercentage,
      segment: rule.userSegmentId
        ? (segments.find((segment) => segment.id === rule.userSegmentId)?.key ?? rule.userSegmentId)
        : null,
      condition_group: conditionGroupsState(rule.conditionGroups),
    })),
  };
}
