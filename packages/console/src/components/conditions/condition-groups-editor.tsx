/**
 * The one editor of condition groups (§10), for a flag's targeting rules and a segment's conditions alike:
 * the groups (joined by AND), each with how it joins its conditions and the conditions in order, each
 * condition with move up, move down and remove. Every input carries the API's messages for its path
 * (`rules.1.conditionGroups.0.conditions.2.values`, `conditionGroups.0.operator`).
 */
import type { GroupOperator } from '@flagplane/contract';
import { ExactFieldErrors } from '../field-props.js';
import { moveBy, removeAt, replaceAt } from '../list-edits.js';
import { SelectField } from '../text-field.js';
import { ConditionEditor } from './condition-editor.js';
import { type ConditionGroupDraft, emptyCondition, emptyConditionGroup } from './condition-groups-draft.js';
import { groupOperators } from './condition-operators.js';

/** Each option finishes the label "Join the conditions with". */
const joinLabels: Readonly<Record<GroupOperator, string>> = {
  And: 'And: all must match',
  Or: 'Or: any may match',
};

/** What a group without conditions does: And of nothing holds, Or of nothing does not (the evaluator's). */
const emptyGroupNotes: Readonly<Record<GroupOperator, string>> = {
  And: 'No conditions: with And, the group matches every context.',
  Or: 'No conditions: with Or, the group matches no context.',
};

export interface ConditionGroupsEditorProps {
  readonly groups: readonly ConditionGroupDraft[];
  readonly onChange: (groups: readonly ConditionGroupDraft[]) => void;
  readonly error: unknown;
  /** The API's path of the list: `conditionGroups`, `rules.1.conditionGroups`. */
  readonly path: string;
  /** Prefixes the ids of the inputs, unique in the page. */
  readonly idPrefix: string;
  /** What holds the groups, when the page has several ("rule 2"): it tells their buttons apart. */
  readonly owner?: string;
}

export function ConditionGroupsEditor(props: ConditionGroupsEditorProps) {
  const { groups, onChange, error, path, idPrefix, owner } = props;
  return (
    <>
      {groups.map((group, index) => (
        <ConditionGroupEditor
          key={group.key}
          group={group}
          index={index}
          owner={owner}
          onChange={(next) => onChange(replaceAt(groups, index, next))}
          onRemove={() => onChange(removeAt(groups, index))}
          error={error}
          path={`${path}.${index}`}
          idPrefix={`${idPrefix}-group-${index}`}
        />
      ))}
      <ExactFieldErrors error={error} paths={[path]} id={`${idPrefix}-groups-error`} />
      <button type="button" onClick={() => onChange([...groups, emptyConditionGroup()])}>
        Add a condition group{owner && <span class="visually-hidden"> to {owner}</span>}
      </button>
    </>
  );
}

interface ConditionGroupEditorProps {
  readonly group: ConditionGroupDraft;
  readonly index: number;
  readonly owner: string | undefined;
  readonly onChange: (group: ConditionGroupDraft) => void;
  readonly onRemove: () => void;
  readonly error: unknown;
  /** The API's path of this group: `rules.1.conditionGroups.0`. */
  readonly path: string;
  readonly idPrefix: string;
}

function ConditionGroupEditor(props: ConditionGroupEditorProps) {
  const { group, index, owner, onChange, onRemove, error, path, idPrefix } = props;
  const name = owner ? `group ${index + 1} of ${owner}` : `group ${index + 1}`;
  const conditions = group.conditions;
  const setConditions = (next: ConditionGroupDraft['conditions']) => onChange({ ...group, conditions: next });
  return (
    <fieldset class="condition-group">
      <legend>Condition group {index + 1}</legend>
      <div class="toolbar">
        <SelectField
          id={`${idPrefix}-operator`}
          label="Join the conditions with"
          error={error}
          path={`${path}.operator`}
          value={group.operator}
          onChange={(event) => onChange({ ...group, operator: event.currentTarget.value as GroupOperator })}
        >
          {groupOperators.map((operator) => (
            <option key={operator} value={operator}>
              {joinLabels[operator]}
            </option>
          ))}
        </SelectField>
        <button type="button" class="danger" onClick={onRemove}>
          Remove<span class="visually-hidden"> {name}</span>
        </button>
      </div>
      <ExactFieldErrors error={error} paths={[path, `${path}.conditions`]} id={`${idPrefix}-error`} />
      {conditions.length === 0 && <p class="muted">{emptyGroupNotes[group.operator]}</p>}
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
