/** Editing the flag's name, description, tags, client-side visibility and temporary mark: one `flags.update` call. */
import type { FlagUpdateParams } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { ApiErrorMessage, FieldErrors } from '../../components/api-error-message.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { inputProps } from '../../components/field-props.js';
import { differsInContent } from '../../components/unsaved-changes.js';
import { useLeaveGuard } from '../../signed-in/leave-guard.js';
import { useWrite } from '../../signed-in/use-api.js';
import { confirmManagedChange, type FlagScope } from './flag-scope.js';
import { tagsHint, tagsOfText } from './tags-text.js';
import { temporaryHint } from './temporary-mark.js';

export interface FlagSettingsFormProps {
  readonly scope: FlagScope;
  readonly onSaved: () => void;
  readonly onCancel: () => void;
}

/** The settings as the form shows them. */
const formValues = (
  name: string,
  description: string,
  tags: readonly string[],
  clientSideVisible: boolean,
  temporary: boolean,
) => ({
  name,
  description,
  tags,
  clientSideVisible,
  temporary,
});

export function FlagSettingsForm({ scope, onSaved, onCancel }: FlagSettingsFormProps) {
  const { flag, org, project, flagKey } = scope;
  const [name, setName] = useState(flag.name ?? '');
  const [description, setDescription] = useState(flag.description ?? '');
  const [tagsText, setTagsText] = useState((flag.tags ?? []).join(', '));
  const [clientSideVisible, setClientSideVisible] = useState(flag.clientSideVisible);
  const [temporary, setTemporary] = useState(flag.temporary);
  const write = useWrite();
  const error = write.error;
  const edited = differsInContent(
    formValues(
      flag.name ?? '',
      flag.description ?? '',
      flag.tags ?? [],
      flag.clientSideVisible,
      flag.temporary,
    ),
    formValues(name, description, tagsOfText(tagsText), clientSideVisible, temporary),
  );
  useLeaveGuard(edited ? `your unsaved changes to the settings of ${flagKey}` : null);

  const save = async (event: Event) => {
    event.preventDefault();
    if (!(await confirmManagedChange(scope, `Flag ${flagKey}`))) return;
    const body: FlagUpdateParams = {
      // An untouched name is left out: a flag created without one has none, and "" is not a name.
      ...(name !== (flag.name ?? '') ? { name } : {}),
      description, // "" clears it (§3)
      tags: tagsOfText(tagsText), // [] clears them
      clientSideVisible,
      temporary,
    };
    const outcome = await write.run(({ client }) => client.flags.update(org, project, flagKey, body));
    if (outcome.ok) onSaved();
  };

  return (
    <form class="card" onSubmit={save} aria-label="Flag settings">
      <ApiErrorMessage error={error} />
      <div class="field">
        <label for="flag-name">Name</label>
        <input
          {...inputProps(error, 'name', 'flag-name')}
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
        />
        <FieldErrors error={error} path="name" id="flag-name-error" />
      </div>
      <div class="field">
        <label for="flag-description">Description</label>
        <textarea
          {...inputProps(error, 'description', 'flag-description')}
          rows={3}
          value={description}
          onInput={(event) => setDescription(event.currentTarget.value)}
        />
        <FieldErrors error={error} path="description" id="flag-description-error" />
      </div>
      <div class="field">
        <label for="flag-tags">Tags</label>
        <input
          {...inputProps(error, 'tags', 'flag-tags', 'flag-tags-hint')}
          value={tagsText}
          onInput={(event) => setTagsText(event.currentTarget.value)}
        />
        <p id="flag-tags-hint" class="muted">
          {tagsHint} Empty removes every tag.
        </p>
        <FieldErrors error={error} path="tags" id="flag-tags-error" />
      </div>
      <CheckboxField
        id="flag-client-side"
        path="clientSideVisible"
        error={error}
        label="Visible to client-side SDK keys"
        checked={clientSideVisible}
        onChange={setClientSideVisible}
      />
      <CheckboxField
        id="flag-temporary"
        path="temporary"
        error={error}
        label="Temporary"
        hint={temporaryHint}
        checked={temporary}
        onChange={setTemporary}
      />
      <div class="actions">
        <button type="button" onClick={onCancel} disabled={write.pending}>
          Cancel
        </button>
        <button type="submit" class="primary" disabled={write.pending}>
          {write.pending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}
