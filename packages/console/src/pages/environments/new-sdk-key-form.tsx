/**
 * Creating an SDK key (§12): a name, a description and its type. The answer (with the key's only
 * plaintext) goes straight to `onCreated`: this form keeps nothing of it.
 */
import type { SdkKeyType } from '@flagplane/contract';
import type { SdkKeyCreated } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { useFocusOnOpen } from '../../components/focus.js';
import { FormFooter } from '../../components/form-footer.js';
import { DescriptionField, NameField } from '../../components/name-fields.js';
import { SelectField } from '../../components/text-field.js';
import { useLeaveGuard } from '../../signed-in/leave-guard.js';
import { useWrite } from '../../signed-in/use-api.js';

export interface NewSdkKeyFormProps {
  readonly org: string;
  readonly project: string;
  readonly env: string;
  readonly onCreated: (created: SdkKeyCreated) => void;
  readonly onCancel: () => void;
  /** Asked before creating (a project managed by code, §20); false keeps the form as typed. */
  readonly confirmCreate?: () => Promise<boolean>;
}

/** Every type with what it is for; a Record, so the compiler sees a type the contract adds. */
const typeDescriptions: Readonly<Record<SdkKeyType, string>> = {
  ServerSide: 'Server-side: for back-end SDKs; reads every flag. Keep it secret.',
  ClientSide: 'Client-side: for browsers and mobile apps; sees only flags visible to client-side SDKs.',
};

export function NewSdkKeyForm({ org, project, env, onCreated, onCancel, confirmCreate }: NewSdkKeyFormProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<SdkKeyType>('ServerSide');
  const write = useWrite();
  const firstInput = useFocusOnOpen<HTMLInputElement>();
  const edited = name !== '' || description !== '' || type !== 'ServerSide';
  useLeaveGuard(edited ? 'the new SDK key you started, not created yet' : null);

  const field = (path: string) => ({ id: `new-sdk-key-${path}`, path, error: write.error });

  const submit = async (event: Event) => {
    event.preventDefault();
    if (confirmCreate && !(await confirmCreate())) return;
    const outcome = await write.run(({ client }) =>
      client.sdkKeys.create(org, project, env, {
        // Left empty, the name is the API's default ("ServerSide key").
        name: name.trim() === '' ? null : name,
        description: description === '' ? null : description,
        type,
      }),
    );
    if (outcome.ok) onCreated(outcome.value);
  };

  return (
    <form onSubmit={submit} noValidate>
      <ApiErrorMessage error={write.error} />
      <NameField
        {...field('name')}
        ref={firstInput}
        value={name}
        placeholder={`${type} key`}
        onInput={(event) => setName(event.currentTarget.value)}
      />
      <DescriptionField
        {...field('description')}
        value={description}
        onInput={(event) => setDescription(event.currentTarget.value)}
      />
      <SelectField
        {...field('type')}
        label="Type"
        hint={typeDescriptions[type]}
        value={type}
        onChange={(event) => setType(event.currentTarget.value as SdkKeyType)}
      >
        {Object.keys(typeDescriptions).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <FormFooter
        submitLabel="Create SDK key"
        pending={write.pending}
        pendingText="Creating…"
        onCancel={onCancel}
      />
    </form>
  );
}
