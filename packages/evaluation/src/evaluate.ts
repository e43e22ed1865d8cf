/**
 * §21, the one evaluation: what a context is served by a flag in one environment, and why.
 *
 * Order: archived flags are not evaluated (left out of results); disabled serves the default (`Off`);
 * prerequisites in order, each enabled and itself serving the expected variation, else the default
 * (`PrerequisiteFailed`); then the strategy: `SingleVariation` the default (`Static`, §23),
 * `PercentageRollout` the variation whose cumulative weight first exceeds `bucket(flagId, key)`
 * (`Rollout`), `TargetedRollout` the first rule that matches and whose rollout takes the context
 * (`Rule`), else the default (`Default`).
 *
 * The context key is optional (§23): only a percentage rollout (the strategy, or a matching rule's
 * `rolloutPercentage`) needs it, and without it that flag answers `Error` / `TargetingKeyMissing`; a
 * flag whose prerequisite answers an error answers the same error, since its answer depends on it.
 * Never throws: what cannot be interpreted is `Error` / `General`.
 */
import { bucket } from './bucket.js';
import {
  type CompiledEnvironment,
  type CompiledFlag,
  compileEnvironment,
  segmentContains,
} from './compiled-environment.js';
import type {
  EvaluationContext,
  EvaluationData,
  EvaluationReason,
  EvaluationResult,
} from './evaluation-types.js';

/** Prerequisite chains deeper than this are taken as a cycle (the API refuses cycles; data may not). */
const maxPrerequisiteDepth = 64;

/** What ends one flag's evaluation with a known error code (anything else thrown is `General`). */
class EvaluationFailure extends Error {
  constructor(
    readonly errorCode: Extract<EvaluationReason, { kind: 'Error' }>['errorCode'],
    message: string,
  ) {
    super(message);
  }
}

function keyFor(flag: CompiledFlag, context: EvaluationContext, what: string): string {
  if (context.key !== undefined) return context.key;
  throw new EvaluationFailure(
    'TargetingKeyMissing',
    `"${flag.key}" serves ${what}, which needs the context's key (targetingKey)`,
  );
}

export class FlagEvaluator {
  readonly #environment: CompiledEnvironment;

  constructor(data: EvaluationData) {
    this.#environment = compileEnvironment(data);
  }

  /** The flag keys that can be evaluated (archived flags left out), in key order. */
  keys(): string[] {
    return [...this.#environment.flags.values()].filter((flag) => !flag.isArchived).map((flag) => flag.key);
  }

  /** Whether `flagKey` can be evaluated: the environment has the flag, and it is not archived. */
  has(flagKey: string): boolean {
    const flag = this.#environment.flags.get(flagKey);
    return flag !== undefined && !flag.isArchived;
  }

  /**
   * Whether what `flagKey` serves can depend on the context: false for a flag that is off, and for one
   * that serves one variation to everyone with no prerequisite (or targets with no rule). Such a flag's
   * result can be computed once per change of the environment and served to every context.
   */
  dependsOnContext(flagKey: string): boolean {
    const flag = this.#environment.flags.get(flagKey);
    if (!flag?.isEnabled) return false;
    if (flag.prerequisites.length > 0) return true;
    if (flag.strategy === 'PercentageRollout') return true;
    return flag.strategy === 'TargetedRollout' && flag.rules.length > 0;
  }

  /** One flag's result; null when the environment has no such flag, or it is archived. */
  evaluate(flagKey: string, context: EvaluationContext): EvaluationResult | null {
    const flag = this.#environment.flags.get(flagKey);
    if (!flag || flag.isArchived) return null;
    return this.#resultOf(flag, context, new Map(), 0);
  }

  /** Every flag's result (or those named), in flag-key order; archived and unknown flags left out. */
  evaluateAll(context: EvaluationContext, flagKeys?: Iterable<string>): EvaluationResult[] {
    const memo = new Map<string, EvaluationResult>();
    const wanted = flagKeys
      ? flagKeys instanceof Set
        ? (flagKeys as ReadonlySet<string>)
        : new Set(flagKeys)
      : null;
    const results: EvaluationResult[] = [];
    for (const flag of this.#environment.flags.values()) {
      if (flag.isArchived || (wanted && !wanted.has(flag.key))) continue;
      results.push(this.#resultOf(flag, context, memo, 0));
    }
    return results;
  }

  #resultOf(
    flag: CompiledFlag,
    context: EvaluationContext,
    memo: Map<string, EvaluationResult>,
    depth: number,
  ): EvaluationResult {
    const known = memo.get(flag.key);
    if (known) return known;
    let result: EvaluationResult;
    try {
      result = this.#decide(flag, context, memo, depth);
    } catch (error) {
      result =
        error instanceof EvaluationFailure
          ? failure(flag.key, error.errorCode, error.message)
          : failure(flag.key, 'General', error instanceof Error ? error.message : String(error));
    }
    memo.set(flag.key, result);
    return result;
  }

  #decide(
    flag: CompiledFlag,
    context: EvaluationContext,
    memo: Map<string, EvaluationResult>,
    depth: number,
  ): EvaluationResult {
    if (!flag.isEnabled) return served(flag, flag.defaultVariationId, { kind: 'Off' });
    for (const prerequisite of flag.prerequisites) {
      if (!this.#prerequisiteHolds(flag, prerequisite, context, memo, depth)) {
        return served(flag, flag.defaultVariationId, {
          kind: 'PrerequisiteFailed',
          prerequisiteKey: prerequisite.flagKey,
        });
      }
    }
    switch (flag.strategy) {
      case 'PercentageRollout': {
        const position = bucket(flag.id, keyFor(flag, context, 'a percentage rollout'));
        const slice = flag.rollout.find((candidate) => position < candidate.upTo);
        if (!slice) throw new Error(`the percentage rollout of "${flag.key}" does not cover ${position}`);
        return served(flag, slice.variationId, { kind: 'Rollout' });
      }
      case 'TargetedRollout':
        for (const [ruleIndex, rule] of flag.rules.entries()) {
          if (rule.segmentId !== null) {
            const segment = this.#environment.segments.get(rule.segmentId);
            if (!segment) throw new Error(`rule ${ruleIndex} of "${flag.key}" uses an unknown segment`);
            if (!segmentContains(segment, context)) continue;
          }
          if (!rule.conditions(context)) continue;
          if (rule.share !== null) {
            const key = keyFor(flag, context, `a percentage of rule ${ruleIndex}`);
            if (!(bucket(rule.id, key) < rule.share)) continue;
          }
          return served(flag, rule.variationId, { kind: 'Rule', ruleId: rule.id, ruleIndex });
        }
        return served(flag, flag.defaultVariationId, { kind: 'Default' });
      default:
        // SingleVariation: nothing the context holds can change what it serves.
        return served(flag, flag.defaultVariationId, { kind: 'Static' });
    }
  }

