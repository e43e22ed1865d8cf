/** One loaded page of the event log: how many, the table (or why it is empty), and the pager. */
import type { Event, Page } from '@flagplane/sdk';
import type { EventNames } from '@flagplane/sdk/names';
import { EventTable } from './event-table.js';

export interface EventPageHrefs {
  readonly newest: string;
  readonly older: (nextCursor: string) => string;
  readonly filtered: (filter: 'actor' | 'action', value: string) => string;
  /** The unfiltered log, when a filter is applied. */
  readonly unfiltered: string | null;
}

export interface EventPageViewProps {
  readonly org: string;
  readonly page: Page<Event>;
  readonly names: EventNames;
  readonly showProject: boolean;
  /** This page is an older one (the address has a cursor). */
  readonly isOlderPage: boolean;
  readonly hrefs: EventPageHrefs;
  /** Called when a pager link is followed, so the page can move focus to the new rows once they load. */
  readonly onPage: () => void;
}

export function EventPageView({
  org,
  page,
  names,
  showProject,
  isOlderPage,
  hrefs,
  onPage,
}: EventPageViewProps) {
  const count = page.items.length;
  const empty = hrefs.unfiltered
    ? 'No events match these filters.'
    : isOlderPage
      ? 'No older events.'
      : 'No events yet. Every change made through the API, the CLI or this console records one.';
  return (
    <>
      <p class="muted" role="status">
        {count === 0
          ? empty
          : `${count} ${count === 1 ? 'event' : 'events'}${page.nextCursor ? ', older ones on the next page' : ''}.`}
        {count === 0 && hrefs.unfiltered && (
          <>
            {' '}
            <a href={hrefs.unfiltered}>Show every event</a>
          </>
        )}
      </p>
      {count > 0 && (
        <EventTable
          org={org}
          events={page.items}
          names={names}
          showProject={showProject}
          filteredHref={hrefs.filtered}
        />
      )}
      {(isOlderPage || page.nextCursor) && (
        <nav class="pager" aria-label="Pages of events">
          {isOlderPage && (
            <a class="button" href={hrefs.newest} onClick={onPage}>
              Back to newest
            </a>
          )}
          {page.nextCursor && (
            <a class="button" href={hrefs.older(page.nextCursor)} onClick={onPage}>
              Older events
            </a>
          )}
        </nav>
      )}
    </>
  );
}
