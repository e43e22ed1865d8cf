/**
 * Creating a project (§7): key, name, description and the environments it starts with. A chunk of its
 * own, loaded when the form is first opened (organization-page.tsx). What was typed stays when the API
 * refuses it, with each message next to its input.
 */
import { ValidationError } from '@flagplane/sdk';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { useDraftForm } from '../../components/draft-form.js';
import { useFocusOnOpen } from '../../components/focus.js';
import { FormFooter } from '../../components/form-footer.js';
import { KeyField } from '../../components/key-field.js';
import { KeyTakenLink } from '../../components/key-taken-link.js';
import { DescriptionField, NameField } from '../../components/name-fields.js';
import { TextAreaField } from '../../components/text-field.js';
import { createBodyOf, emptyProjectDraft, environmentKeysOf, type ProjectDraft } from './project-draft.js';

export interface NewProjectFormProps {
  readonly org: string;
  /** The project was created: its key and its environments' keys, in order. */
  readonly onCreated: (key: string, environments: readonly string[]) => void;
  readonly onCancel: () => void;
}

const idPrefix = 'new-project';
const id = (field: string) => `${idPrefix}-${field}`;

export function NewProjectForm({ org, onCreated, onCancel }: NewProjectFormProps) {
  const {
    draft,
    write,
    submit,
    setText: set,
  } = useDraftForm<ProjectDraft>({
    idPrefix,
    initial: emptyProjectDraft,
    creating: true,
    submitLabel: 'Create project',
    save: ({ client }, saved) => client.projects.create(org, createBodyOf(saved)),
    onSaved: (saved) => onCreated(createBodyOf(saved).key, environmentKeysOf(saved)),
    onCancel,
  });
  const firstInput = useFocusOnOpen<HTMLInputElement>();
  const error = write.error;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="new-project-title">
      <ApiErrorMessage error={error} />
      <KeyField
        id={id('key')}
        inputRef={firstInput}
        value={draft.key}
        onInput={set('key')}
        error={error}
        hint={
          <>
            Lower-case letters, digits, <code>-</code> and <code>_</code>: what the API and the CLI name the
            project by. It cannot be changed later.
          </>
        }
      >
        <KeyTakenLink error={error} what="project" />
      </KeyField>
      <NameField
        id={id('name')}
        value={draft.name}
        placeholder="the key"
        onInput={set('name')}
        error={error}
      />
      <DescriptionField
        id={id('description')}
        value={draft.description}
        onInput={set('description')}
        error={error}
      />
      <TextAreaField
        id={id('environments')}
        label="Environments, one key a line"
        path="environments"
        error={error}
        hint={
          <>
            In this order. As given, they are the API's defaults, <code>development</code> (green) and{' '}
            <code>production</code> (red); other keys get grey. Every flag gets a configuration in each,
            turned off. More can be added later, on the project's Environments page.
          </>
        }
        messages={environmentMessages(error, environmentKeysOf(draft))}
        rows={3}
        value={draft.environments}
        spellcheck={false}
        onInput={set('environments')}
      />
      <FormFooter
        submitLabel="Create project"
        pending={write.pending}
        pendingText="Creating…"
        onCancel={onCancel}
      />
    </form>
  );
}

/**
 * The API's messages about the environments: about the list (`environments`: "a project needs at least
 * one environment") and about one of them (`environments.1.key`), said with its position and key.
 */
function environmentMessages(error: unknown, keys: readonly string[]): readonly string[] {
  if (!(error instanceof ValidationError)) return [];
  return Object.entries(error.fields).flatMap(([path, fieldMessages]) => {
    if (path === 'environments') return fieldMessages;
    const index = /^environments\.(\d+)/.exec(path)?.[1];
    if (index === undefined) return [];
    const key = keys[Number(index)];
    const which = `Environment ${Number(index) + 1}${key === undefined ? '' : ` (${key})`}`;
    return fieldMessages.map((message) => `${which}: ${message}`);
  });
}
