/**
 * An organization's name, for breadcrumbs and headings, where the address holds only its slug. No
 * operation renames an organization (names come from the server's identity file, §17), so a name read
 * once stays right for the tab: each is asked for once, after the page's own requests (use-api.ts
 * `later`), and the pages that list organizations remember what they read.
 */
import type { OrganizationListItem } from '@flagplane/sdk';
import { useApi } from './use-api.js';

const names = new Map<string, string>();

/** Keeps the names of organizations a page read anyway (the organizations list, an organization page). */
export function rememberOrganizationName(organization: OrganizationListItem): void {
  if (organization.slug !== null && organization.name !== null)
    names.set(organization.slug, organization.name);
}

/** The organization's name; its slug until the name is known, or when it cannot be read. */
export function useOrganizationName(org: string): string {
  const known = names.get(org);
  const { state } = useApi(
    async ({ client }, signal) => {
      if (known !== undefined) return known;
      const organization = await client.orgs.retrieve(org, { signal });
      rememberOrganizationName(organization);
      return organization.name ?? org;
    },
    [org],
    { start: 'later' },
  );
  return state.data ?? known ?? org;
}
