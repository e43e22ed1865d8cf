/**
 * Where each targeting rule that served a context is (its description, its place in the order), for the
 * playground's reasons: the evaluation answers a rule's id and index only (§21). Read from the project's
 * flags with their configurations (the SDK's `readFlagContents`): for a few flags, each searched by its key, all at
 * once; for more, the project's flags in key order until every rule is found. A rule not found (changed
 * since) shows by its number and short id. A failed read only leaves descriptions out.
 */
import type { EvaluationResults, FlagplaneClient } from '@flagplane/sdk';
import { emptyFlagContents, type RulePlace, readFlagContents } from '@flagplane/sdk/names';

/** At most this many flags are searched one by one; more are read in pages. */
const searchedFlags = 5;
/** Pages of 200 flags read at most: 10,000 flags. */
const maxPages = 50;

export async function rulePlacesOf(
  client: FlagplaneClient,
  org: string,
  project: string,
  results: EvaluationResults,
): Promise<ReadonlyMap<string, RulePlace>> {
  const served = results.items.flatMap((result) =>
    result.reason.kind === 'Rule' && result.reason.ruleId
      ? [{ flagKey: result.flagKey, ruleId: result.reason.ruleId }]
      : [],
  );
  const contents = emptyFlagContents();
  if (served.length === 0) return contents.rules;
  const found = () => served.every(({ ruleId }) => contents.rules.has(ruleId));
  const flagKeys = [...new Set(served.map(({ flagKey }) => flagKey))];
  try {
    if (flagKeys.length <= searchedFlags) {
      await Promise.all(
        flagKeys.map((search) =>
          readFlagContents(client, org, project, contents, found, { search, maxPages: 1 }),
        ),
      );
    }
    if (!found()) await readFlagContents(client, org, project, contents, found, { maxPages });
  } catch {
    // Descriptions decorate the answer; without them a rule shows by its number.
  }
  return contents.rules;
}
