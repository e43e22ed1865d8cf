/** The organizations the signed-in principal belongs to, each with its projects. */
import type { OrganizationListItem } from '@flagplane/sdk';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { useDocumentTitle } from '../signed-in/page-announcer.js';
import { useApi } from '../signed-in/use-api.js';

export function OrganizationsPage() {
  const { state } = useApi(async ({ client }, signal) => {
    const organizations: OrganizationListItem[] = [];
    for await (const organization of client.orgs.list({ limit: 100 }, { signal }))
      organizations.push(organization);
    return organizations;
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
        <ul class="grid-2" aria-label="Organizations">
          {state.data.map((organization) => (
            <li key={organization.id} class="card">
              <h2>
                <a href={consolePaths.organization(organization.slug ?? organization.id)}>
                  {organization.name ?? organization.slug}
                </a>
              </h2>
              <p class="muted">
                <code>{organization.slug}</code>
                {organization.plan && <span class="badge">{organization.plan}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
