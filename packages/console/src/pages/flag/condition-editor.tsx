/** One condition: attribute, NOT, operator (the contract's list) and values, with move and remove. */
import { FieldErrors } from '../../components/api-error-message.js';
import { conditionOperators, isConditionOperator, valuesHint } from '../../components/condition-operators.js';
import { keptValuesNote, keptValuesText } from '../../components/condition-values.js';
import { ExactFieldErrors, inputProps } from '../../components/field-props.js';
import type { ConditionDraft } from './configuration-draft.js';

export interface ConditionEditorProps {
  readonly condition: ConditionDraft;
  readonly index: number;
  readonly count: number;
  /** "group 1 of rule 2", to tell this condition's buttons from every other's. */
  readonly groupName: string;
  readonly onChange: (condition: ConditionDraft) => void;
  readonly onMove: (offset: number) => void;
  readonly onRemove: () => void;
  readonly error: unknown;
  /** The API's path of this condition: `rules.1.conditionGroups.0.conditions.2`. */
  readonly path: string;
  readonly idPrefix: string;
}

export function ConditionEditor(props: ConditionEditorProps) {
  const { condition, index, count, groupName, onChange, onMove, onRemove, error, path, idPrefix } = props;
  const name = `condition ${index + 1} of ${groupName}`;
  const change = (next: Partial<ConditionDraft>) => onChange({ ...condition, ...next });
  const ids = {
    attribute: `${idPrefix}-attribute`,
    negate: `${idPrefix}-negate`,
    operator: `${idPrefix}-operator`,
    values: `${idPrefix}-values`,
  };
  // An operator the list does not know (stored before the contract grew) stays as it is.
  const knownOperator = isConditionOperator(condition.operator);
  const kept = condition.keptValues;
  const hint = kept ? keptValuesNote : valuesHint(condition.operator);
  return (
    <fieldset class="condition">
      <legend>Condition {index + 1}</legend>
      <div class="condition-row">
        <div class="field">
          <label for={ids.attribute}>Attribute</label>
          <input
            {...inputProps(error, `${path}.attribute`, ids.attribute)}
            value={condition.attribute}
            placeholder="country"
            onInput={(event) => change({ attribute: event.currentTarget.value })}
          />
          <FieldErrors error={error} path={`${path}.attribute`} id={`${ids.attribute}-error`} />
        </div>
        <div class="field flag-check">
          <input
            type="checkbox"
            {...inputProps(error, `${path}.negate`, ids.negate)}
            checked={condition.negate}
            onChange={(event) => change({ negate: event.currentTarget.checked })}
          />{' '}
          <label for={ids.negate}>Not</label>
          <FieldErrors error={error} path={`${path}.negate`} id={`${ids.negate}-error`} />
        </div>
        <div class="field">
          <label for={ids.operator}>Operator</label>
          <select
            {...inputProps(error, `${path}.operator`, ids.operator)}
            value={condition.operator}
            onChange={(event) => change({ operator: event.currentTarget.value })}
          >
            {!knownOperator && <option value={condition.operator}>{condition.operator}</option>}
            {conditionOperators.map((operator) => (
              <option key={operator} value={operator}>
                {operator}
              </option>
            ))}
          </select>
          <FieldErrors error={error} path={`${path}.operator`} id={`${ids.operator}-error`} />
        </div>
        <div class="field condition-values">
          <label for={ids.values}>Values</label>
          <textarea
            {...inputProps(error, `${path}.values`, ids.values, `${ids.values}-hint`)}
            rows={2}
            value={kept ? keptValuesText(kept) : condition.valuesText}
            readOnly={kept !== null}
            onInput={(event) => change({ valuesText: event.currentTarget.value })}
          />
          <p id={`${ids.values}-hint`} class={kept ? 'notice' : 'muted'}>
            {hint}
          </p>
          <FieldErrors error={error} path={`${path}.values`} id={`${ids.values}-error`} />
        </div>
        <div class="field flag-row-actions">
          <button type="button" disabled={index === 0} onClick={() => onMove(-1)}>
            Move up<span class="visually-hidden"> {name}</span>
          </button>
          <button type="button" disabled={index === count - 1} onClick={() => onMove(1)}>
            Move down<span class="visually-hidden"> {name}</span>
          </button>
          <button type="button" class="danger" onClick={onRemove}>
            Remove<span class="visually-hidden"> {name}</span>
          </button>
        </div>
      </div>
      <ExactFieldErrors error={error} paths={[path]} id={`${idPrefix}-error`} />
    </fieldset>
  );
}
