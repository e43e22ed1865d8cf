/** The organizations the signed-in principal belongs to, each with its projects. */
import type { OrganizationListItem, ProjectListItem } from '@flagplane/sdk';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { ManagedBadge } from '../components/managed-badge.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { rememberOrganizationName } from '../signed-in/organization-name.js';
import { useDocumentTitle } from '../signed-in/page-announcer.js';
import { useApi } from '../signed-in/use-api.js';

/** Projects listed in an organization's card; the organization's page lists them all. */
const projectsPerCard = 10;

interface OrganizationView {
  readonly organization: OrganizationListItem;
  /** The first projects, by the API's order. */
  readonly projects: readonly ProjectListItem[];
  /** More projects than the card lists. */
  readonly more: boolean;
}

export function OrganizationsPage() {
  const { state } = useApi(async ({ client }, signal) => {
    const organizations: OrganizationListItem[] = [];
    for await (const organization of client.orgs.list({ limit: 100 }, { signal })) {
      organizations.push(organization);
      rememberOrganizationName(organization);
    }
    // One request per organization, all at once: its first page of projects.
    return Promise.all(
      organizations.map(async (organization): Promise<OrganizationView> => {
        const page = await client.projects.list(
          organization.slug ?? organization.id,
          { limit: projectsPerCard },
          { signal },
        );
        return { organization, projects: page.items, more: page.nextCursor !== null };
      }),
    );
  }, []);
  useDocumentTitle('Organizations');
  return (
    <>
      <h1>Organizations</h1>
      <p class="loading" role="status">
        {state.status === 'loading' ? 'Loading organizations…' : ''}
      </p>
      {state.status === 'failed' && <ApiErrorMessage error={state.error} />}
      {state.status === 'ready' && state.data.length === 0 && <p>This token belongs to no organization.</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <ul class="grid-2 card-list" aria-label="Organizations">
          {state.data.map((view) => (
            <OrganizationCard key={view.organization.id} view={view} />
          ))}
        </ul>
      )}
    </>
  );
}

function OrganizationCard({ view }: { readonly view: OrganizationView }) {
  const { organization, projects, more } = view;
  const org = organization.slug ?? organization.id;
  const name = organization.name ?? org;
  return (
    <li class="card">
      <h2>
        <a href={consolePaths.organization(org)}>{name}</a>
      </h2>
      <p class="muted">
        <code>{organization.slug}</code>
        {organization.plan && <span class="badge">{organization.plan}</span>}
      </p>
      {projects.length === 0 ? (
        <p>No projects yet.</p>
      ) : (
        <ul class="card-list" aria-label={`Projects of ${name}`}>
          {projects.map((project) => (
            <li key={project.id}>
              <a href={consolePaths.project(org, project.key ?? project.id)}>{project.name ?? project.key}</a>
              <ManagedBadge managedBy={project.managedBy} />
            </li>
          ))}
        </ul>
      )}
      {more && (
        <p>
          <a href={consolePaths.organization(org)}>Every project of {name}</a>
        </p>
      )}
    </li>
  );
}
