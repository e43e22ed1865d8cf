/**
 * Creating a flag (§8): key, name, description, type, variations (a Boolean flag's two fixed ones, shown;
 * the others' rows), the default variation, tags and client-side visibility, in one `flags.create`. A
 * chunk of its own, loaded when the form is first opened (flag-list-page.tsx). What was typed stays when
 * the API refuses it, with each message next to its input. In a project code manages (§20), it asks
 * first, as the other creation forms do.
 */
import { defaultBooleanVariations, FlagType } from '@flagplane/contract';
import { ApiErrorMessage, fieldMessages } from '../../components/api-error-message.js';
import { CheckboxField } from '../../components/checkbox-field.js';
import type { Confirm } from '../../components/confirm-dialog.js';
import { useDraftForm } from '../../components/draft-form.js';
import { FieldMessages } from '../../components/field-props.js';
import { useFocusOnOpen } from '../../components/focus.js';
import { FormFooter } from '../../components/form-footer.js';
import { KeyField } from '../../components/key-field.js';
import { KeyTakenLink } from '../../components/key-taken-link.js';
import { ManagedProjectNotice } from '../../components/managed-badge.js';
import { DescriptionField, NameField } from '../../components/name-fields.js';
import { SelectField, TextField } from '../../components/text-field.js';
import { useProject } from '../../signed-in/use-project.js';
import { tagsHint } from '../flag/tags-text.js';
import { temporaryHint } from '../flag/temporary-mark.js';
import { createBodyOf, emptyFlagDraft, type FlagDraft, variationKeysOf } from './flag-draft.js';
import { VariationRowsEditor } from './variation-rows-editor.js';

export interface NewFlagFormProps {
  readonly org: string;
  readonly project: string;
  /** The page's question dialog (useConfirm), for the question of a project code manages. */
  readonly confirm: Confirm;
  /** The flag was created: its key. */
  readonly onCreated: (key: string) => void;
  readonly onCancel: () => void;
}

/** What each type is for, next to its choice. A Record, so a type the contract adds is seen here. */
const typeDescriptions: Readonly<Record<FlagType, string>> = {
  Boolean: 'on or off: two fixed variations, true and false.',
  String: 'one of several texts: a label, a theme, an algorithm’s name.',
  Number: 'one of several numbers: a limit, a timeout, a percentage.',
  Json: 'one of several JSON documents: a whole configuration object.',
};

const booleanKeys = defaultBooleanVariations.map((variation) => variation.key);
const idPrefix = 'new-flag';
const id = (field: string) => `${idPrefix}-${field}`;

