/**
 * A problem found in a desired state, located by a path a person can follow in the file:
 * `projects[0].flags[3].environments.production.rules[1].variation`.
 */
export type PathSegment = string | number;

export interface DesiredStateProblem {
  /** Array positions in brackets, property names and map keys after dots; `""` is the document itself. */
  readonly path: string;
  /** The same path as segments, for tools that map it to a line of the source file. */
  readonly segments: readonly PathSegment[];
  readonly message: string;
}

export function formatPath(segments: readonly PathSegment[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}

export function problemAt(segments: readonly PathSegment[], message: string): DesiredStateProblem {
  return { path: formatPath(segments), segments: [...segments], message };
}

/** `projects[0].key: must not be empty`, or the message alone for the document as a whole. */
export function formatProblem(problem: Pick<DesiredStateProblem, 'path' | 'message'>): string {
  return problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`;
}

/** `; did you mean "true"?`, or nothing when there is no close candidate. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return '';
  return `; did you mean ${suggestions.map((suggestion) => `"${suggestion}"`).join(' or ')}?`;
}

/**
 * Problems in the order their places appear in the document (array positions numerically, properties
 * in the order they were written), so a long report reads top to bottom like the file.
 */
export function inDocumentOrder(
  problems: readonly DesiredStateProblem[],
  document: unknown,
): DesiredStateProblem[] {
  const positioned = problems.map((problem, order) => ({
    problem,
    order,
    position: positionOf(problem.segments, document),
  }));
  positioned.sort((a, b) => comparePositions(a.position, b.position) || a.order - b.order);
  return positioned.map((entry) => entry.problem);
}

function positionOf(segments: readonly PathSegment[], document: unknown): number[] {
  const position: number[] = [];
  let current = document;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      position.push(segment);
    } else {
      const keys = current !== null && typeof current === 'object' ? Object.keys(current) : [];
      const index = keys.indexOf(segment);
      position.push(index === -1 ? Number.MAX_SAFE_INTEGER : index);
    }
    current =
      current !== null && typeof current === 'object'
        ? (current as Record<PathSegment, unknown>)[segment]
        : undefined;
  }
  return position;
}

function comparePositions(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
