/**
 * Prerequisites: rows of a flag key and the variation key it must serve first (§9: at most 10, flags of
 * this project other than this one, no cycles). Flag keys matching what is typed are offered as
 * suggestions.
 */
import { useState } from 'preact/hooks';
import { ExactFieldErrors } from '../../components/field-props.js';
import { removeAt, replaceAt } from '../../components/list-edits.js';
import { TextField } from '../../components/text-field.js';
import { emptyPrerequisite, type PrerequisiteDraft } from './configuration-draft.js';
import type { FlagScope } from './flag-scope.js';
import { useFlagKeySuggestions } from './use-flag-key-suggestions.js';

export interface PrerequisitesEditorProps {
  readonly scope: FlagScope;
  readonly prerequisites: readonly PrerequisiteDraft[];
  readonly onChange: (prerequisites: readonly PrerequisiteDraft[]) => void;
  readonly error: unknown;
  readonly idPrefix: string;
}

export function PrerequisitesEditor({
  scope,
  prerequisites,
  onChange,
  error,
  idPrefix,
}: PrerequisitesEditorProps) {
  // The flag key typed last, in whichever row: the one list of suggestions serves the input in use.
  const [typed, setTyped] = useState('');
  const flagKeys = useFlagKeySuggestions(scope, typed);
  const listId = `${idPrefix}-flag-keys`;
  return (
    <fieldset class="prerequisites">
      <legend>Prerequisites</legend>
      <p class="muted">The flag is evaluated only when each of these flags serves the expected variation.</p>
      <datalist id={listId}>
        {flagKeys.map((key) => (
          <option key={key} value={key} />
        ))}
      </datalist>
      {prerequisites.length === 0 && <p class="muted">No prerequisites.</p>}
      {prerequisites.map((prerequisite, index) => {
        const path = `prerequisites.${index}`;
        const id = `${idPrefix}-prerequisite-${index}`;
        const update = (next: Partial<PrerequisiteDraft>) =>
          onChange(replaceAt(prerequisites, index, { ...prerequisite, ...next }));
        return (
          <div class="condition-row" key={prerequisite.key}>
            <TextField
              id={`${id}-flag`}
              label={`Prerequisite ${index + 1}: flag key`}
              path={`${path}.prerequisiteFlagKey`}
              error={error}
              list={listId}
              value={prerequisite.flagKey}
              onInput={(event) => {
                setTyped(event.currentTarget.value);
                update({ flagKey: event.currentTarget.value });
              }}
            />
            <TextField
              id={`${id}-variation`}
              label={`Prerequisite ${index + 1}: expected variation key`}
              path={`${path}.expectedVariationKey`}
              error={error}
              value={prerequisite.variationKey}
              onInput={(event) => update({ variationKey: event.currentTarget.value })}
            />
            <div class="field">
              <button type="button" onClick={() => onChange(removeAt(prerequisites, index))}>
                Remove<span class="visually-hidden"> prerequisite {index + 1}</span>
              </button>
            </div>
            <ExactFieldErrors error={error} paths={[path]} id={`${id}-error`} />
          </div>
        );
      })}
      <ExactFieldErrors error={error} paths={['prerequisites']} id={`${idPrefix}-prerequisites-error`} />
      <button type="button" onClick={() => onChange([...prerequisites, emptyPrerequisite()])}>
        Add a prerequisite
      </button>
    </fieldset>
  );
}
