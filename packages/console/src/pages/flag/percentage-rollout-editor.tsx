/** One weight input per variation (integers 0–100 that must sum to exactly 100), with the running sum. */
import type { NestedVariation } from '@flagplane/contract';
import { FieldErrors } from '../../components/api-error-message.js';
import { ExactFieldErrors, inputProps } from '../../components/field-props.js';
import { weightSum } from './configuration-draft.js';
import { variationLabel } from './variations-section.js';

export interface PercentageRolloutEditorProps {
  readonly variations: readonly NestedVariation[];
  readonly weights: Readonly<Record<string, string>>;
  readonly onChange: (weights: Readonly<Record<string, string>>) => void;
  readonly error: unknown;
  readonly idPrefix: string;
}

export function PercentageRolloutEditor({
  variations,
  weights,
  onChange,
  error,
  idPrefix,
}: PercentageRolloutEditorProps) {
  const anyWeight = variations.some((variation) => (weights[variation.id] ?? '').trim() !== '');
  const sum = weightSum(weights);
  const sumId = `${idPrefix}-weights-sum`;
  return (
    <fieldset class="percentage-rollout">
      <legend>Percentage rollout</legend>
      <p class="muted">
        Used by the percentage rollout strategy, and kept when another is chosen. Leave every weight empty to
        store none.
      </p>
      <div class="condition-row">
        {variations.map((variation, index) => {
          const id = `${idPrefix}-weight-${index}`;
          const path = `percentageRollout.${index}`;
          return (
            <div class="field" key={variation.id}>
              <label for={id}>Weight of {variationLabel(variation)} (%)</label>
              <input
                {...inputProps(error, path, id, sumId)}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                class="flag-number-input"
                value={weights[variation.id] ?? ''}
                onInput={(event) => onChange({ ...weights, [variation.id]: event.currentTarget.value })}
              />
              <FieldErrors error={error} path={path} id={`${id}-error`} />
            </div>
          );
        })}
      </div>
      <p id={sumId} aria-live="polite" class={anyWeight && sum !== 100 ? 'field-error' : 'muted'}>
        {anyWeight
          ? `The weights sum to ${Number.isFinite(sum) ? sum : '?'}%${sum === 100 ? '.' : '; they must sum to 100%.'}`
          : 'No weights.'}
      </p>
      <ExactFieldErrors error={error} paths={['percentageRollout']} id={`${idPrefix}-weights-error`} />
    </fieldset>
  );
}
