/**
 * Puts each problem of the desired state on the construct it comes from, in the construct's own words:
 * `[stack/Flags/Checkout] configure(production).rules[0].variation: unknown variation "ture"; did you
 * mean "true"?` rather than a path into a document the user never wrote.
 */
import { type DesiredStateProblem, formatPath, type PathSegment } from '@flagplane/contract/desired-state';
import type { IConstruct } from 'constructs';
import type { Assembly } from './desired-state-assembly.js';

export function problemsByConstruct(
  assembly: Assembly,
  problems: readonly DesiredStateProblem[],
  fallback: IConstruct,
): Map<IConstruct, string[]> {
  const byConstruct = new Map<IConstruct, string[]>();
  const add = (construct: IConstruct, message: string) => {
    const list = byConstruct.get(construct) ?? [];
    list.push(message);
    byConstruct.set(construct, list);
  };
  for (const problem of problems) {
    if (assembly.explained.has(problem.path)) continue;
    const { construct, rest } = owner(assembly, problem.segments, fallback);
    const message = rewritePaths(assembly, problem.message);
    add(construct, rest.length === 0 ? message : `${constructWords(rest)}: ${message}`);
  }
  for (const { construct, message } of assembly.constructProblems) add(construct, message);
  return byConstruct;
}

function owner(
  assembly: Assembly,
  segments: readonly PathSegment[],
  fallback: IConstruct,
): { construct: IConstruct; rest: readonly PathSegment[] } {
  for (let length = segments.length; length > 0; length--) {
    const construct = assembly.locations.get(formatPath(segments.slice(0, length)));
    if (construct) return { construct, rest: segments.slice(length) };
  }
  return { construct: fallback, rest: segments };
}

/** `environments.production.rules[0]` of a flag is what `flag.configure(production, { rules })` declared. */
function constructWords(rest: readonly PathSegment[]): string {
  if (rest[0] === 'environments' && typeof rest[1] === 'string') {
    const inner = formatPath(rest.slice(2));
    return `configure(${rest[1]})${inner === '' ? '' : `.${inner}`}`;
  }
  return formatPath(rest);
}

/** "duplicate flag key (also at projects[0].flags[0])": name the construct instead. */
function rewritePaths(assembly: Assembly, message: string): string {
  return message.replace(/projects\[\d+\](?:\.(?:environments|segments|flags|sdkKeys)\[\d+\])?/g, (found) => {
    const construct = assembly.locations.get(found);
    return construct ? construct.node.path : found;
  });
}