  #prerequisiteHolds(
    flag: CompiledFlag,
    prerequisite: { flagKey: string; variationKey: string },
    context: EvaluationContext,
    memo: Map<string, EvaluationResult>,
    depth: number,
  ): boolean {
    const needed = this.#environment.flags.get(prerequisite.flagKey);
    if (!needed || needed.isArchived || !needed.isEnabled) return false;
    if (depth >= maxPrerequisiteDepth)
      throw new Error(`prerequisites of "${prerequisite.flagKey}" form a cycle`);
    const result = this.#resultOf(needed, context, memo, depth + 1);
    if (result.reason.kind === 'Error') {
      throw new EvaluationFailure(
        result.reason.errorCode,
        `"${flag.key}" depends on "${needed.key}": ${result.reason.errorMessage}`,
      );
    }
    return result.variationKey === prerequisite.variationKey;
  }
}

/** The result serving variation `variationId`, its value typed by the flag's type. */
function served(flag: CompiledFlag, variationId: string, reason: EvaluationReason): EvaluationResult {
  const variation = flag.variations.get(variationId);
  if (!variation || variation.key === null || variation.value === null) {
    throw new Error(`"${flag.key}" serves a variation it does not have (${variationId})`);
  }
  return { flagKey: flag.key, variationKey: variation.key, value: typedValue(flag, variation.value), reason };
}

function typedValue(flag: CompiledFlag, text: string): unknown {
  switch (flag.type) {
    case 'Boolean':
      if (text !== 'true' && text !== 'false') throw new Error(`"${flag.key}" has a Boolean value "${text}"`);
      return text === 'true';
    case 'Number': {
      const number = Number(text);
      if (text.trim() === '' || !Number.isFinite(number))
        throw new Error(`"${flag.key}" has a Number value "${text}"`);
      return number;
    }
    case 'Json':
      return JSON.parse(text);
    default:
      return text;
  }
}

function failure(
  flagKey: string,
  errorCode: Extract<EvaluationReason, { kind: 'Error' }>['errorCode'],
  errorMessage: string,
): EvaluationResult {
  return { flagKey, variationKey: null, value: null, reason: { kind: 'Error', errorCode, errorMessage } };
}

/** Evaluates every flag of `data` for one context: `new FlagEvaluator(data).evaluateAll(context)`. */
export function evaluateAll(data: EvaluationData, context: EvaluationContext): EvaluationResult[] {
  return new FlagEvaluator(data).evaluateAll(context);
}
