/**
 * One weight input per variation (integers 0–100 that must sum to exactly 100), with the running sum, in
 * the order evaluation walks them (§21: cumulative weights, stored order).
 */
import type { NestedVariation } from '@flagplane/contract';
import { ExactFieldErrors } from '../../components/field-props.js';
import { replaceAt } from '../../components/list-edits.js';
import { TextField } from '../../components/text-field.js';
import { type WeightDraft, weightSum } from './configuration-draft.js';
import { variationLabel } from './variations-section.js';

/** A whole percentage, 0 to 100, typed or stepped: a weight here, a rule's rollout percentage. */
export const percentInput = {
  type: 'number',
  inputMode: 'numeric',
  min: 0,
  max: 100,
  step: 1,
  class: 'flag-number-input',
} as const;

export interface PercentageRolloutEditorProps {
  readonly variations: readonly NestedVariation[];
  readonly weights: readonly WeightDraft[];
  readonly onChange: (weights: readonly WeightDraft[]) => void;
  /** Weights are stored: leaving every input empty keeps them (the API cannot remove them, §9). */
  readonly stored: boolean;
  readonly error: unknown;
  readonly idPrefix: string;
}

export function PercentageRolloutEditor({
  variations,
  weights,
  onChange,
  stored,
  error,
  idPrefix,
}: PercentageRolloutEditorProps) {
  const anyWeight = weights.some((weight) => weight.text.trim() !== '');
  const sum = weightSum(weights);
  const sumId = `${idPrefix}-weights-sum`;
  return (
    <fieldset class="percentage-rollout">
      <legend>Percentage rollout</legend>
      <p class="muted">
        Used by the percentage rollout strategy, in this order, and kept when another is chosen.{' '}
        {stored
          ? 'Stored weights can be changed, not removed: left empty, they stay as they are.'
          : 'Leave every weight empty to store none.'}
      </p>
      <div class="condition-row">
        {weights.map((weight, index) => {
          const variation = variations.find((candidate) => candidate.id === weight.variationId);
          return (
            <TextField
              key={weight.variationId}
              id={`${idPrefix}-weight-${index}`}
              label={`Weight of ${variation ? variationLabel(variation) : weight.variationId} (%)`}
              path={`percentageRollout.${index}`}
              error={error}
              describedBy={sumId}
              {...percentInput}
              value={weight.text}
              onInput={(event) =>
                onChange(replaceAt(weights, index, { ...weight, text: event.currentTarget.value }))
              }
            />
          );
        })}
      </div>
      <p id={sumId} aria-live="polite" class={anyWeight && sum !== 100 ? 'field-error' : 'muted'}>
        {anyWeight
          ? `The weights sum to ${Number.isFinite(sum) ? sum : '?'}%${sum === 100 ? '.' : '; they must sum to 100%.'}`
          : stored
            ? 'Every weight is empty: the stored weights stay as they are.'
            : 'No weights.'}
      </p>
      <ExactFieldErrors error={error} paths={['percentageRollout']} id={`${idPrefix}-weights-error`} />
    </fieldset>
  );
}
