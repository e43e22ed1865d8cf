/**
 * Rules that need stored state (a variation of this flag, a segment of this project) are checked after
 * the contract's schema, but they answer the same 400 as a schema failure: every problem at once, under
 * its dotted body path, so a client fixes a whole request in one round trip.
 */
import { validationFailed } from './api-error.js';

export interface FieldProblem {
  /** Dotted path into the body (`rules.2.variationId`). */
  readonly field: string;
  readonly message: string;
}

/** Throws one `validation_failed` naming every problem; does nothing when there is none. */
export function refuseOnProblems(problems: readonly FieldProblem[]): void {
  const [first] = problems;
  if (!first) return;
  const fields: Record<string, string[]> = {};
  for (const problem of problems) {
    fields[problem.field] = [...(fields[problem.field] ?? []), problem.message];
  }
  const others = Object.keys(fields).length - 1;
  // Worded like the contract's schema failures, so both kinds of 400 read alike.
  const more = others > 0 ? ` (and ${others} more)` : '';
  throw validationFailed(`Invalid request: ${first.field}: ${first.message}${more}.`, { fields });
}
