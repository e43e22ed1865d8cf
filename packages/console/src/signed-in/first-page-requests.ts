/**
 * The first script's head start (main.tsx): when the tab already holds a token and the address is a
 * project's flag list (the page people open, and reload, most), that page's requests start at once, while
 * the console's code loads, instead of after it. The page takes the answers (early-answers.ts). Measured
 * by the bench's console-flag-list scenario: the requests leave ~15 ms sooner.
 */
import { exec } from 'preact-iso/router';
import { readFlagFilters } from '../pages/flag-list/flag-filters.js';
import { type FlagListRequest, flagListKey, loadFlagList } from '../pages/flag-list/flag-list-data.js';
import { consoleClient } from './console-client.js';
import { consoleRoutes } from './console-paths.js';
import { startEarly } from './early-answers.js';

/** Starts the requests of the page at `address`, if it is one that has them; their answer, settled. */
export function startFirstPageRequests(token: string, address: URL): Promise<unknown> | undefined {
  // The path as the router sees it (preact-iso's LocationProvider drops trailing slashes).
  const path = address.pathname.replace(/\/+$/g, '') || '/';
  const { org, project } = exec(path, consoleRoutes.flagList)?.params ?? {};
  if (!org || !project) return undefined;
  const request: FlagListRequest = {
    org,
    project,
    filters: readFlagFilters(Object.fromEntries(address.searchParams)),
    cursor: null,
  };
  return startEarly(flagListKey(request), () => loadFlagList(consoleClient(token), request));
}
