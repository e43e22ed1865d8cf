/**
 * The one validator of a desired state, used by the CLI before any request and by the CDKTF constructs at
 * synth time: the schema and the cross-references, every problem at once, in document order.
 */
import { crossReferenceProblems } from './cross-reference-problems.js';
import { type DesiredStateProblem, inDocumentOrder } from './desired-state-problem.js';
import { DesiredState } from './desired-state-schema.js';
import { schemaProblems } from './schema-problems.js';

export type DesiredStateValidation =
  | { readonly state: DesiredState; readonly problems?: undefined }
  | { readonly state?: undefined; readonly problems: readonly DesiredStateProblem[] };

export function validateDesiredState(input: unknown): DesiredStateValidation {
  const parsed = DesiredState.safeParse(input);
  const problems = [
    ...(parsed.success ? [] : schemaProblems(DesiredState, parsed.error.issues, input)),
    ...crossReferenceProblems(input),
  ];
  if (problems.length > 0) return { problems: inDocumentOrder(dedupe(problems), input) };
  if (!parsed.success) throw new Error('unreachable: a failed parse always yields problems');
  return { state: parsed.data };
}

/** The schema and the cross-references may both notice one thing (a duplicate variation key). */
function dedupe(problems: readonly DesiredStateProblem[]): DesiredStateProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const identity = `${problem.path}\u0000${problem.message}`;
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}
