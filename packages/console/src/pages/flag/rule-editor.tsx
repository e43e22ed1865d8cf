/** One targeting rule: description, variation, rollout percentage, segment, and its condition groups. */
import type { Action, NestedVariation } from '@flagplane/contract';
import type { SegmentListItem } from '@flagplane/sdk';
import { ActionButton } from '../../components/action-button.js';
import { FieldErrors } from '../../components/api-error-message.js';
import { ExactFieldErrors, inputProps } from '../../components/field-props.js';
import { ConditionGroupEditor } from './condition-group-editor.js';
import { emptyGroup, type RuleDraft } from './configuration-draft.js';
import { removeAt, replaceAt } from './list-edits.js';
import { variationLabel } from './variations-section.js';

export interface RuleEditorProps {
  readonly rule: RuleDraft;
  readonly index: number;
  readonly count: number;
  readonly variations: readonly NestedVariation[];
  readonly segments: readonly SegmentListItem[];
  readonly reorderAction: Action;
  readonly onChange: (rule: RuleDraft) => void;
  readonly onMove: (offset: number) => void;
  readonly onRemove: () => void;
  readonly error: unknown;
  readonly idPrefix: string;
}

export function RuleEditor(props: RuleEditorProps) {
  const {
    rule,
    index,
    count,
    variations,
    segments,
    reorderAction,
    onChange,
    onMove,
    onRemove,
    error,
    idPrefix,
  } = props;
  const path = `rules.${index}`;
  const name = `rule ${index + 1}`;
  const change = (next: Partial<RuleDraft>) => onChange({ ...rule, ...next });
  const field = (suffix: string) => ({ path: `${path}.${suffix}`, id: `${idPrefix}-${suffix}` });
  const description = field('description');
  const variation = field('variationId');
  const rollout = field('rolloutPercentage');
  const segment = field('userSegmentId');
  // A segment the list does not hold (it could not be read) stays selectable, by its id.
  const segmentKnown = rule.userSegmentId === '' || segments.some((entry) => entry.id === rule.userSegmentId);
  return (
    <fieldset class="rule card">
      <legend>Rule {index + 1}</legend>
      <div class="toolbar">
        <ActionButton action={reorderAction} context={name} onClick={() => onMove(-1)} disabled={index === 0}>
          Move up
        </ActionButton>
        <ActionButton
          action={reorderAction}
          context={name}
          onClick={() => onMove(1)}
          disabled={index === count - 1}
        >
          Move down
        </ActionButton>
        <button type="button" class="danger" onClick={onRemove}>
          Remove<span class="visually-hidden"> {name}</span>
        </button>
      </div>
      <ExactFieldErrors error={error} paths={[path, `${path}.id`]} id={`${idPrefix}-error`} />
      <div class="field">
        <label for={description.id}>Description</label>
        <input
          {...inputProps(error, description.path, description.id)}
          value={rule.description}
          onInput={(event) => change({ description: event.currentTarget.value })}
        />
        <FieldErrors error={error} path={description.path} id={`${description.id}-error`} />
      </div>
      <div class="condition-row">
        <div class="field">
          <label for={variation.id}>Serve variation</label>
          <select
            {...inputProps(error, variation.path, variation.id)}
            value={rule.variationId}
            onChange={(event) => change({ variationId: event.currentTarget.value })}
          >
            {variations.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {variationLabel(entry)}
              </option>
            ))}
          </select>
          <FieldErrors error={error} path={variation.path} id={`${variation.id}-error`} />
        </div>
        <div class="field">
          <label for={rollout.id}>Rollout percentage</label>
          <input
            {...inputProps(error, rollout.path, rollout.id, `${rollout.id}-hint`)}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            class="flag-number-input"
            value={rule.rolloutPercentage}
            onInput={(event) => change({ rolloutPercentage: event.currentTarget.value })}
          />
          <p id={`${rollout.id}-hint`} class="muted">
            Empty: every matching context.
          </p>
          <FieldErrors error={error} path={rollout.path} id={`${rollout.id}-error`} />
        </div>
        <div class="field">
          <label for={segment.id}>Segment</label>
          <select
            {...inputProps(error, segment.path, segment.id)}
            value={rule.userSegmentId}
            onChange={(event) => change({ userSegmentId: event.currentTarget.value })}
          >
            <option value="">No segment</option>
            {!segmentKnown && <option value={rule.userSegmentId}>{rule.userSegmentId}</option>}
            {segments.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.name && entry.name !== entry.key
                  ? `${entry.key} (${entry.name})`
                  : (entry.key ?? entry.id)}
              </option>
            ))}
          </select>
          <FieldErrors error={error} path={segment.path} id={`${segment.id}-error`} />
        </div>
      </div>
      <p class="muted">
        Condition groups are joined by AND; a rule with no groups and no segment matches every context.
      </p>
      {rule.groups.map((group, groupIndex) => (
        <ConditionGroupEditor
          key={group.key}
          group={group}
          index={groupIndex}
          ruleName={name}
          onChange={(next) => change({ groups: replaceAt(rule.groups, groupIndex, next) })}
          onRemove={() => change({ groups: removeAt(rule.groups, groupIndex) })}
          error={error}
          path={`${path}.conditionGroups.${groupIndex}`}
          idPrefix={`${idPrefix}-group-${groupIndex}`}
        />
      ))}
      <ExactFieldErrors error={error} paths={[`${path}.conditionGroups`]} id={`${idPrefix}-groups-error`} />
      <button type="button" onClick={() => change({ groups: [...rule.groups, emptyGroup()] })}>
        Add a condition group<span class="visually-hidden"> to {name}</span>
      </button>
    </fieldset>
  );
}
