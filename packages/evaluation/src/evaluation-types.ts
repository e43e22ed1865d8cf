/**
 * What the evaluator reads and answers. The inputs are the contract's wire shapes, narrowed to what
 * evaluation uses, so a flag as the API returns it (or as `GET /api/v1/sdk/flags` delivers it) can be
 * evaluated as it is.
 */
import type {
  ConditionGroup,
  EvaluationErrorCode,
  FlagType,
  NestedFlagEnvironment,
  NestedVariation,
  SegmentListItem,
} from '@flagplane/contract';

/** §21's attribute values; `null` is a missing attribute (§23). */
export type AttributeValue = string | number | boolean | readonly string[] | null;

/**
 * §21 and §23: who is asking. `key` (1–256 characters) is optional: only a percentage rollout needs it;
 * the attribute `key` is the context key.
 */
export interface EvaluationContext {
  readonly key?: string | undefined;
  readonly attributes?: Readonly<Record<string, AttributeValue>> | undefined;
}

export type EvaluationVariation = Pick<NestedVariation, 'id' | 'key' | 'value'>;

export type EvaluationConfiguration = Pick<
  NestedFlagEnvironment,
  'isEnabled' | 'defaultVariationId' | 'strategy' | 'prerequisites' | 'rules' | 'percentageRollout'
>;

/** A flag with its configuration in the environment being evaluated. */
export interface EvaluationFlag {
  readonly id: string;
  readonly key: string;
  readonly type: FlagType;
  readonly isArchived: boolean;
  readonly variations: readonly EvaluationVariation[];
  readonly configuration: EvaluationConfiguration;
}

export type EvaluationSegment = Pick<SegmentListItem, 'id' | 'key' | 'included' | 'excluded'> & {
  readonly conditionGroups: readonly ConditionGroup[];
};

/** Everything one environment's evaluation needs: its flags and the segments their rules use. */
export interface EvaluationData {
  readonly flags: readonly EvaluationFlag[];
  readonly segments: readonly EvaluationSegment[];
}

export type EvaluationReason =
  /** `Static`: one variation for everyone (strategy `SingleVariation`); `Default`: no rule matched. */
  | { readonly kind: 'Off' | 'Static' | 'Default' | 'Rollout' }
  | { readonly kind: 'Rule'; readonly ruleId: string; readonly ruleIndex: number }
  | { readonly kind: 'PrerequisiteFailed'; readonly prerequisiteKey: string }
  /**
   * `TargetingKeyMissing`: a percentage rollout, and the context has no key (§23). `General`: the flag
   * could not be interpreted (it never happens with data the server validated).
   */
  | {
      readonly kind: 'Error';
      readonly errorCode: Exclude<EvaluationErrorCode, 'TypeMismatch'>;
      readonly errorMessage: string;
    };

export interface EvaluationResult {
  readonly flagKey: string;
  /** null only with reason `Error`. */
  readonly variationKey: string | null;
  /** Typed: Boolean `true`/`false`, Number a number, Json the parsed JSON, String the text; null with `Error`. */
  readonly value: unknown;
  readonly reason: EvaluationReason;
}
