/**
 * The checks of one flag that need more than its own property schemas: its variations as a set (Boolean
 * pair, unique keys and values, values of the flag's type) and every key its configurations refer to.
 */
import { limits } from '../formats.js';
import { FlagType } from '../schemas/enums.js';
import { variationValueProblem } from '../schemas/variation-value.js';
import { defaultBooleanVariations } from './desired-flag.js';
import {
  type DesiredStateProblem,
  formatPath,
  type PathSegment,
  problemAt,
} from './desired-state-problem.js';
import { asArray, asObject, asString, type LenientObject, objectsIn } from './lenient-view.js';
import { DuplicateKeys, unknownReference } from './reference-messages.js';

/**
 * What the rest of the project declares, as far as a flag's references go. A flag checked on its own (a
 * low-level resource spec) knows none of it: an absent list is not checked, the engine resolves it live.
 */
export interface ProjectDeclarations {
  readonly environmentKeys?: readonly string[];
  readonly segmentKeys?: readonly string[];
  /** Flag key → its variation keys (the Boolean defaults when it declares none). */
  readonly flagVariations?: ReadonlyMap<string, readonly string[]>;
  /** Flags managed elsewhere: a prerequisite may name them; their variations are the API's to check. */
  readonly externalFlags?: ReadonlySet<string>;
}

/** Environment key → flag key → the flags it needs there, with the path of each prerequisite entry. */
export type PrerequisiteEdges = Map<string, Map<string, { flag: string; path: PathSegment[] }[]>>;

export function declaredVariationKeys(flag: LenientObject): string[] {
  const declared = flag.variations === undefined && flag.type === 'Boolean' ? defaultBooleanVariations : null;
  if (declared) return declared.map((variation) => variation.key);
  return objectsIn(flag.variations).flatMap(([, variation]) => asString(variation.key) ?? []);
}

export function flagReferenceProblems(
  flag: LenientObject,
  at: readonly PathSegment[],
  project: ProjectDeclarations,
  edges: PrerequisiteEdges,
): DesiredStateProblem[] {
  const problems = variationProblems(flag, at);
  const key = asString(flag.key);
  const variationKeys = declaredVariationKeys(flag);
  const defaultVariation = asString(flag.defaultVariation);
  if (defaultVariation !== undefined && !variationKeys.includes(defaultVariation)) {
    problems.push(
      problemAt(
        [...at, 'defaultVariation'],
        unknownReference('variation', defaultVariation, variationKeys, 'the flag'),
      ),
    );
  }
  const environments = asObject(flag.environments) ?? {};
  for (const [environmentKey, value] of Object.entries(environments)) {
    const environmentAt = [...at, 'environments', environmentKey];
    if (project.environmentKeys && !project.environmentKeys.includes(environmentKey)) {
      problems.push(
        problemAt(
          environmentAt,
          unknownReference('environment', environmentKey, project.environmentKeys, 'the project'),
        ),
      );
    }
    const configuration = asObject(value);
    if (!configuration) continue;
    problems.push(...configurationProblems(configuration, environmentAt, variationKeys, project));
    if (key !== undefined) recordPrerequisiteEdges(edges, environmentKey, key, configuration, environmentAt);
  }
  return problems;
}

function variationProblems(flag: LenientObject, at: readonly PathSegment[]): DesiredStateProblem[] {
  const problems: DesiredStateProblem[] = [];
  const type = FlagType.safeParse(flag.type);
  const variations = objectsIn(flag.variations);
  if (type.success && type.data === 'Boolean' && flag.variations !== undefined) {
    const values = variations.map(([, variation]) => variation.value).sort();
    if (values.length !== 2 || values[0] !== 'false' || values[1] !== 'true') {
      problems.push(
        problemAt(
          [...at, 'variations'],
          'a Boolean flag has exactly two variations, with values "true" and "false" (or leave them out)',
        ),
      );
    }
  } else if (type.success && type.data !== 'Boolean' && asArray(flag.variations).length === 0) {
    problems.push(
      problemAt([...at, 'variations'], `a ${type.data} flag needs 1–${limits.variationsPerFlag} variations`),
    );
  }
  const keys = new DuplicateKeys('variation key');
  const values = new DuplicateKeys('variation value');
  for (const [index, variation] of variations) {
    const variationAt = [...at, 'variations', index];
    const keyProblem = keys.check(asString(variation.key), formatPath(variationAt));
    if (keyProblem) problems.push(problemAt([...variationAt, 'key'], keyProblem));
    const value = asString(variation.value);
    const valueProblem = values.check(value, formatPath(variationAt));
    if (valueProblem) problems.push(problemAt([...variationAt, 'value'], valueProblem));
    // Boolean values are checked as a pair above; a second message per variation would only repeat it.
    if (type.success && type.data !== 'Boolean' && value !== undefined) {
      const problem = variationValueProblem(type.data, value);
      if (problem) problems.push(problemAt([...variationAt, 'value'], problem));
    }
  }
  return problems;
}

