/**
 * One environment in the table: its name, key, position and SDK keys link, Edit and Delete as its
 * `_actions` allow, and its edit form in a row of its own underneath while editing.
 */
import type { Environment } from '@flagplane/sdk';
import { Fragment } from 'preact';
import { ActionButton } from '../../components/action-button.js';
import { ApiErrorMessage } from '../../components/api-error-message.js';
import { consolePaths } from '../../signed-in/console-paths.js';
import { defaultEnvironmentColor, EnvironmentForm, updateBodyOf } from './environment-form.js';

export const editEnvironmentButtonId = (environment: Environment) => `environment-${environment.id}-edit`;

export interface EnvironmentRowProps {
  readonly org: string;
  readonly project: string;
  readonly environment: Environment;
  readonly editing: boolean;
  readonly onEdit: () => void;
  /** The edit form closed, `saved` after a successful save. */
  readonly onEditDone: (saved: boolean) => void;
  /** Asked before an edit is saved (§20); see EnvironmentForm. */
  readonly confirmSave: () => Promise<boolean>;
  readonly onDelete: () => void;
  readonly deleting: boolean;
  /** Why the last delete of this environment failed (the last one of the project, …). */
  readonly deleteError: unknown;
}

export function EnvironmentRow(props: EnvironmentRowProps) {
  const {
    org,
    project,
    environment,
    editing,
    onEdit,
    onEditDone,
    confirmSave,
    onDelete,
    deleting,
    deleteError,
  } = props;
  const key = environment.key ?? environment.id;
  const createKey = environment._actions.createSdkKey;
  return (
    <Fragment>
      <tr>
        <td>
          <ColorSwatch color={environment.color} /> {environment.name ?? key}
        </td>
        <td data-label="Key">
          <code>{key}</code>
        </td>
        <td data-label="Position">{environment.sortOrder}</td>
        <td>
          <a
            href={consolePaths.sdkKeys(org, project, key)}
            title={
              createKey.allowed
                ? undefined
                : `You can see its keys, not create any: ${createKey.reason ?? 'not allowed.'}`
            }
          >
            SDK keys<span class="visually-hidden"> of {key}</span>
          </a>
        </td>
        <td>
          <div class="toolbar">
            <ActionButton
              id={editEnvironmentButtonId(environment)}
              action={environment._actions.update}
              onClick={onEdit}
            >
              Edit<span class="visually-hidden"> environment {key}</span>
            </ActionButton>
            <ActionButton
              action={environment._actions.delete}
              variant="danger"
              busy={deleting}
              onClick={onDelete}
            >
              Delete<span class="visually-hidden"> environment {key}</span>
            </ActionButton>
          </div>
          <ApiErrorMessage error={deleteError} />
        </td>
      </tr>
      {editing && (
        <tr>
          <td colSpan={5}>
            <h3>Edit environment {key}</h3>
            <EnvironmentForm
              idPrefix={`environment-${environment.id}`}
              subject={`the environment ${key}`}
              initial={{
                key,
                name: environment.name ?? '',
                color: environment.color ?? defaultEnvironmentColor,
                sortOrder: String(environment.sortOrder),
              }}
              creating={false}
              submitLabel="Save environment"
              save={({ client }, draft) =>
                client.environments.update(org, project, environment.id, updateBodyOf(draft))
              }
              confirmSave={confirmSave}
              onSaved={() => onEditDone(true)}
              onCancel={() => onEditDone(false)}
            />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** The environment's color, drawn with an SVG fill: the page's CSP allows no inline style. */
function ColorSwatch({ color }: { readonly color: string | null }) {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <rect width="12" height="12" rx="3" fill={color ?? defaultEnvironmentColor} />
    </svg>
  );
}
