/** Adding a variation (`variations.create`) or editing one (`variations.update`): key, name, value, description. */
import type { NestedVariation } from '@flagplane/contract';
import { useState } from 'preact/hooks';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { FormFooter } from '../../components/form-footer.js';
import { DescriptionField, NameField } from '../../components/name-fields.js';
import { TextAreaField, TextField } from '../../components/text-field.js';
import { differsInContent } from '../../components/unsaved-changes.js';
import { useLeaveGuard } from '../../signed-in/leave-guard.js';
import { useWrite } from '../../signed-in/use-api.js';
import { confirmManagedChange, type FlagScope } from './flag-scope.js';
import { valueHints } from './variation-values.js';

export interface VariationFormProps {
  readonly scope: FlagScope;
  /** The variation to edit; null to add one. */
  readonly variation: NestedVariation | null;
  readonly onSaved: (label: string) => void;
  readonly onCancel: () => void;
}

export function VariationForm({ scope, variation, onSaved, onCancel }: VariationFormProps) {
  const { flag, org, project, flagKey } = scope;
  const [key, setKey] = useState(variation?.key ?? '');
  const [name, setName] = useState(variation?.name ?? '');
  const [value, setValue] = useState(variation?.value ?? '');
  const [description, setDescription] = useState(variation?.description ?? '');
  const write = useWrite();
  const error = write.error;
  const adding = variation === null;
  const edited = differsInContent(
    [variation?.key ?? '', variation?.name ?? '', variation?.value ?? '', variation?.description ?? ''],
    [key, name, value, description],
  );
  useLeaveGuard(
    edited
      ? adding
        ? `the new variation of ${flagKey}, not added yet`
        : `your unsaved changes to the variation ${variation.key ?? variation.id}`
      : null,
  );

  const save = async (event: Event) => {
    event.preventDefault();
    if (!(await confirmManagedChange(scope, `Flag ${flagKey}`))) return;
    const outcome = await write.run(async ({ client }) => {
      if (variation === null) {
        await client.variations.create(org, project, flagKey, {
          key,
          name: name.trim() === '' ? null : name,
          value,
          description: description === '' ? null : description,
        });
      } else {
        await client.variations.update(org, project, flagKey, variation.id, {
          // Untouched properties are left out: a Boolean value cannot change, and "" is not a name.
          ...(name !== (variation.name ?? '') ? { name } : {}),
          ...(value !== (variation.value ?? '') ? { value } : {}),
          description,
        });
      }
    });
    if (outcome.ok) onSaved(variation?.key ?? key);
  };

  const typeHint = flag.type ? valueHints[flag.type] : null;
  const multiline = flag.type === 'Json' || value.includes('\n');
  const valueProps = {
    label: 'Value',
    hint: typeHint,
    value,
    readOnly: !adding && flag.type === 'Boolean',
    onInput: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      setValue(event.currentTarget.value),
  };
  const field = (path: string) => ({ id: `variation-${path}`, path, error });
  return (
    <form
      class="card"
      onSubmit={save}
      aria-label={adding ? 'New variation' : `Variation ${variation.key ?? ''}`}
    >
      <h3>{adding ? 'New variation' : `Edit the variation ${variation.key ?? variation.id}`}</h3>
      <ApiErrorMessage error={error} />
      {adding && (
        <TextField
          {...field('key')}
          label="Key"
          required
          value={key}
          onInput={(event) => setKey(event.currentTarget.value)}
        />
      )}
      <NameField {...field('name')} value={name} onInput={(event) => setName(event.currentTarget.value)} />
      {multiline ? (
        <TextAreaField {...field('value')} {...valueProps} rows={4} />
      ) : (
        <TextField {...field('value')} {...valueProps} />
      )}
      <DescriptionField
        {...field('description')}
        value={description}
        onInput={(event) => setDescription(event.currentTarget.value)}
      />
      <FormFooter
        submitLabel={adding ? 'Add the variation' : 'Save the variation'}
        pending={write.pending}
        onCancel={onCancel}
      />
    </form>
  );
}
