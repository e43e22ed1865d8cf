/**
 * Editing a configuration as a whole: strategy, default variation, weights, prerequisites and the ordered
 * rules, saved with ONE `flagEnvironments.update` (validated and applied atomically, §9). A refusal keeps
 * the form open with what was typed, its message above and each field's messages next to its input.
 */
import type { FlagEnvironment, SegmentListItem } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { ApiErrorMessage, FieldErrors } from '../../components/api-error-message.js';
import { inputProps } from '../../components/field-props.js';
import { useWrite } from '../../signed-in/use-api.js';
import { type ConfigurationDraft, draftOf, updateBodyOf } from './configuration-draft.js';
import { confirmManagedChange, type FlagScope } from './flag-scope.js';
import { PercentageRolloutEditor } from './percentage-rollout-editor.js';
import { PrerequisitesEditor } from './prerequisites-editor.js';
import { RulesEditor } from './rules-editor.js';
import { strategies, strategyLabels } from './strategies.js';
import { variationLabel } from './variations-section.js';

export interface FlagEnvironmentFormProps {
  readonly scope: FlagScope;
  readonly configuration: FlagEnvironment;
  readonly segments: readonly SegmentListItem[];
  readonly onSaved: () => void;
  readonly onCancel: () => void;
}

export function FlagEnvironmentForm({
  scope,
  configuration,
  segments,
  onSaved,
  onCancel,
}: FlagEnvironmentFormProps) {
  const { org, project, flagKey, flag } = scope;
  const envKey = configuration.environmentKey ?? configuration.environmentId;
  const [draft, setDraft] = useState<ConfigurationDraft>(() => draftOf(configuration, flag.variations));
  const write = useWrite();
  const error = write.error;
  const idPrefix = `env-${configuration.environmentId}`;
  const change = (next: Partial<ConfigurationDraft>) => setDraft((current) => ({ ...current, ...next }));

  const save = async (event: Event) => {
    event.preventDefault();
    if (!(await confirmManagedChange(scope, `The ${envKey} configuration of ${flagKey}`, envKey))) return;
    const body = updateBodyOf(draft, flag.variations);
    const outcome = await write.run(({ client }) =>
      client.flagEnvironments.update(org, project, flagKey, envKey, body),
    );
    if (outcome.ok) onSaved();
  };

  return (
    <form class="flag-environment-form" onSubmit={save} aria-label={`The ${envKey} configuration`} noValidate>
      <ApiErrorMessage error={error} />
      <div class="grid-2">
        <div class="field">
          <label for={`${idPrefix}-strategy`}>Strategy</label>
          <select
            {...inputProps(error, 'strategy', `${idPrefix}-strategy`)}
            value={draft.strategy}
            onChange={(event) => change({ strategy: event.currentTarget.value })}
          >
            {draft.strategy === '' && <option value="">Not set (left as it is)</option>}
            {strategies.map((strategy) => (
              <option key={strategy} value={strategy}>
                {strategyLabels[strategy]}
              </option>
            ))}
          </select>
          <FieldErrors error={error} path="strategy" id={`${idPrefix}-strategy-error`} />
        </div>
        <div class="field">
          <label for={`${idPrefix}-default`}>Default variation</label>
          <select
            {...inputProps(error, 'defaultVariationId', `${idPrefix}-default`)}
            value={draft.defaultVariationId}
            onChange={(event) => change({ defaultVariationId: event.currentTarget.value })}
          >
            {flag.variations.map((variation) => (
              <option key={variation.id} value={variation.id}>
                {variationLabel(variation)}
              </option>
            ))}
          </select>
          <FieldErrors error={error} path="defaultVariationId" id={`${idPrefix}-default-error`} />
        </div>
      </div>
      <PercentageRolloutEditor
        variations={flag.variations}
        weights={draft.weights}
        onChange={(weights) => change({ weights })}
        error={error}
        idPrefix={idPrefix}
      />
      <PrerequisitesEditor
        scope={scope}
        prerequisites={draft.prerequisites}
        onChange={(prerequisites) => change({ prerequisites })}
        error={error}
        idPrefix={idPrefix}
      />
      <RulesEditor
        configuration={configuration}
        variations={flag.variations}
        segments={segments}
        rules={draft.rules}
        defaultVariationId={draft.defaultVariationId}
        onChange={(rules) => change({ rules })}
        error={error}
        idPrefix={idPrefix}
      />
      <div class="actions">
        <button type="button" onClick={onCancel} disabled={write.pending}>
          Cancel
        </button>
        <button type="submit" class="primary" disabled={write.pending}>
          {write.pending ? 'Saving…' : `Save the ${envKey} configuration`}
        </button>
      </div>
    </form>
  );
}
