/**
 * The targeting rules in evaluation order: add, remove, move up and down. The order of the list is the
 * order the save sends (§9: `rules` replaces the ordered list; stored rules keep their ids).
 */
import type { NestedVariation } from '@flagplane/contract';
import type { FlagEnvironment, SegmentListItem } from '@flagplane/sdk';
import { ActionButton } from '../../components/action-button.js';
import { ExactFieldErrors } from '../../components/field-props.js';
import { moveBy, removeAt, replaceAt } from '../../components/list-edits.js';
import { emptyRule, type RuleDraft } from './configuration-draft.js';
import { RuleEditor } from './rule-editor.js';

export interface RulesEditorProps {
  readonly configuration: FlagEnvironment;
  readonly variations: readonly NestedVariation[];
  readonly segments: readonly SegmentListItem[];
  readonly rules: readonly RuleDraft[];
  /** A new rule serves the default variation until another is chosen. */
  readonly defaultVariationId: string;
  readonly onChange: (rules: readonly RuleDraft[]) => void;
  readonly error: unknown;
  readonly idPrefix: string;
}

export function RulesEditor(props: RulesEditorProps) {
  const { configuration, variations, segments, rules, defaultVariationId, onChange, error, idPrefix } = props;
  const { createRule, reorderRules } = configuration._actions;
  return (
    <fieldset class="rules">
      <legend>Targeting rules</legend>
      <p class="muted">
        Evaluated in order by the targeted rollout strategy: the first rule that matches serves its variation;
        no match serves the default.
      </p>
      {rules.length === 0 && <p class="muted">No targeting rules.</p>}
      {rules.map((rule, index) => (
        <RuleEditor
          key={rule.key}
          rule={rule}
          index={index}
          count={rules.length}
          variations={variations}
          segments={segments}
          reorderAction={reorderRules}
          onChange={(next) => onChange(replaceAt(rules, index, next))}
          onMove={(offset) => onChange(moveBy(rules, index, offset))}
          onRemove={() => onChange(removeAt(rules, index))}
          error={error}
          idPrefix={`${idPrefix}-rule-${index}`}
        />
      ))}
      <ExactFieldErrors error={error} paths={['rules']} id={`${idPrefix}-rules-error`} />
      <ActionButton action={createRule} onClick={() => onChange([...rules, emptyRule(defaultVariationId)])}>
        Add a rule
      </ActionButton>
    </fieldset>
  );
}
