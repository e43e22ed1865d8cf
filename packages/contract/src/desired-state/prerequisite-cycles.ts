/** Cycles of prerequisites within one environment: the API refuses them, so the file must not hold one. */
import { type DesiredStateProblem, problemAt } from './desired-state-problem.js';
import type { PrerequisiteEdges } from './flag-references.js';

/** Each cycle once, as the flag keys along it with the first repeated at the end (`a → b → a`). */
export function prerequisiteCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seenCycles = new Set<string>();
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];

  const visit = (flag: string): void => {
    state.set(flag, 'visiting');
    stack.push(flag);
    for (const next of edges.get(flag) ?? []) {
      if (state.get(next) === 'visiting') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const identity = [...new Set(cycle)].sort().join('\u0000');
        if (!seenCycles.has(identity)) {
          seenCycles.add(identity);
          cycles.push(cycle);
        }
      } else if (!state.has(next) && edges.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(flag, 'done');
  };

  for (const flag of edges.keys()) if (!state.has(flag)) visit(flag);
  return cycles;
}

/** One problem per cycle, placed on the prerequisite entry that starts it. */
export function prerequisiteCycleProblems(edges: PrerequisiteEdges): DesiredStateProblem[] {
  const problems: DesiredStateProblem[] = [];
  for (const [environmentKey, byFlag] of edges) {
    // A flag that needs nothing cannot be on a cycle: the graph leaves it out (most flags, in a large
    // document), which changes neither the cycles found nor the order they are found in.
    const graph = new Map<string, string[]>();
    for (const [flag, needs] of byFlag) {
      const needed = needs.map((need) => need.flag);
      if (needed.length > 0) graph.set(flag, needed);
    }
    for (const cycle of prerequisiteCycles(graph)) {
      const [first, second] = cycle;
      const entry = byFlag.get(first ?? '')?.find((need) => need.flag === second);
      if (!entry) continue;
      const message =
        cycle.length === 2
          ? 'a flag cannot be its own prerequisite'
          : `prerequisite cycle in environment "${environmentKey}": ${cycle.join(' → ')}`;
      problems.push(problemAt([...entry.path, 'flag'], message));
    }
  }
  return problems;
}
