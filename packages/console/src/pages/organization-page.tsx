/**
 * One organization: its projects, each a link to its flags; creating a project, as the organization's
 * `_actions` allow (the form is a chunk loaded when opened); and the organization's event log.
 */
import type { ProjectListItem } from '@flagplane/sdk';
import { useLocation } from 'preact-iso';
import { refusalOf } from '../components/action-button.js';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { CliWay, ensureProjectCommand } from '../components/cli-commands.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { useOnDemandForm } from '../components/on-demand-form.js';
import { leaveArrivalNotice } from '../signed-in/arrival-notice.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { rememberOrganizationName } from '../signed-in/organization-name.js';
import { useDocumentTitle } from '../signed-in/page-announcer.js';
import { useApi } from '../signed-in/use-api.js';

const newProjectButtonId = 'new-project-button';
const firstProjectButtonId = 'first-project-button';

export function OrganizationPage({ org }: { readonly org: string }) {
  const { route } = useLocation();
  const { state } = useApi(
    async ({ client }, signal) => {
      const [organization, projects] = await Promise.all([
        client.orgs.retrieve(org, { signal }),
        (async () => {
          const items: ProjectListItem[] = [];
          for await (const project of client.projects.list(org, { limit: 100 }, { signal }))
            items.push(project);
          return items;
        })(),
      ]);
      rememberOrganizationName(organization);
      return { organization, projects };
    },
    [org],
  );
  const name = state.data?.organization.name ?? org;
  useDocumentTitle(name);
  const form = useOnDemandForm(() => import('./organization/new-project-form.js'));
  const createAction = state.data?.organization._actions.createProject;
  const refusal = refusalOf(createAction);
  const NewProjectForm = form.module?.NewProjectForm;

  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Organizations', href: consolePaths.home() }, { label: name }]} />
      <h1>{name}</h1>
      <p>
        <a href={consolePaths.organizationEvents(org)}>Events of the whole organization</a>
      </p>
      <p class="loading" role="status">
        {state.status === 'loading' ? 'Loading projects…' : ''}
      </p>
      {state.status === 'failed' && <ApiErrorMessage error={state.error} />}
      {state.status === 'ready' && (
        <section aria-labelledby="projects-heading">
          <h2 id="projects-heading">Projects</h2>
          <div class="toolbar">
            {form.openButton(newProjectButtonId, 'New project', createAction)}
            {refusal && <span class="muted">You cannot create projects here: {refusal}</span>}
          </div>
          <ApiErrorMessage error={form.error} />
          {form.isOpen && NewProjectForm && (
            <section class="card" aria-labelledby="new-project-title">
              <h3 id="new-project-title">New project</h3>
              <NewProjectForm
                org={org}
                onCancel={form.close}
                onCreated={(key, environments) => {
                  const path = consolePaths.project(org, key);
                  leaveArrivalNotice(
                    path,
                    `Project ${key} created, with the environments ${environments.join(', ')}. ` +
                      'Create its first flag below.',
                  );
                  route(path);
                }}
              />
            </section>
          )}
          {state.data.projects.length === 0 ? (
            <div class="empty-state">
              <p>
                <strong>No projects yet.</strong> A project holds feature flags and the environments they are
                configured in (development, production…). Create one here, and land on its flags.
              </p>
              {!form.isOpen &&
                form.openButton(firstProjectButtonId, 'Create the first project', createAction)}
              <CliWay what="creates project web" command={ensureProjectCommand(org, 'web')} />
            </div>
          ) : (
            <table class="data">
              <thead>
                <tr>
                  <th scope="col">Project</th>
                  <th scope="col">Key</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {state.data.projects.map((project) => (
                  <tr key={project.id}>
                    <td>
                      <a href={consolePaths.project(org, project.key ?? project.id)}>
                        {project.name ?? project.key}
                      </a>
                      <ManagedBadge managedBy={project.managedBy} />
                    </td>
                    <td data-label="Key">
                      <code>{project.key}</code>
                    </td>
                    <td data-label="Description">{project.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </>
  );
}
