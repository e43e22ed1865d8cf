/** The evaluation answers on the wire (§21), the playground's and the delivery path's: `{ items }`. */
import type { EvaluationResultShape, EvaluationResults } from '@flagplane/contract';

export const toEvaluationResults = (items: readonly EvaluationResultShape[]): EvaluationResults =>
  ({ items }) as EvaluationResults;
