/** One condition: attribute, Not, operator (the contract's list) and values, with move and remove. */
import { CheckboxField } from '../checkbox-field.js';
import { ExactFieldErrors } from '../field-props.js';
import { SelectField, TextAreaField, TextField } from '../text-field.js';
import type { ConditionDraft } from './condition-groups-draft.js';
import { conditionOperators, isConditionOperator, valuesHint } from './condition-operators.js';
import { keptValuesNote, keptValuesText } from './condition-values.js';

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
  const field = (property: string) => ({ id: `${idPrefix}-${property}`, path: `${path}.${property}`, error });
  // An operator the list does not know (stored before the contract grew) stays as it is.
  const knownOperator = isConditionOperator(condition.operator);
  const kept = condition.keptValues;
  return (
    <fieldset class="condition">
      <legend>Condition {index + 1}</legend>
      <div class="condition-row">
        <TextField
          {...field('attribute')}
          label="Attribute"
          value={condition.attribute}
          placeholder="country"
          onInput={(event) => change({ attribute: event.currentTarget.value })}
        />
        <CheckboxField
          {...field('negate')}
          label="Not"
          checked={condition.negate}
          onChange={(negate) => change({ negate })}
        />
        <SelectField
          {...field('operator')}
          label="Operator"
          value={condition.operator}
          onChange={(event) => change({ operator: event.currentTarget.value })}
        >
          {!knownOperator && <option value={condition.operator}>{condition.operator}</option>}
          {conditionOperators.map((operator) => (
            <option key={operator} value={operator}>
              {operator}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          {...field('values')}
          label="Values"
          fieldClass="condition-values"
          hint={kept ? keptValuesNote : valuesHint(condition.operator)}
          hintTone={kept ? 'notice' : 'muted'}
          rows={2}
          value={kept ? keptValuesText(kept) : condition.valuesText}
          readOnly={kept !== null}
          onInput={(event) => change({ valuesText: event.currentTarget.value })}
        />
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
