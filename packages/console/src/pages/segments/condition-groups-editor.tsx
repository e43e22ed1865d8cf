/**
 * The condition groups of a segment (§10, §11): groups are joined by AND, each group joins its conditions
 * by its own operator. Every input carries the API's messages for its path (`conditionGroups.0.conditions.1.values`).
 */
import type { ConditionOperator, GroupOperator } from '@flagplane/contract';
import { FieldErrors } from '../../components/api-error-message.js';
import { conditionOperators, groupOperators, valuesHint } from '../../components/condition-operators.js';
import { keptValuesNote, keptValuesText } from '../../components/condition-values.js';
import { ExactFieldErrors, inputProps } from '../../components/field-props.js';
import { type ConditionDraft, emptyCondition, emptyGroup, type GroupDraft } from './segment-draft.js';

/** Each option finishes the label "Group N holds when". */
const holdsWhenLabels: Readonly<Record<GroupOperator, string>> = {
  And: 'all its conditions hold (And)',
  Or: 'any of its conditions holds (Or)',
};

export interface ConditionGroupsEditorProps {
  /** Prefixes the ids of the inputs, unique in the page. */
  readonly idPrefix: string;
  readonly groups: readonly GroupDraft[];
  readonly onChange: (groups: readonly GroupDraft[]) => void;
  readonly error: unknown;
  readonly disabled: boolean;
}

export function ConditionGroupsEditor({
  idPrefix,
  groups,
  onChange,
  error,
  disabled,
}: ConditionGroupsEditorProps) {
  const updateGroup = (id: number, change: (group: GroupDraft) => GroupDraft) =>
    onChange(groups.map((group) => (group.id === id ? change(group) : group)));
  return (
    <fieldset disabled={disabled}>
      <legend>Conditions</legend>
      <p class="muted">
        A context whose key is not listed above is in the segment when every group holds. With no group, only
        the included keys are in it.
      </p>
      <ExactFieldErrors error={error} paths={['conditionGroups']} id={`${idPrefix}-groups-error`} />
      {groups.map((group, groupIndex) => (
        <fieldset key={group.id} class="card">
          <legend>Group {groupIndex + 1}</legend>
          <div class="field">
            <label for={`${idPrefix}-g${group.id}-operator`}>Group {groupIndex + 1} holds when</label>
            <select
              id={`${idPrefix}-g${group.id}-operator`}
              value={group.operator}
              onChange={(event) =>
                updateGroup(group.id, (current) => ({
                  ...current,
                  operator: event.currentTarget.value as GroupOperator,
                }))
              }
            >
              {groupOperators.map((operator) => (
                <option key={operator} value={operator}>
                  {holdsWhenLabels[operator]}
                </option>
              ))}
            </select>
          </div>
          <ExactFieldErrors
            error={error}
            paths={[`conditionGroups.${groupIndex}.conditions`]}
            id={`${idPrefix}-g${group.id}-conditions-error`}
          />
          {group.conditions.map((condition, conditionIndex) => (
            <ConditionRow
              key={condition.id}
              id={`${idPrefix}-g${group.id}-c${condition.id}`}
              label={`Condition ${conditionIndex + 1} of group ${groupIndex + 1}`}
              path={`conditionGroups.${groupIndex}.conditions.${conditionIndex}`}
              condition={condition}
              error={error}
              onChange={(next) =>
                updateGroup(group.id, (current) => ({
                  ...current,
                  conditions: current.conditions.map((item) => (item.id === condition.id ? next : item)),
                }))
              }
              onRemove={() =>
                updateGroup(group.id, (current) => ({
                  ...current,
                  conditions: current.conditions.filter((item) => item.id !== condition.id),
                }))
              }
            />
          ))}
          <div class="toolbar">
            <button
              type="button"
              onClick={() =>
                updateGroup(group.id, (current) => ({
                  ...current,
                  conditions: [...current.conditions, emptyCondition()],
                }))
              }
            >
              Add a condition to group {groupIndex + 1}
            </button>
            <button
              type="button"
              class="danger"
              onClick={() => onChange(groups.filter((item) => item.id !== group.id))}
            >
              Remove group {groupIndex + 1}
            </button>
          </div>
        </fieldset>
      ))}
      <button type="button" onClick={() => onChange([...groups, emptyGroup()])}>
        Add a condition group
      </button>
    </fieldset>
  );
}

interface ConditionRowProps {
  readonly id: string;
  readonly label: string;
  readonly path: string;
  readonly condition: ConditionDraft;
  readonly error: unknown;
  readonly onChange: (condition: ConditionDraft) => void;
  readonly onRemove: () => void;
}

function ConditionRow({ id, label, path, condition, error, onChange, onRemove }: ConditionRowProps) {
  const described = (field: string, hinted = false) =>
    inputProps(error, `${path}.${field}`, `${id}-${field}`, hinted ? `${id}-${field}-hint` : undefined);
  const kept = condition.keptValues;
  return (
    <fieldset class="condition-row">
      <legend class="visually-hidden">{label}</legend>
      <div class="field">
        <label for={`${id}-attribute`}>Attribute</label>
        <input
          value={condition.attribute}
          placeholder="country"
          {...described('attribute')}
          onInput={(event) => onChange({ ...condition, attribute: event.currentTarget.value })}
        />
        <FieldErrors error={error} path={`${path}.attribute`} id={`${id}-attribute-error`} />
      </div>
      <div class="field">
        <label for={`${id}-operator`}>Operator</label>
        <select
          value={condition.operator}
          {...described('operator')}
          onChange={(event) =>
            onChange({ ...condition, operator: event.currentTarget.value as ConditionOperator })
          }
        >
          {conditionOperators.map((operator) => (
            <option key={operator} value={operator}>
              {operator}
            </option>
          ))}
        </select>
        <FieldErrors error={error} path={`${path}.operator`} id={`${id}-operator-error`} />
      </div>
      <div class="field">
        <label for={`${id}-values`}>Values</label>
        <textarea
          rows={2}
          value={kept ? keptValuesText(kept) : condition.values}
          readOnly={kept !== null}
          {...described('values', true)}
          onInput={(event) => onChange({ ...condition, values: event.currentTarget.value })}
        />
        <p id={`${id}-values-hint`} class={kept ? 'notice' : 'muted'}>
          {kept ? keptValuesNote : valuesHint(condition.operator)}
        </p>
        <FieldErrors error={error} path={`${path}.values`} id={`${id}-values-error`} />
      </div>
      <div class="field">
        <label for={`${id}-negate`}>
          <input
            type="checkbox"
            id={`${id}-negate`}
            checked={condition.negate}
            onChange={(event) => onChange({ ...condition, negate: event.currentTarget.checked })}
          />{' '}
          Negate
        </label>
      </div>
      <button type="button" class="danger" aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove}>
        Remove
      </button>
    </fieldset>
  );
}
