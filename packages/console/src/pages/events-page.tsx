/**
 * The event log (§19): every change made in an organization, or in one of its projects, newest first,
 * filtered by what the address says (`?flag=new-checkout&actor=…`), a page at a time.
 */
import { type Event, type Page, UnauthorizedError, ValidationError } from '@flagplane/sdk';
import { type EventNames, findEventNames } from '@flagplane/sdk/names';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { ApiErrorMessage } from '../components/api-error-message.js';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { consolePaths } from '../signed-in/console-paths.js';
import { useOrganizationName } from '../signed-in/organization-name.js';
import { useDocumentTitle } from '../signed-in/page-announcer.js';
import { ProjectLayout } from '../signed-in/project-layout.js';
import { useApi } from '../signed-in/use-api.js';
import { EventFilterForm } from './events/event-filter-form.js';
import {
  apiQuery,
  type EventFilters,
  eventsAddress,
  filterNames,
  filtersFromQuery,
} from './events/event-filters.js';
import { EventPageView } from './events/event-page-view.js';

export interface EventsPageProps {
  readonly org: string;
  /** Absent on the organization-wide log. */
  readonly project?: string;
}

export function EventsPage({ org, project }: EventsPageProps) {
  const log = <EventLog org={org} project={project} />;
  if (project) {
    // ProjectLayout names the tab (and its heading) after the project.
    return (
      <ProjectLayout org={org} project={project} tab="events" crumbs={[{ label: 'Events' }]}>
        {log}
      </ProjectLayout>
    );
  }
  return <OrganizationEventsPage org={org}>{log}</OrganizationEventsPage>;
}

/** The organization-wide log: its own heading and title (no project frame). */
function OrganizationEventsPage({
  org,
  children,
}: {
  readonly org: string;
  readonly children: ComponentChildren;
}) {
  const name = useOrganizationName(org);
  useDocumentTitle(`Events of ${name}`);
  return (
    <>
      <Breadcrumbs
        crumbs={[
          { label: 'Organizations', href: consolePaths.home() },
          { label: name, href: consolePaths.organization(org) },
          { label: 'Events' },
        ]}
      />
      <h1>Events</h1>
      <p class="muted">
        Every change made in the organization, by anyone, through the API, the CLI or this console.
      </p>
      {children}
    </>
  );
}

interface EventLogProps {
  readonly org: string;
  readonly project: string | undefined;
}

/** One answer of the list, tagged with the address it answers, so a newer address shows as loading. */
interface LoadedPage {
  readonly url: string;
  readonly page?: Page<Event>;
  readonly names?: EventNames;
  readonly error?: unknown;
}

function EventLog({ org, project }: EventLogProps) {
  const { url, query, route } = useLocation();
  const basePath = project ? consolePaths.projectEvents(org, project) : consolePaths.organizationEvents(org);
  // A project's log is that project's: a `project` in its address is ignored, not a second filter.
  const filters: EventFilters = { ...filtersFromQuery(query), ...(project ? { project: '' } : {}) };
  const cursor = query.cursor || undefined;
  const { state, reload } = useApi(
    async ({ client }, signal): Promise<LoadedPage> => {
      try {
        const scoped = project ? { ...filters, project } : filters;
        const page = await client.events.list(org, apiQuery(scoped, cursor), { signal });
        // Shown with the rows, not after them: a name replacing an id would move the table under a reader.
        const names = await findEventNames(client, org, page.items, { flag: filters.flag, signal });
        return { url, page, names };
      } catch (error) {
        // A 401 and an abort stay errors (useApi ends the session, or ignores the abort); any other is
        // this address's answer, shown next to the filters that caused it.
        if (error instanceof UnauthorizedError || signal.aborted) throw error;
        return { url, error };
      }
    },
    [org, project, url],
  );
  const current = state.data?.url === url ? state.data : undefined;
  const error = current?.error ?? state.error;

  // After a pager link, focus moves to the list's heading once the new rows are in (the link is gone).
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  useEffect(() => {
    if (current && focusHeading.current) {
      focusHeading.current = false;
      heading.current?.focus();
    }
  }, [current]);

  const hasFilters = filterNames.some((name) => filters[name] !== '');
  const newest = eventsAddress(basePath, filters);
  /** A `did_you_mean` of a refused filter replaces that filter; of an unknown organization, the organization. */
  const suggestionHref = (suggestion: string) => {
    const fields = error instanceof ValidationError ? error.fields : undefined;
    const refused = filterNames.find((name) => fields && name in fields);
    if (refused) return eventsAddress(basePath, { ...filters, [refused]: suggestion });
    return project
      ? consolePaths.projectEvents(suggestion, project)
      : consolePaths.organizationEvents(suggestion);
  };

  return (
    <>
      <section class="card" aria-labelledby="event-filters-heading">
        <h2 id="event-filters-heading">Filters</h2>
        <EventFilterForm
          filters={filters}
          error={error}
          showProject={!project}
          onApply={(next) => {
            const address = eventsAddress(basePath, next);
            // The same filters again: load again (new events may have come in).
            if (address === url) reload();
            else route(address);
          }}
        />
      </section>
      <section aria-labelledby="event-list-heading" aria-busy={current ? 'false' : 'true'}>
        <h2 id="event-list-heading" ref={heading} tabIndex={-1}>
          {cursor ? 'Older events' : 'Latest events'}
        </h2>
        {!current && !error && (
          <p class="loading" role="status">
            Loading events…
          </p>
        )}
        {error !== undefined && (
          <>
            <ApiErrorMessage error={error} suggestionHref={suggestionHref} />
            {cursor && (
              <p>
                <a href={newest}>Back to the newest events</a>
              </p>
            )}
          </>
        )}
        {current?.page && (
          <EventPageView
            org={org}
            page={current.page}
            names={current.names ?? new Map()}
            showProject={!project}
            isOlderPage={cursor !== undefined}
            onPage={() => {
              focusHeading.current = true;
            }}
            hrefs={{
              newest,
              older: (nextCursor) => eventsAddress(basePath, filters, nextCursor),
              filtered: (filter, value) => eventsAddress(basePath, { ...filters, [filter]: value }),
              unfiltered: hasFilters ? basePath : null,
            }}
          />
        )}
      </section>
    </>
  );
}
