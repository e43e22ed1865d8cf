/**
 * The one validator of a desired state, used by the CLI before any request and by the CDKTF constructs at
 * synth time: the schema and the cross-references, every problem at once, in document order.
 */
import * as z from 'zod';
import { crossReferenceProblems } from './cross-reference-problems.js';
import { type DesiredStateProblem, inDocumentOrder } from './desired-state-problem.js';
import { DesiredState } from './desired-state-schema.js';
import { asArray, asObject, objectsIn } from './lenient-view.js';
import { schemaProblems } from './schema-problems.js';

export type DesiredStateValidation =
  | { readonly state: DesiredState; readonly problems?: undefined }
  | { readonly state?: undefined; readonly problems: readonly DesiredStateProblem[] };

export function validateDesiredState(input: unknown): DesiredStateValidation {
  const parsed = parserFor(input).safeParse(input);
  const problems = [
    ...(parsed.success ? [] : schemaProblems(DesiredState, parsed.error.issues, input)),
    ...crossReferenceProblems(input),
  ];
  if (problems.length > 0) return { problems: inDocumentOrder(dedupe(problems), input) };
  if (!parsed.success) throw new Error('unreachable: a failed parse always yields problems');
  return { state: parsed.data };
}

/**
 * zod can compile a schema into a parser of its own (`z.compile`: same results, same issues, since it
 * hands whatever it rejects or cannot model to the runtime parser), about twice as fast on a large
 * document. Compiling costs about what the runtime parser spends on 500 flags (measured on a 1,000-flag
 * CDKTF stack: 37 ms parsed at run time, 24 ms compiled and parsed), so only a larger document uses it,
 * compiled once per process.
 */
const compileAboveFlags = 500;
let compiledDesiredState: typeof DesiredState | undefined;

function parserFor(input: unknown): typeof DesiredState {
  const flags = objectsIn(asObject(input)?.projects).reduce(
    (count, [, project]) => count + asArray(project.flags).length,
    0,
  );
  if (flags <= compileAboveFlags) return DesiredState;
  compiledDesiredState ??= z.compile(DesiredState);
  return compiledDesiredState;
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
