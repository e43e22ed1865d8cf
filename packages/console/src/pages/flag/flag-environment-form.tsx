/**
 * Editing a configuration as a whole: strategy, default variation, weights, prerequisites and the ordered
 * rules, saved with ONE `flagEnvironments.update` (validated and applied atomically, §9). A refusal keeps
 * the form open with what was typed, its message above and each field's messages next to its input.
 * The save replaces whole lists, so it first reads the configuration again: when someone changed what
 * the save would replace since the form opened, it asks before replacing their change.
 */
import type { FlagEnvironment, SegmentListItem } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { FormFooter } from '../../components/form-footer.js';
import { listOf } from '../../components/list-of.js';
import { SelectField } from '../../components/text-field.js';
import { differsInContent } from '../../components/unsaved-changes.js';
import { useLeaveGuard } from '../../signed-in/leave-guard.js';
import { useWrite } from '../../signed-in/use-api.js';
import { replacedChanges } from './configuration-changes.js';
import { type ConfigurationDraft, draftOf, rowsOf, updateBodyOf } from './configuration-draft.js';
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
  // What the form started from: the draft is made of it, and the save checks it is still what is stored.
  const [snapshot, setSnapshot] = useState(configuration);
  const [draft, setDraft] = useState<ConfigurationDraft>(() => draftOf(configuration, flag.variations));
  /** The configuration as read at a save the person then cancelled because it had changed. */
  const [newer, setNewer] = useState<FlagEnvironment | null>(null);
  const write = useWrite();
  const error = write.error;
  const idPrefix = `env-${configuration.environmentId}`;
  const edited = differsInContent(draftOf(snapshot, flag.variations), draft);
  useLeaveGuard(edited ? `your unsaved changes to the ${envKey} configuration of ${flagKey}` : null);
  const change = (next: Partial<ConfigurationDraft>) => {
    // The API names rows by index (`rules.1…`): once rows are added, removed or moved, its messages
    // would sit next to other rows, so they go. Typing in a row keeps them.
    if (rowsOf({ ...draft, ...next }) !== rowsOf(draft)) write.clearError();
    setDraft((current) => ({ ...current, ...next }));
  };

  const save = async (event: Event) => {
    event.preventDefault();
    if (!(await confirmManagedChange(scope, `The ${envKey} configuration of ${flagKey}`, envKey))) return;
    const body = updateBodyOf(draft, snapshot.percentageRollout);
    const current = await write.run(({ client }) =>
      client.flagEnvironments.retrieve(org, project, flagKey, envKey),
    );
    if (!current.ok) return;
    const changed = replacedChanges(snapshot, current.value, body);
    if (changed.length > 0) {
      const replace = await scope.confirm(
        'The configuration changed since you opened it',
        `Since you opened this form, someone changed ${listOf(changed)} of the ${envKey} configuration. ` +
          `Saving replaces ${changed.length === 1 ? 'it' : 'them'} with what this form holds.`,
        'Save and replace',
      );
      if (!replace) {
        setNewer(current.value);
        return;
      }
      setSnapshot(current.value);
    }
    setNewer(null);
    const outcome = await write.run(({ client }) =>
      client.flagEnvironments.update(org, project, flagKey, envKey, body),
    );
    if (outcome.ok) onSaved();
  };

  /** Drops what was typed for the configuration as it is now stored (after a cancelled save). */
  const loadNewer = () => {
    if (!newer) return;
    setSnapshot(newer);
    setDraft(draftOf(newer, flag.variations));
    setNewer(null);
    write.clearError();
    scope.reload(); // the page's view and `_actions` of this configuration, as stored now
  };

  return (
    <form class="flag-environment-form" onSubmit={save} aria-label={`The ${envKey} configuration`} noValidate>
      <ApiErrorMessage error={error} />
      <div class="grid-2">
        <SelectField
          id={`${idPrefix}-strategy`}
          label="Strategy"
          path="strategy"
          error={error}
          value={draft.strategy}
          onChange={(event) => change({ strategy: event.currentTarget.value })}
        >
          {draft.strategy === '' && <option value="">Not set (left as it is)</option>}
          {strategies.map((strategy) => (
            <option key={strategy} value={strategy}>
              {strategyLabels[strategy]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${idPrefix}-default`}
          label="Default variation"
          path="defaultVariationId"
          error={error}
          value={draft.defaultVariationId}
          onChange={(event) => change({ defaultVariationId: event.currentTarget.value })}
        >
          {flag.variations.map((variation) => (
            <option key={variation.id} value={variation.id}>
              {variationLabel(variation)}
            </option>
          ))}
        </SelectField>
      </div>
      <PercentageRolloutEditor
        variations={flag.variations}
        weights={draft.weights}
        onChange={(weights) => change({ weights })}
        stored={snapshot.percentageRollout !== null}
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
      <p role="status" class={newer ? 'notice' : 'muted'}>
        {newer
          ? `Not saved: the ${envKey} configuration changed since you opened this form. What you typed is still here.`
          : ''}
      </p>
      {newer && (
        <button type="button" onClick={loadNewer}>
          Discard my changes and load the current configuration
        </button>
      )}
      {/* The update action, not only the Edit button: the flag may be archived while the form is open. */}
      <FormFooter
        submitLabel={`Save the ${envKey} configuration`}
        submitAction={configuration._actions.update}
        pending={write.pending}
        onCancel={onCancel}
      />
    </form>
  );
}