function configurationProblems(
  configuration: LenientObject,
  at: readonly PathSegment[],
  variationKeys: readonly string[],
  project: ProjectDeclarations,
): DesiredStateProblem[] {
  const problems: DesiredStateProblem[] = [];
  const variationAt = (path: PathSegment[], named: unknown) => {
    const key = asString(named);
    if (key !== undefined && !variationKeys.includes(key)) {
      problems.push(problemAt(path, unknownReference('variation', key, variationKeys, 'the flag')));
    }
  };
  variationAt([...at, 'defaultVariation'], configuration.defaultVariation);

  const rollout = asObject(configuration.percentageRollout);
  if (configuration.strategy === 'PercentageRollout' && !rollout) {
    problems.push(problemAt([...at, 'percentageRollout'], 'is required by strategy PercentageRollout'));
  }
  if (rollout) {
    for (const variation of Object.keys(rollout))
      variationAt([...at, 'percentageRollout', variation], variation);
    const weights = Object.values(rollout);
    if (weights.every((weight) => typeof weight === 'number')) {
      const total = weights.reduce<number>((sum, weight) => sum + (weight as number), 0);
      if (total !== 100) {
        problems.push(problemAt([...at, 'percentageRollout'], `weights must sum to 100, not ${total}`));
      }
    }
  }

  const named = new DuplicateKeys('prerequisite flag');
  for (const [index, prerequisite] of objectsIn(configuration.prerequisites)) {
    const prerequisiteAt = [...at, 'prerequisites', index];
    const flagKey = asString(prerequisite.flag);
    if (flagKey === undefined) continue;
    const duplicate = named.check(flagKey, formatPath(prerequisiteAt));
    if (duplicate) problems.push(problemAt([...prerequisiteAt, 'flag'], duplicate));
    if (!project.flagVariations || project.externalFlags?.has(flagKey)) continue;
    const expected = project.flagVariations.get(flagKey);
    if (!expected) {
      const known = [...project.flagVariations.keys(), ...(project.externalFlags ?? [])];
      problems.push(
        problemAt([...prerequisiteAt, 'flag'], unknownReference('flag', flagKey, known, 'the project')),
      );
      continue;
    }
    const variation = asString(prerequisite.variation);
    if (variation !== undefined && !expected.includes(variation)) {
      problems.push(
        problemAt(
          [...prerequisiteAt, 'variation'],
          unknownReference('variation', variation, expected, `flag "${flagKey}"`),
        ),
      );
    }
  }

  for (const [index, rule] of objectsIn(configuration.rules)) {
    const ruleAt = [...at, 'rules', index];
    variationAt([...ruleAt, 'variation'], rule.variation);
    const segment = asString(rule.segment);
    if (segment !== undefined && project.segmentKeys && !project.segmentKeys.includes(segment)) {
      problems.push(
        problemAt(
          [...ruleAt, 'segment'],
          unknownReference('segment', segment, project.segmentKeys, 'the project'),
        ),
      );
    }
  }
  return problems;
}

function recordPrerequisiteEdges(
  edges: PrerequisiteEdges,
  environmentKey: string,
  flagKey: string,
  configuration: LenientObject,
  at: readonly PathSegment[],
): void {
  const byFlag = edges.get(environmentKey) ?? new Map();
  edges.set(environmentKey, byFlag);
  const needs = byFlag.get(flagKey) ?? [];
  byFlag.set(flagKey, needs);
  for (const [index, prerequisite] of objectsIn(configuration.prerequisites)) {
    const needed = asString(prerequisite.flag);
    if (needed !== undefined) needs.push({ flag: needed, path: [...at, 'prerequisites', index] });
  }
}
