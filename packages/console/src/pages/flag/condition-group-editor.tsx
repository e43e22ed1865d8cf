/** One condition group of a rule: how its conditions are joined (And/Or) and the conditions, in order. */
import type { GroupOperator } from '@flagplane/contract';
import { FieldErrors } from '../../components/api-error-message.js';
import { groupOperators } from '../../components/condition-operators.js';
import { ExactFieldErrors, inputProps } from '../../components/field-props.js';
import { ConditionEditor } from './condition-editor.js';
import { emptyCondition, type GroupDraft } from './configuration-draft.js';
import { moveBy, removeAt, replaceAt } from './list-edits.js';

/** Each option finishes the label "Join the conditions with". */
const joinLabels: Readonly<Record<GroupOperator, string>> = {
  And: 'And: all must match',
  Or: 'Or: any may match',
};

export interface ConditionGroupEditorProps {
  readonly group: GroupDraft;
  readonly index: number;
  /** "rule 2", to tell this group's buttons from every other's. */
  readonly ruleName: string;
  readonly onChange: (group: GroupDraft) => void;
  readonly onRemove: () => void;
  readonly error: unknown;
  /** The API's path of this group: `rules.1.conditionGroups.0`. */
  readonly path: string;
  readonly idPrefix: string;
}

export function ConditionGroupEditor(props: ConditionGroupEditorProps) {
  const { group, index, ruleName, onChange, onRemove, error, path, idPrefix } = props;
  const name = `group ${index + 1} of ${ruleName}`;
  const conditions = group.conditions;
  const setConditions = (next: GroupDraft['conditions']) => onChange({ ...group, conditions: next });
  const operatorId = `${idPrefix}-operator`;
  return (
    <fieldset class="condition-group">
      <legend>Condition group {index + 1}</legend>
      <div class="toolbar">
        <div class="field">
          <label for={operatorId}>Join the conditions with</label>
          <select
            {...inputProps(error, `${path}.operator`, operatorId)}
            value={group.operator}
            onChange={(event) => onChange({ ...group, operator: event.currentTarget.value })}
          >
            {groupOperators.map((operator) => (
              <option key={operator} value={operator}>
                {joinLabels[operator]}
              </option>
            ))}
          </select>
          <FieldErrors error={error} path={`${path}.operator`} id={`${operatorId}-error`} />
        </div>
        <button type="button" class="danger" onClick={onRemove}>
          Remove<span class="visually-hidden"> {name}</span>
        </button>
      </div>
      <ExactFieldErrors error={error} paths={[path, `${path}.conditions`]} id={`${idPrefix}-error`} />
      {conditions.length === 0 && <p class="muted">No conditions: the group matches every context.</p>}
      {conditions.map((condition, conditionIndex) => (
        <ConditionEditor
          key={condition.key}
          condition={condition}
          index={conditionIndex}
          count={conditions.length}
          groupName={name}
          onChange={(next) => setConditions(replaceAt(conditions, conditionIndex, next))}
          onMove={(offset) => setConditions(moveBy(conditions, conditionIndex, offset))}
          onRemove={() => setConditions(removeAt(conditions, conditionIndex))}
          error={error}
          path={`${path}.conditions.${conditionIndex}`}
          idPrefix={`${idPrefix}-condition-${conditionIndex}`}
        />
      ))}
      <button type="button" onClick={() => setConditions([...conditions, emptyCondition()])}>
        Add a condition<span class="visually-hidden"> to {name}</span>
      </button>
    </fieldset>
  );
}
