/** One organization: its projects, each a link to its flags; and the organization's event log. */
import type { ProjectListItem } from '@flagplane/sdk';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { rememberOrganizationName } from '../signed-in/organization-name.js';
import { useDocumentTitle } from '../signed-in/page-announcer.js';
import { useApi } from '../signed-in/use-api.js';

export function OrganizationPage({ org }: { readonly org: string }) {
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
          {state.data.projects.length === 0 ? (
            <p>No projects yet. Create one with the API, the CLI or the CDKTF constructs.</p>
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
                    <td>
                      <code>{project.key}</code>
                    </td>
                    <td>{project.description}</td>
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
