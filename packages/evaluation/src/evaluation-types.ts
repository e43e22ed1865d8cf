/**
 * What the evaluator reads and answers, all of it the contract's wire shapes (`import type` only: at run
 * time this package takes nothing from the contract but its zod-free format rules, so it stays small
 * enough for a browser). A flag as `GET /api/v1/sdk/flags` delivers it is evaluated as it is.
 *
 * The reason and the result are the contract's, narrowed: the evaluator says which fields go with which
 * kind of reason. `WireShape` keeps each narrowed shape one the contract accepts (checked when compiling).
 */
import type {
  EvaluationErrorCode,
  EvaluationReasonShape,
  EvaluationResultShape,
  SdkFlag,
  SdkSegment,
} from '@flagplane/contract';

export type { AttributeValue, EvaluationContext } from '@flagplane/contract';

/** A flag with its configuration in the environment being evaluated: a delivered flag, minus what only clients read. */
export type EvaluationFlag = Pick<
  SdkFlag,
  'id' | 'key' | 'type' | 'isArchived' | 'variations' | 'configuration'
>;

export type EvaluationVariation = EvaluationFlag['variations'][number];

export type EvaluationConfiguration = EvaluationFlag['configuration'];

export type EvaluationSegment = SdkSegment;

/** Everything one environment's evaluation needs: its flags and the segments their rules use. */
export interface EvaluationData {
  readonly flags: readonly EvaluationFlag[];
  readonly segments: readonly EvaluationSegment[];
}

/** `T`, which must be assignable to the wire shape `Wire`. */
type WireShape<Wire, T extends Wire> = T;

export type EvaluationReason = WireShape<
  EvaluationReasonShape,
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
    }
>;

export type EvaluationResult = WireShape<
  EvaluationResultShape,
  {
    readonly flagKey: string;
    /** null only with reason `Error`. */
    readonly variationKey: string | null;
    /** Typed: Boolean `true`/`false`, Number a number, Json the parsed JSON, String the text; null with `Error`. */
    readonly value: unknown;
    readonly reason: EvaluationReason;
  }
>;
