/**
 * Runs a plan's steps, each as soon as the steps it depends on are done, at most `concurrency` at a time.
 * A failed step stops only what depends on it (transitively); independent work finishes, and the result
 * says what was done, what failed and what was skipped because of it. Re-running converges: a done step
 * is simply absent from the next plan.
 */
import type { PlannedChange, PlanStep, StepContext } from '../plan/plan.js';

export interface StepFailure {
  readonly id: string;
  readonly error: string;
}

export interface StepSkip {
  readonly id: string;
  /** The failed step this one depended on. */
  readonly because: string;
}

export interface ExecutionResult {
  readonly done: readonly string[];
  readonly failed: readonly StepFailure[];
  readonly skipped: readonly StepSkip[];
}

export interface ExecutionObserver {
  started?(change: PlannedChange): void;
  finished?(change: PlannedChange, outcome: 'done' | 'failed' | 'skipped', detail?: string): void;
}

export async function executePlan(
  steps: readonly PlanStep[],
  context: StepContext,
  options: { readonly concurrency: number; readonly observer?: ExecutionObserver },
): Promise<ExecutionResult> {
  const done: string[] = [];
  const failed: StepFailure[] = [];
  const skipped: StepSkip[] = [];
  const outcome = new Map<string, 'done' | 'failed' | 'skipped'>();
  const blockedBy = new Map<string, string>();
  const pending = new Map(steps.map((step) => [step.change.id, step]));
  const running = new Set<Promise<void>>();

  const known = new Set(steps.map((step) => step.change.id));
  const ready = () =>
    [...pending.values()].filter((step) =>
      step.change.dependsOn.every((id) => outcome.get(id) === 'done' || !known.has(id)),
    );

  const skipBlocked = () => {
    let changed = true;
    while (changed) {
      changed = false;
      for (const step of pending.values()) {
        const blocker = step.change.dependsOn.find(
          (id) => outcome.get(id) === 'failed' || outcome.get(id) === 'skipped',
        );
        if (!blocker) continue;
        const root = blockedBy.get(blocker) ?? blocker;
        pending.delete(step.change.id);
        outcome.set(step.change.id, 'skipped');
        blockedBy.set(step.change.id, root);
        skipped.push({ id: step.change.id, because: root });
        options.observer?.finished?.(step.change, 'skipped', `because ${root} failed`);
        changed = true;
      }
    }
  };

  const start = (step: PlanStep) => {
    pending.delete(step.change.id);
    options.observer?.started?.(step.change);
    const task = step
      .run(context)
      .then(
        () => {
          outcome.set(step.change.id, 'done');
          done.push(step.change.id);
          options.observer?.finished?.(step.change, 'done');
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          outcome.set(step.change.id, 'failed');
          failed.push({ id: step.change.id, error: message });
          options.observer?.finished?.(step.change, 'failed', message);
        },
      )
      .finally(() => running.delete(task));
    running.add(task);
  };

  for (;;) {
    skipBlocked();
    for (const step of ready()) {
      if (running.size >= options.concurrency) break;
      start(step);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  // Anything left waits on a step that never ran: a dependency cycle, which the planners never build.
  for (const step of pending.values())
    skipped.push({ id: step.change.id, because: 'an unsatisfiable dependency' });
  return { done, failed, skipped };
}
