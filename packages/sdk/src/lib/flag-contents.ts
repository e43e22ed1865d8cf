/**
 * Names that live inside flags (variation keys, rule descriptions), read from a project's flags with their
 * variations and configurations (`view=full`, §8): a page of 200 in key order at a time, until the caller
 * has found what it looks for. One listing answers every id a page or a report shows, instead of a
 * request per id (the console's playground and event log, `flagplane log`).
 */
import type { FlagListItem } from '../generated/types.js';
import type { FlagplaneClient } from './flagplane-client.js';

/** A targeting rule where it is: its flag, environment and place in the order. */
export interface RulePlace {
  readonly description: string | null;
  /** 0-based, in evaluation order. */
  readonly index: number;
  readonly flagKey: string;
  readonly environmentKey: string;
}

export interface FlagContents {
  /** Variation id → key (its name or id when it has no key). */
  readonly variations: Map<string, string>;
  readonly rules: Map<string, RulePlace>;
}

export const emptyFlagContents = (): FlagContents => ({ variations: new Map(), rules: new Map() });

/** Adds what one full list item holds. */
export function addFlagContents(contents: FlagContents, flag: FlagListItem): void {
  const flagKey = flag.key ?? flag.id;
  for (const variation of flag.variations ?? [])
    contents.variations.set(variation.id, variation.key ?? variation.name ?? variation.id);
  for (const configuration of flag.environments ?? []) {
    configuration.rules.forEach((rule, index) => {
      contents.rules.set(rule.id, {
        description: rule.description,
        index,
        flagKey,
        environmentKey: configuration.environmentKey ?? configuration.environmentId,
      });
    });
  }
}

/** "Germany", or where a rule without a description is: "rule 2 of new-checkout in staging". */
export function ruleLabel(rule: RulePlace): string {
  return rule.description ?? `rule ${rule.index + 1} of ${rule.flagKey} in ${rule.environmentKey}`;
}

export interface FlagScan {
  /** `search` of the flag list (§8), to read fewer flags when the keys looked for are known. */
  readonly search?: string;
  /** Pages read at most; the scan stops earlier once `found` says so. */
  readonly maxPages: number;
  readonly signal?: AbortSignal;
}

/**
 * Reads the project's flags into `contents` page by page, until `found()` is true, the list ends or
 * `maxPages` are read.
 */
export async function readFlagContents(
  client: FlagplaneClient,
  org: string,
  project: string,
  contents: FlagContents,
  found: () => boolean,
  { search, maxPages, signal }: FlagScan,
): Promise<void> {
  let cursor: string | undefined;
  for (let read = 0; read < maxPages && !found(); read++) {
    const page = await client.flags.list(
      org,
      project,
      { view: 'full', limit: 200, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) },
      { signal },
    );
    for (const flag of page.items) addFlagContents(contents, flag);
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}
