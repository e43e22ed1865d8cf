/** What the flag list asks the server for one page of flags: used by the page and by the early requests. */
import type { Action } from '@flagplane/contract';
import type { EnvironmentListItem, FlagListItem, FlagplaneClient } from '@flagplane/sdk';
import { refusalOf } from '../../components/action-button.js';
import { type FlagFilterValues, flagListParams } from './flag-filters.js';

export const flagsPerPage = 50;

export interface FlagListRequest {
  readonly org: string;
  readonly project: string;
  readonly filters: FlagFilterValues;
  /** The page after the first, from the previous page's next cursor. */
  readonly cursor: string | null;
}

export interface FlagListData {
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
  /** The page's `_actions.create`: whether this principal may create a flag here (New flag). */
  readonly createAction: Action | undefined;
}

/** The key of a request among early answers (early-answers.ts): equal requests, equal keys. */
export function flagListKey({ org, project, filters, cursor }: FlagListRequest): string {
  return JSON.stringify(['flag-list', org, project, filters.search, filters.tag, filters.archived, cursor]);
}

export async function loadFlagList(
  client: FlagplaneClient,
  { org, project, filters, cursor }: FlagListRequest,
  signal?: AbortSignal,
): Promise<FlagListData> {
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
    createAction: page.actions.create,
  };
}
