/**
 * The environments of a project, in their order (§6: sortOrder, then key), each with a way to its SDK
 * keys; create, edit in place and delete, as each one's `_actions` allow (§14: never the last one). In a
 * project managed by code (§20), every one of these changes asks first.
 */
import type { Action } from '@flagplane/contract';
import { type Environment, type EnvironmentListItem, NotFoundError } from '@flagplane/sdk';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { CreationSection, ListPageHead, useListPage } from '../components/list-page.js';
import { ManagedProjectNotice, type ProjectChildChange } from '../components/managed-badge.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi } from '../signed-in/use-api.js';
import { useProject } from '../signed-in/use-project.js';
import { createBodyOf, EnvironmentForm, emptyEnvironmentDraft } from './environments/environment-form.js';
import { EnvironmentRow, editEnvironmentButtonId } from './environments/environment-row.js';

interface EnvironmentsView {
  readonly environments: readonly Environment[];
  readonly createAction: Action | undefined;
}

const newButtonId = 'new-environment-button';

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
  const projectOfPage = useProject(org, project);
  const list = useListPage({ reload, newButtonId });
  const { confirm, dialog } = useConfirm();

  /** §20: a save in a project managed by code asks first; true when it may go ahead. */
  const confirmManaged = (change: ProjectChildChange, title: string, confirmLabel?: string) => () =>
    projectOfPage.askBefore(confirm, 'environment', change, { title, confirmLabel });
  const deleteEnvironment = (environment: Environment) => {
    const key = environment.key ?? environment.id;
    return list.remove(
      environment.id,
      () =>
        projectOfPage.askBefore(confirm, 'environment', 'delete', {
          title: `Delete environment ${key}?`,
          consequence: `Every flag's configuration in ${key}, its targeting rules and its SDK keys go for good: applications using those keys stop getting flags.`,
          confirmLabel: 'Delete environment',
          tone: 'destructive',
        }),
      ({ client }) => client.environments.delete(org, project, environment.id),
      `Environment ${key} deleted.`,
    );
  };

  return (
    <ProjectLayout
      org={org}
      project={project}
      projectState={projectOfPage.state}
      tab="environments"
      crumbs={[{ label: 'Environments' }]}
    >
      {dialog}
      <ManagedProjectNotice managedBy={projectOfPage.state.data?.managedBy} kinds="environments" />
      <ListPageHead
        newButtonId={newButtonId}
        newLabel="New environment"
        action={state.data?.createAction}
        onNew={list.openCreation}
        notice={list.notice}
      />
      {list.creating && (
        <CreationSection id="new-environment-title" title="New environment">
          <p class="muted">Every flag gets a configuration in it, turned off.</p>
          <EnvironmentForm
            idPrefix="new-environment"
            subject="the new environment"
            initial={emptyEnvironmentDraft}
            creating
            submitLabel="Create environment"
            save={({ client }, draft) => client.environments.create(org, project, createBodyOf(draft))}
            confirmSave={confirmManaged(
              'create',
              'Create an environment in a project code manages?',
              'Create anyway',
            )}
            onSaved={() => list.closeCreation('Environment created.')}
            onCancel={() => list.closeCreation()}
          />
        </CreationSection>
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
                return (
                  <EnvironmentRow
                    key={environment.id}
                    org={org}
                    project={project}
                    environment={environment}
                    editing={list.editingId === environment.id}
                    onEdit={() => list.startEditing(environment.id)}
                    onEditDone={(saved) =>
                      list.finishEditing(
                        editEnvironmentButtonId(environment),
                        saved ? `Environment ${key} saved.` : undefined,
                      )
                    }
                    confirmSave={confirmManaged('change', `Change environment ${key}?`)}
                    onDelete={() => void deleteEnvironment(environment)}
                    deleting={list.removing(environment.id)}
                    deleteError={list.removalErrorOf(environment.id)}
                  />
                );
              })}
            </tbody>
          </table>
        )}
      </section>
    </ProjectLayout>
  );
}