export function NewFlagForm({ org, project, confirm, onCreated, onCancel }: NewFlagFormProps) {
  const projectOfPage = useProject(org, project);
  const {
    draft,
    setDraft,
    write,
    submit,
    setText: set,
  } = useDraftForm<FlagDraft>({
    idPrefix,
    initial: emptyFlagDraft(),
    creating: true,
    submitLabel: 'Create flag',
    save: ({ client }, saved) => client.flags.create(org, project, createBodyOf(saved)),
    onSaved: (saved) => onCreated(createBodyOf(saved).key),
    onCancel,
  });
  const confirmThenSubmit = async (event: Event) => {
    event.preventDefault();
    const sure = await projectOfPage.askBefore(confirm, 'flag', 'create', {
      title: 'Create a flag in a project code manages?',
      confirmLabel: 'Create anyway',
    });
    if (sure) await submit(event);
  };
  const firstInput = useFocusOnOpen<HTMLInputElement>();
  const error = write.error;
  const field = (path: keyof FlagDraft) => ({ id: id(path), path, error });
  const defaultKeys = variationKeysOf(draft, booleanKeys);

  return (
    <form class="new-flag-form" onSubmit={confirmThenSubmit} noValidate aria-labelledby="new-flag-title">
      <ManagedProjectNotice managedBy={projectOfPage.state.data?.managedBy} kinds="flags" />
      <ApiErrorMessage error={error} />
      <div class="grid-2">
        <KeyField
          id={id('key')}
          inputRef={firstInput}
          value={draft.key}
          onInput={set('key')}
          error={error}
          hint={
            <>
              Letters, digits, <code>.</code>, <code>_</code> and <code>-</code>: what code asks for. It
              cannot be changed later.
            </>
          }
        >
          <KeyTakenLink error={error} what="flag" />
        </KeyField>
        <NameField
          id={id('name')}
          value={draft.name}
          placeholder="the key"
          onInput={set('name')}
          error={error}
        />
      </div>
      <DescriptionField
        id={id('description')}
        value={draft.description}
        onInput={set('description')}
        error={error}
      />
      <fieldset class="flag-types">
        <legend>Type</legend>
        {FlagType.options.map((type) => (
          <div class="flag-check" key={type}>
            <input
              type="radio"
              name={id('type')}
              id={id(`type-${type}`)}
              value={type}
              checked={draft.type === type}
              onChange={() => setDraft((current) => ({ ...current, type }))}
            />{' '}
            <label for={id(`type-${type}`)}>
              {type}
              <span class="muted">: {typeDescriptions[type]}</span>
            </label>
          </div>
        ))}
        <p class="muted">The type cannot be changed later.</p>
        <FieldMessages id={id('type')} messages={fieldMessages(error, 'type')} />
      </fieldset>
      {draft.type === 'Boolean' ? (
        <BooleanVariations />
      ) : (
        <VariationRowsEditor
          idPrefix={idPrefix}
          type={draft.type}
          rows={draft.rows}
          error={error}
          onChange={(change, moved) => {
            // The API names rows by index (`variations.1.value`): once rows come or go, its messages would
            // sit next to other rows, so they go. Typing in a row keeps them.
            if (moved) write.clearError();
            setDraft((current) => ({ ...current, rows: change(current.rows) }));
          }}
        />
      )}
      <div class="grid-2">
        <SelectField
          {...field('defaultVariationKey')}
          label="Default variation"
          hint="What every environment serves to begin with: while the flag is off, and when nothing else decides."
          value={draft.defaultVariationKey}
          onChange={(event) => {
            const defaultVariationKey = event.currentTarget.value;
            setDraft((current) => ({ ...current, defaultVariationKey }));
          }}
        >
          <option value="">
            {draft.type === 'Boolean' ? 'false (the API’s choice)' : 'The first variation (the API’s choice)'}
          </option>
          {defaultKeys.map((key) => (
            <option key={key} value={key}>
              {key}
            </option>
          ))}
          {draft.defaultVariationKey !== '' && !defaultKeys.includes(draft.defaultVariationKey) && (
            <option value={draft.defaultVariationKey}>
              {draft.defaultVariationKey} (no variation has this key now)
            </option>
          )}
        </SelectField>
        <TextField
          {...field('tags')}
          label="Tags"
          hint={`${tagsHint} The flag list filters by tag.`}
          value={draft.tags}
          autocomplete="off"
          spellcheck={false}
          onInput={set('tags')}
        />
      </div>
      <CheckboxField
        id={id('clientSideVisible')}
        path="clientSideVisible"
        error={error}
        label="Visible to client-side SDK keys"
        hint="Browsers and mobile apps, which hold client-side keys, see only the flags marked so."
        checked={draft.clientSideVisible}
        onChange={(clientSideVisible) => setDraft((current) => ({ ...current, clientSideVisible }))}
      />
      <CheckboxField
        id={id('temporary')}
        path="temporary"
        error={error}
        label="Temporary"
        hint={temporaryHint}
        checked={draft.temporary}
        onChange={(temporary) => setDraft((current) => ({ ...current, temporary }))}
      />
      <p class="muted">Created off in every environment: nothing changes for anyone until it is turned on.</p>
      <FormFooter
        submitLabel="Create flag"
        pending={write.pending}
        pendingText="Creating…"
        onCancel={onCancel}
      />
    </form>
  );
}

/** A Boolean flag's two variations: the API's own, shown as they will be, not editable. */
function BooleanVariations() {
  return (
    <section aria-labelledby={id('boolean-variations')}>
      <h3 id={id('boolean-variations')}>Variations</h3>
      <p class="muted">A Boolean flag always has these two; they cannot be changed or removed.</p>
      <table class="data">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {defaultBooleanVariations.map((variation) => (
            <tr key={variation.key}>
              <td>
                <code>{variation.key}</code>
              </td>
              <td>{variation.name}</td>
              <td>
                <code>{variation.value}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
