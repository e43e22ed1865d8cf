/**
 * What the delivery paths put on the wire beyond the snapshot's own JSON and the evaluation results
 * (../evaluation/evaluation-representation.ts): a client-side key's view of a result (§21).
 */
import type { EvaluationResultShape } from '@flagplane/contract';
import type { EvaluationResult } from '@flagplane/evaluation';

/**
 * What a client-side key may read of a result: nothing naming a flag it cannot see (a hidden
 * prerequisite's key), and no error text (which may name one); the error's code says what went wrong.
 */
export function forClientSide(result: EvaluationResult, visible: ReadonlySet<string>): EvaluationResultShape {
  const { reason } = result;
  if (reason.kind === 'PrerequisiteFailed' && !visible.has(reason.prerequisiteKey)) {
    return { ...result, reason: { kind: 'PrerequisiteFailed' } };
  }
  if (reason.kind === 'Error') return { ...result, reason: { kind: 'Error', errorCode: reason.errorCode } };
  return result;
}
