/** One targeting rule: description, variation, rollout percentage, segment, and its condition groups. */
import type { Action, NestedVariation } from '@flagplane/contract';
import type { SegmentListItem } from '@flagplane/sdk';
import { ActionButton } from '../../components/action-button.js';
import { ConditionGroupsEditor } from '../../components/conditions/condition-groups-editor.js';
import { ExactFieldErrors } from '../../components/field-props.js';
import { SelectField, TextField } from '../../components/text-field.js';
import type { RuleDraft } from './configuration-draft.js';
import { percentInput } from './percentage-rollout-editor.js';
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
  const field = (property: string) => ({ path: `${path}.${property}`, id: `${idPrefix}-${property}`, error });
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
      <TextField
        {...field('description')}
        label="Description"
        value={rule.description}
        onInput={(event) => change({ description: event.currentTarget.value })}
      />
      <div class="condition-row">
        <SelectField
          {...field('variationId')}
          label="Serve variation"
          value={rule.variationId}
          onChange={(event) => change({ variationId: event.currentTarget.value })}
        >
          {variations.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {variationLabel(entry)}
            </option>
          ))}
        </SelectField>
        <TextField
          {...field('rolloutPercentage')}
          label="Rollout percentage"
          hint="Empty: every matching context."
          {...percentInput}
          value={rule.rolloutPercentage}
          onInput={(event) => change({ rolloutPercentage: event.currentTarget.value })}
        />
        <SelectField
          {...field('userSegmentId')}
          label="Segment"
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
        </SelectField>
      </div>
      <p class="muted">
        Condition groups are joined by AND; a rule with no groups and no segment matches every context.
      </p>
      <ConditionGroupsEditor
        groups={rule.groups}
        onChange={(groups) => change({ groups })}
        error={error}
        path={`${path}.conditionGroups`}
        idPrefix={idPrefix}
        owner={name}
      />
    </fieldset>
  );
}
