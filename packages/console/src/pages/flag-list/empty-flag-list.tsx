/**
 * What the flag list says when it shows no flag, by why: a project with no flags yet (what a flag is,
 * how to create one here or with the CLI), filters that match none (and the way back to every flag), or
 * a later page emptied since it was reached.
 */
import type { ComponentChildren } from 'preact';
import { CliWay, ensureFlagCommand } from '../../components/cli-commands.js';
import { consolePaths } from '../../signed-in/console-paths.js';
import { type FlagFilterValues, flagFilterQuery } from './flag-filters.js';

export interface EmptyFlagListProps {
  readonly org: string;
  readonly project: string;
  readonly filters: FlagFilterValues;
  readonly pageNumber: number;
  /** The button that opens the new-flag form; absent while the form is open. */
  readonly createButton: ComponentChildren;
}

/** True when the list is filtered: some flag may exist that the filters leave out. */
export const hasFlagFilters = (filters: FlagFilterValues) => Object.keys(flagFilterQuery(filters)).length > 0;

export function EmptyFlagList({ org, project, filters, pageNumber, createButton }: EmptyFlagListProps) {
  if (hasFlagFilters(filters)) {
    return (
      <p role="status">
        No flag matches these filters. <a href={consolePaths.project(org, project)}>Clear the filters</a>
      </p>
    );
  }
  if (pageNumber > 1) return <p role="status">No flags on this page any more.</p>;
  return (
    <div class="empty-state">
      <p role="status">
        <strong>No flags yet.</strong> A flag is a decision your code asks about at run time (show the new
        checkout?), answered per environment, and changed here without a deploy.
      </p>
      {createButton}
      <CliWay
        what="creates the Boolean flag new-feature"
        command={ensureFlagCommand(org, project, 'new-feature')}
      />
    </div>
  );
}
