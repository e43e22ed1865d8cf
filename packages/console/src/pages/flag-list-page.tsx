/**
 * The flags of a project: search by key or name, a tag filter, archived flags on request, one column per
 * environment with its on/off switch, 50 flags a page (cursor pages: usable with 10,000 flags, since the
 * server filters and pages, and one `view=full` request brings every environment's state of a page).
 * New flag opens the creation form (a chunk loaded when first opened), as the list's `_actions` allow.
 */
import { useLocation } from 'preact-iso';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { useConfirm } from '../components/confirm-dialog.js';
import { Pager, useCursorPages } from '../components/cursor-pager.js';
import { useOnDemandForm } from '../components/on-demand-form.js';
import { leaveArrivalNotice } from '../signed-in/arrival-notice.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi } from '../signed-in/use-api.js';
import { EmptyFlagList } from './flag-list/empty-flag-list.js';
import {
  FlagFilters,
  type FlagFilterValues,
  flagFilterQuery,
  readFlagFilters,
} from './flag-list/flag-filters.js';
import {
  type FlagListData,
  type FlagListRequest,
  flagListKey,
  loadFlagList,
} from './flag-list/flag-list-data.js';
import { FlagRow } from './flag-list/flag-row.js';
import { useFlagToggle } from './flag-list/use-flag-toggle.js';

const newFlagButtonId = 'new-flag-button';
const firstFlagButtonId = 'first-flag-button';

export function FlagListPage({ org, project }: { readonly org: string; readonly project: string }) {
  const { query, route } = useLocation();
  const filters = readFlagFilters(query);
  // Other filters (the form, a link, the Flags tab, Back) start at the first page of their list: a cursor
  // leads on from where it was made, whatever the filters, so an old one would skip flags.
  const pages = useCursorPages(`${org}/${project}?${JSON.stringify(filters)}`);
  const cursor = pages.cursor;
  const request: FlagListRequest = { org, project, filters, cursor: cursor ?? null };
  const { state, replace } = useApi<FlagListData>(
    ({ client }, signal) => loadFlagList(client, request, signal),
    [org, project, filters.search, filters.tag, filters.archived, cursor],
    // A tab opened here: the first script asked already (first-page-requests.ts).
    { earlyKey: flagListKey(request) },
  );
  const { confirm, dialog } = useConfirm();
  const toggle = useFlagToggle({ org, project, confirm, replace });
  const form = useOnDemandForm(() => import('./new-flag/new-flag-form.js'));
  const NewFlagForm = form.module?.NewFlagForm;
  const createAction = state.data?.createAction;

  const applyFilters = (next: FlagFilterValues) => {
    const search = new URLSearchParams(flagFilterQuery(next)).toString();
    route(`${consolePaths.project(org, project)}${search ? `?${search}` : ''}`, true);
  };

  return (
    <ProjectLayout org={org} project={project} tab="flags">
      {dialog}
      <div class="toolbar">{form.openButton(newFlagButtonId, 'New flag', createAction)}</div>
      <ApiErrorMessage error={form.error} />
      {form.isOpen && NewFlagForm && (
        <section class="card" aria-labelledby="new-flag-title">
          <h2 id="new-flag-title">New flag</h2>
          <NewFlagForm
            org={org}
            project={project}
            confirm={confirm}
            onCancel={form.close}
            onCreated={(key) => {
              const path = consolePaths.flag(org, project, key);
              leaveArrivalNotice(
                path,
                `Flag ${key} created, off in every environment. Turn it on, or target it, in an environment below.`,
              );
              route(path);
            }}
          />
        </section>
      )}
      <FlagFilters values={filters} onApply={applyFilters} />
      <ApiErrorMessage error={toggle.error} />
      {state.status === 'failed' && <ApiErrorMessage error={state.error} />}
      <p class="loading" role="status">
        {state.status === 'loading' ? 'Loading flags…' : ''}
      </p>
      {state.status === 'ready' && (
        <>
          {state.data.changeRefusedReason && (
            <p class="muted">
              Switches are read-only for you, and you cannot create flags: {state.data.changeRefusedReason}
            </p>
          )}
          {state.data.flags.length === 0 ? (
            <EmptyFlagList
              org={org}
              project={project}
              filters={filters}
              pageNumber={pages.pageNumber}
              createButton={
                form.isOpen ? null : form.openButton(firstFlagButtonId, 'Create the first flag', createAction)
              }
            />
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
        </>
      )}
      <Pager label="Flags" pages={pages} list={state} always />
    </ProjectLayout>
  );
}
