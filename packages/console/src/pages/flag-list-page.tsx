/**
 * The flags of a project: search by key or name, a tag filter, archived flags on request, one column per
 * environment with its on/off switch, 50 flags a page (cursor pages: usable with 10,000 flags, since the
 * server filters and pages, and one `view=full` request brings every environment's state of a page).
 */
import type { EnvironmentListItem, FlagListItem } from '@flagplane/sdk';
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { refusalOf } from '../components/action-button.js';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi } from '../signed-in/use-api.js';
import {
  FlagFilters,
  type FlagFilterValues,
  flagFilterQuery,
  flagListParams,
  readFlagFilters,
} from './flag-list/flag-filters.js';
import { FlagRow } from './flag-list/flag-row.js';
import { useFlagToggle } from './flag-list/use-flag-toggle.js';

export const flagsPerPage = 50;

interface FlagListData {
  readonly environments: readonly EnvironmentListItem[];
  readonly flags: readonly FlagListItem[];
  readonly nextCursor: string | null;
  /**
   * Why this principal may not change flags here, or null. A list item carries no `_actions` (§14), and
   * one request per flag would defeat the list; the page's `_actions.create` needs the same role as a
   * toggle (Member), so its reason ("Requires role Member; you have Viewer.") is the one a toggle gets.
   * What else refuses a toggle is the flag's own state: an archived flag (flag-row.tsx).
   */
  readonly changeRefusedReason: string | null;
}

/** Where the list is: the filters it was opened with and the cursors leading to this page. */
interface Paging {
  readonly filtersKey: string;
  readonly cursor: string | undefined;
  /** The cursors of the pages before this one, for "Previous" (a cursor only leads forward). */
  readonly previousCursors: readonly (string | undefined)[];
}

export function FlagListPage({ org, project }: { readonly org: string; readonly project: string }) {
  const { query, route } = useLocation();
  const filters = readFlagFilters(query);
  const filtersKey = JSON.stringify(filters);
  const [paging, setPaging] = useState<Paging>({ filtersKey, cursor: undefined, previousCursors: [] });
  // Other filters (the form, a link, the Flags tab, Back): the first page of their list. A cursor leads
  // on from where it was made, whatever the filters, so an old one would skip flags.
  const { cursor, previousCursors } =
    paging.filtersKey === filtersKey ? paging : { cursor: undefined, previousCursors: [] };
  const { state, replace } = useApi<FlagListData>(
    async ({ client }, signal) => {
      // The flags first: the server answers in the order requests arrive, and they are the bigger answer.
      const [page, environments] = await Promise.all([
        client.flags.list(
          org,
          project,
          { ...flagListParams(filters), view: 'full', limit: flagsPerPage, ...(cursor ? { cursor } : {}) },
          { signal },
        ),
        client.environments.list(org, project, { limit: 100 }, { signal }),
      ]);
      return {
        environments: environments.items,
        flags: page.items,
        nextCursor: page.nextCursor,
        changeRefusedReason: refusalOf(page.actions.create),
      };
    },
    [org, project, filters.search, filters.tag, filters.archived, cursor],
  );
  const { confirm, dialog } = useConfirm();
  const toggle = useFlagToggle({ org, project, confirm, replace });

  const applyFilters = (next: FlagFilterValues) => {
    const search = new URLSearchParams(flagFilterQuery(next)).toString();
    route(`${consolePaths.project(org, project)}${search ? `?${search}` : ''}`, true);
  };

  return (
    <ProjectLayout org={org} project={project} tab="flags">
      {dialog}
      <FlagFilters values={filters} onApply={applyFilters} />
      <ApiErrorMessage error={toggle.error} />
      {state.status === 'failed' && <ApiErrorMessage error={state.error} />}
      <p class="loading" role="status">
        {state.status === 'loading' ? 'Loading flags…' : ''}
      </p>
      {state.status === 'ready' && (
        <>
          {state.data.changeRefusedReason && (
            <p class="muted">Switches are read-only for you: {state.data.changeRefusedReason}</p>
          )}
          {state.data.flags.length === 0 ? (
            <p role="status">No flag matches these filters.</p>
          ) : (
            <table class="data flag-list">
              <caption class="visually-hidden">Flags, with their state in each environment</caption>
              <thead>
                <tr>
                  <th scope="col">Flag</th>
                  <th scope="col">Type</th>
                  {state.data.environments.map((environment) => (
                    <th scope="col" key={environment.id}>
                      {environment.name ?? environment.key}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {state.data.flags.map((flag) => (
                  <FlagRow
                    key={flag.id}
                    org={org}
                    project={project}
                    flag={flag}
                    environments={state.data.environments}
                    changeRefusedReason={state.data.changeRefusedReason}
                    pendingToggles={toggle.pending}
                    onToggle={toggle.toggle}
                  />
                ))}
              </tbody>
            </table>
          )}
          <nav class="pager" aria-label="Pages of flags">
            <button
              type="button"
              disabled={previousCursors.length === 0}
              onClick={() =>
                setPaging({
                  filtersKey,
                  cursor: previousCursors[previousCursors.length - 1],
                  previousCursors: previousCursors.slice(0, -1),
                })
              }
            >
              Previous page
            </button>
            <span class="muted">Page {previousCursors.length + 1}</span>
            <button
              type="button"
              disabled={state.data.nextCursor === null}
              onClick={() =>
                setPaging({
                  filtersKey,
                  cursor: state.data.nextCursor ?? undefined,
                  previousCursors: [...previousCursors, cursor],
                })
              }
            >
              Next page
            </button>
          </nav>
        </>
      )}
    </ProjectLayout>
  );
}

export type { FlagListData };
