/**
 * §20: the environments whose configuration of a flag a declaration reconciles, which its
 * `managedBy.environments` lists. Every environment a project's declaration lists (for a project managed
 * elsewhere: the ones it names), including those the flag leaves out: the engine disables a flag in an
 * environment it does not configure, so a change made there by hand is reverted too.
 *
 * One order for every path that writes the list (`flagplane -f`, `--synth`, the constructs' provisioners),
 * so they write the same list and a re-apply by another path writes nothing: the project's order (§6: by
 * `sortOrder`, then key), with an environment that gives no `sortOrder` at its position in the list, as the
 * engine creates it.
 */
import { compareKeys } from '../format-rules.js';
export function reconciledEnvironmentKeys(
  environments: readonly { readonly key: string; readonly sortOrder?: number | undefined }[],
): string[] {
  return environments
    .map((environment, position) => ({ key: environment.key, order: environment.sortOrder ?? position }))
    .sort((a, b) => a.order - b.order || compareKeys(a, b))
    .map((environment) => environment.key);
}
