/**
 * The environments of a project, in their order (§6: sortOrder, then key), each with a way to its SDK
 * keys; create, edit in place and delete, as each one's `_actions` allow (§14: never the last one).
 */
import type { Action } from '@flagplane/contract';
import { type Environment, type EnvironmentListItem, NotFoundError } from '@flagplane/sdk';
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { ActionButton } from '../components/action-button.js';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { focusLater } from '../components/focus.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi, useWrite } from '../signed-in/use-api.js';
import {
  createBodyOf,
  defaultEnvironmentColor,
  EnvironmentForm,
  emptyEnvironmentDraft,
  updateBodyOf,
} from './environments/environment-form.js';

interface EnvironmentsView {
  readonly environments: readonly Environment[];
  readonly createAction: Action | undefined;
}

const newButtonId = 'new-environment-button';
const editButtonId = (environment: Environment) => `environment-${environment.id}-edit`;

export function EnvironmentsPage({ org, project }: { readonly org: string; readonly project: string }) {
  const { state, reload } = useApi<EnvironmentsView>(
    async ({ client }, signal) => {
      // A project has few environments: all of them, in the API's order, on one page.
      const first = await client.environments.list(org, project, { limit: 200 }, { signal });
      const items: EnvironmentListItem[] = [];
      for await (const page of first.pages()) items.push(...page.items);
      // List items carry no `_actions` (§14: top-level only): each environment's own answer says what may
      // be done with it. One deleted in between is left out, not a failure of the whole page.
      const environments = await Promise.all(
        items.map((item) =>
          client.environments.retrieve(org, project, item.id, { signal }).catch((error: unknown) => {
            if (error instanceof NotFoundError) return null;
            throw error;
          }),
        ),
      );
      return {
        environments: environments.filter((item) => item !== null),
        createAction: first.actions.create,
      };
    },
    [org, project],
  );
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const remove = useWrite();
  const { confirm, dialog } = useConfirm();

  const startWith = (change: () => void) => {
    setNotice('');
    change();
  };
  const deleteEnvironment = async (environment: Environment) => {
    const key = environment.key ?? environment.id;
    const sure = await confirm(
      `Delete environment ${key}?`,
      `Every flag's configuration in ${key}, its targeting rules and its SDK keys go for good: applications using those keys stop getting flags.`,
      'Delete environment',
    );
    if (!sure) return;
    startWith(() => setDeletingId(environment.id));
    const outcome = await remove.run(({ client }) =>
      client.environments.delete(org, project, environment.id),
    );
    if (outcome.ok) {
      setNotice(`Environment ${key} deleted.`);
      reload();
    }
  };

  return (
    <ProjectLayout org={org} project={project} tab="environments" crumbs={[{ label: 'Environments' }]}>
      {dialog}
      <div class="toolbar">
        <ActionButton
          id={newButtonId}
          action={state.data?.createAction}
          variant="primary"
          onClick={() => startWith(() => setCreating(true))}
        >
          New environment
        </ActionButton>
      </div>
      <p role="status" class="muted">
        {notice}
      </p>
      {creating && (
        <section class="card" aria-labelledby="new-environment-title">
          <h2 id="new-environment-title">New environment</h2>
          <p class="muted">Every flag gets a configuration in it, turned off.</p>
          <EnvironmentForm
            idPrefix="new-environment"
            initial={emptyEnvironmentDraft}
            creating
            submitLabel="Create environment"
            save={({ client }, draft) => client.environments.create(org, project, createBodyOf(draft))}
            onSaved={() => {
              setCreating(false);
              setNotice('Environment created.');
              reload();
              focusLater(newButtonId);
            }}
            onCancel={() => {
              setCreating(false);
              focusLater(newButtonId);
            }}
          />
        </section>
      )}
      <section aria-labelledby="environments-title">
        <h2 id="environments-title">Environments</h2>
        {state.status === 'loading' && <p class="loading">Loading environments…</p>}
        {state.status === 'failed' && <ApiErrorMessage error={state.error} />}
        {state.status === 'ready' && state.data.environments.length === 0 && (
          <p>No environment is visible in this project.</p>
        )}
        {state.status === 'ready' && state.data.environments.length > 0 && (
          <table class="data">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Position</th>
                <th scope="col">SDK keys</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {state.data.environments.map((environment) => {
                const key = environment.key ?? environment.id;
                const createKey = environment._actions.createSdkKey;
                return (
                  <Fragment key={environment.id}>
                    <tr>
                      <td>
                        <ColorSwatch color={environment.color} /> {environment.name ?? key}
                      </td>
                      <td>
                        <code>{key}</code>
                      </td>
                      <td>{environment.sortOrder}</td>
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
                            id={editButtonId(environment)}
                            action={environment._actions.update}
                            onClick={() => startWith(() => setEditingId(environment.id))}
                          >
                            Edit<span class="visually-hidden"> environment {key}</span>
                          </ActionButton>
                          <ActionButton
                            action={environment._actions.delete}
                            variant="danger"
                            busy={remove.pending && deletingId === environment.id}
                            onClick={() => void deleteEnvironment(environment)}
                          >
                            Delete<span class="visually-hidden"> environment {key}</span>
                          </ActionButton>
                        </div>
                      </td>
                    </tr>
                    {editingId === environment.id && (
                      <tr>
                        <td colSpan={5}>
                          <h3>Edit environment {key}</h3>
                          <EnvironmentForm
                            idPrefix={`environment-${environment.id}`}
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
                            onSaved={() => {
                              setEditingId(null);
                              setNotice(`Environment ${key} saved.`);
                              reload();
                              focusLater(editButtonId(environment));
                            }}
                            onCancel={() => {
                              setEditingId(null);
                              focusLater(editButtonId(environment));
                            }}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        )}
        <ApiErrorMessage error={remove.error} />
      </section>
    </ProjectLayout>
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
