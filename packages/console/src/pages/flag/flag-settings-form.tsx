/** Editing the flag's name, description, tags, client-side visibility and temporary mark: one `flags.update` call. */
import type { FlagUpdateParams } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import { FormFooter } from '../../components/form-footer.js';
import { DescriptionField, NameField } from '../../components/name-fields.js';
import { TextField } from '../../components/text-field.js';
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

  const field = (path: string) => ({ id: `flag-${path}`, path, error });

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
      <NameField {...field('name')} value={name} onInput={(event) => setName(event.currentTarget.value)} />
      <DescriptionField
        {...field('description')}
        rows={3}
        value={description}
        onInput={(event) => setDescription(event.currentTarget.value)}
      />
      <TextField
        {...field('tags')}
        label="Tags"
        hint={`${tagsHint} Empty removes every tag.`}
        value={tagsText}
        onInput={(event) => setTagsText(event.currentTarget.value)}
      />
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
      <FormFooter submitLabel="Save settings" pending={write.pending} onCancel={onCancel} />
    </form>
  );
}
